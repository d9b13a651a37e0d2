import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { startEmulatorProcess, type EmulatorProcess } from './cli.js';
import { TEST_PROFILE } from './emulator.js';
import { REPO } from './packed-app.js';
import { runProcess } from './process.js';

/** examples/ci/, the templates and what they work on. */
export const CI_EXAMPLES = join(REPO, 'examples/ci');

/** This checkout's version: the tarball the templates pin must be of it. */
export const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Makes the repository a team keeps its configuration in, as examples/ci/README.md sets it up:
 * `config/` (a copy of the example's), the install script at `ci/install-dsipform.sh`, and this
 * checkout packed by `npm pack` (as a release is) at `tarball`, the path the template's
 * DSIPFORM_PACKAGE names. Returns the tarball's integrity, the value DSIPFORM_INTEGRITY pins.
 */
export async function makeConfigRepository(repository: string, tarball: string): Promise<string> {
  cpSync(join(CI_EXAMPLES, 'config'), join(repository, 'config'), { recursive: true });
  mkdirSync(join(repository, 'ci'), { recursive: true });
  cpSync(join(CI_EXAMPLES, 'install-dsipform.sh'), join(repository, 'ci/install-dsipform.sh'));
  const into = join(repository, dirname(tarball));
  mkdirSync(into, { recursive: true });
  // Its own npm cache, so that nothing is written outside the test's folder.
  const env = { ...process.env, npm_config_cache: join(repository, '..', 'npm-cache') };
  const packed = await runProcess('npm', ['pack', '--ignore-scripts', '--offline', '--json', '--pack-destination', into], {
    cwd: REPO,
    env,
  });
  expect(packed.code, packed.stderr).toBe(0);
  const made = join(into, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
  if (made !== join(repository, tarball)) renameSync(made, join(repository, tarball));
  return integrityOf(join(repository, tarball));
}

/**
 * Replaces the tarball at `file` by another well-formed package of the same name, whose command
 * runs `code` first: what someone who can write to the repository (or its cache) could put there.
 */
export async function replaceTarball(file: string, code: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dsipform-tarball-'));
  const untar = await runProcess('tar', ['-xzf', file, '-C', work]);
  expect(untar.code, untar.stderr).toBe(0);
  const bin = join(work, 'package/bin/dsipform.js');
  const text = readFileSync(bin, 'utf8');
  writeFileSync(bin, text.replace(/\n/, `\n${code}\n`));
  const tar = await runProcess('tar', ['-czf', file, '-C', work, 'package']);
  expect(tar.code, tar.stderr).toBe(0);
}

/** The sha512 integrity of a file, as npm writes it (`sha512-<base64>`). */
export function integrityOf(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** A platform served over HTTPS with a self-signed certificate (`ca`, its PEM), its state saved in `data`. */
export interface TlsPlatform extends EmulatorProcess {
  readonly ca: string;
  /** The emulator's saved state: what was written to the platform, passwords included. */
  readonly data: string;
}

/**
 * Starts an emulator process with `--tls` and `--data DATA`, so that its certificate is at
 * `DATA.cert.pem` and what apply wrote (carrier-group passwords too) can be read back from DATA.
 */
export async function startTlsPlatform(data: string, token: string): Promise<TlsPlatform> {
  const emulator = await startEmulatorProcess(['--profile', TEST_PROFILE, '--tls', '--data', data], { DSIP_TOKEN: token });
  const ca = `${data}.cert.pem`;
  for (let i = 0; i < 50 && !existsSync(ca); i++) await sleep(100);
  expect(existsSync(ca), emulator.output.stderr).toBe(true);
  return Object.assign(emulator, { ca, data });
}
