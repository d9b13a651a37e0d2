import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { selfSignedCertificate } from '../../src/tls/self-signed.js';
import { startEmulatorProcess, type EmulatorProcess } from './cli.js';
import { TEST_PROFILE } from './emulator.js';
import { runProcess } from './process.js';

import { CI_EXAMPLES, VERSION, ciTarball, integrityOf } from './ci-package.js';

export { CI_EXAMPLES, VERSION, integrityOf };

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
  // The run's one `npm pack` of this checkout (test/helpers/ci-package.ts), as a release is made.
  mkdirSync(join(repository, dirname(tarball)), { recursive: true });
  cpSync((await ciTarball()).tarball, join(repository, tarball));
  return integrityOf(join(repository, tarball));
}

/**
 * The repository of the targets variants: as {@link makeConfigRepository}'s, with
 * examples/ci/dsipform.targets.yaml at its root, each target's URL that of the platform of its name
 * (the edit a team makes), and `ci/platforms-ca.pem`, a bundle of the platforms' certificates.
 */
export async function makeTargetsRepository(repository: string, tarball: string, platforms: Record<string, TlsPlatform>): Promise<string> {
  const integrity = await makeConfigRepository(repository, tarball);
  let targets = readFileSync(join(CI_EXAMPLES, 'dsipform.targets.yaml'), 'utf8');
  for (const [name, platform] of Object.entries(platforms)) {
    targets = targets.replace(new RegExp(`(\\n  ${name}:\\n    url: )\\S+`), `$1${platform.url}`);
  }
  expect(targets).not.toMatch(/example\.com/);
  writeFileSync(join(repository, 'dsipform.targets.yaml'), targets);
  writeFileSync(
    join(repository, 'ci/platforms-ca.pem'),
    Object.values(platforms)
      .map((p) => readFileSync(p.ca, 'utf8'))
      .join(''),
  );
  return integrity;
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

/** A platform served over HTTPS with a self-signed certificate (`ca`, its PEM), its state saved in `data`. */
export interface TlsPlatform extends EmulatorProcess {
  readonly ca: string;
  /** The emulator's saved state: what was written to the platform, passwords included. */
  readonly data: string;
}

/**
 * Starts an emulator process over HTTPS with a self-signed certificate for 127.0.0.1 named `name`
 * (at `DATA.cert.pem`), and `--data DATA`, so that what apply wrote (carrier-group passwords too)
 * can be read back. Platforms of one bundle need names of their own: TLS looks a certificate's
 * issuer up by its name.
 */
export async function startTlsPlatform(data: string, token: string, name = 'dsip.example.com'): Promise<TlsPlatform> {
  const pem = await selfSignedCertificate({
    commonName: name,
    altNames: [{ type: 'ip', value: '127.0.0.1' }],
    backdateMs: 60_000,
    validForMs: 86_400_000,
  });
  const ca = `${data}.cert.pem`;
  writeFileSync(ca, pem.cert);
  writeFileSync(`${data}.key.pem`, pem.key, { mode: 0o600 });
  const args = ['--profile', TEST_PROFILE, '--tls-cert', ca, '--tls-key', `${data}.key.pem`, '--data', data];
  const emulator = await startEmulatorProcess(args, { DSIP_TOKEN: token });
  return Object.assign(emulator, { ca, data });
}

/**
 * `text` (a plan or report) with the folders it was made in left out: a job's workspace
 * (`dsipform-gha-…`, `dsipform-glci-…`) and the test's `repository`. A job runs in a workspace of its
 * own and names its files relative to it, so its plan and one the test makes from the repository
 * compare as the same text once both are relative.
 */
export function withoutFolders(text: string | undefined, repository: string): string | undefined {
  return text?.replaceAll(`${repository}/`, '').replace(/\/[^\s`()]*\/dsipform-(?:gha|glci)-[A-Za-z0-9]+\//g, '');
}
