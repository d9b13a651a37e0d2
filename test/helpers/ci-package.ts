import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, inject } from 'vitest';
import { REPO } from './packed-app.js';
import { copyTree, runProcess } from './process.js';

/** examples/ci/, the templates and what they work on. */
export const CI_EXAMPLES = join(REPO, 'examples/ci');

/** This checkout's version: the tarball the templates pin must be of it. */
export const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

/** The sha512 integrity of a file, as npm writes it (`sha512-<base64>`). */
export function integrityOf(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder test/setup/ci-package.ts made for this vitest run. */
    ciPackageDir: string;
  }
}

/** This checkout packed once per vitest run (`npm pack`, as a release is made), shared by the CI tests. */
export interface CiTarball {
  /** The tarball, at the path the templates pin ({@link PINNED}) in a repository of its own. */
  readonly tarball: string;
  /** Its sha512 integrity, as `npm pack --json` prints it. */
  readonly integrity: string;
}

/** {@link CiTarball}, installed once per run by examples/ci/install-dsipform.sh as the templates' install step does. */
export interface CiInstall extends CiTarball {
  /** The folder the script installed it into (the templates' `.dsipform-install`). */
  readonly install: string;
  /** What the install script printed on stderr. */
  readonly installLog: string;
}

/** The package path the templates pin (DSIPFORM_PACKAGE); the shared install is made with it, so its pins match theirs. */
export const PINNED = `vendor/dsipform-${VERSION}.tgz`;

const LOCK_WAIT_MS = 300_000;

/**
 * `make`'s result, made once per vitest run by the first test file that asks (under a lock in the
 * run's folder: files running at the same time wait for it) and kept there as JSON. A failed attempt
 * leaves no result: the next file tries again, and reports its own failure.
 */
async function once<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  const dir = inject('ciPackageDir');
  const made = join(dir, `${name}.json`);
  const lock = join(dir, `${name}.lock`);
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    if (existsSync(made)) return JSON.parse(readFileSync(made, 'utf8')) as T;
    try {
      mkdirSync(lock);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (Date.now() > until)
        throw new Error(`waited ${LOCK_WAIT_MS / 1000} s for another test file to make the shared ${name}`, { cause: err });
      await sleep(250);
      continue;
    }
    try {
      const value = await make(dir);
      writeFileSync(`${made}.tmp`, JSON.stringify(value));
      renameSync(`${made}.tmp`, made);
      return value;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** The run's one `npm pack` of this checkout. */
export function ciTarball(): Promise<CiTarball> {
  return once('tarball', async (dir) => {
    const vendor = join(dir, 'repo', 'vendor');
    mkdirSync(vendor, { recursive: true });
    // Its own npm cache, so that nothing is written outside the run's folder.
    const env = { ...process.env, npm_config_cache: join(dir, 'npm-cache') };
    const packed = await runProcess('npm', ['pack', '--ignore-scripts', '--offline', '--json', '--pack-destination', vendor], {
      cwd: REPO,
      env,
    });
    expect(packed.code, packed.stderr).toBe(0);
    const tarball = join(dir, 'repo', PINNED);
    const file = join(vendor, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
    if (file !== tarball) renameSync(file, tarball);
    return { tarball, integrity: integrityOf(tarball) };
  });
}

/**
 * The run's one install of the tarball, made as the templates' install step makes it: the script,
 * real npm, no install scripts, from the tarball at the path they pin (so its `pins` are theirs).
 */
export function ciInstall(): Promise<CiInstall> {
  return once('install', async (dir) => {
    const packed = await ciTarball();
    const repository = join(dir, 'repo');
    mkdirSync(join(repository, 'ci'), { recursive: true });
    cpSync(join(CI_EXAMPLES, 'install-dsipform.sh'), join(repository, 'ci/install-dsipform.sh'));
    const installed = await runProcess('bash', ['ci/install-dsipform.sh', '.dsipform-install'], {
      cwd: repository,
      env: { PATH: process.env.PATH, HOME: join(dir, 'home'), DSIPFORM_PACKAGE: PINNED, DSIPFORM_INTEGRITY: packed.integrity },
    });
    expect(installed.code, installed.stderr).toBe(0);
    return { ...packed, install: join(repository, '.dsipform-install'), installLog: installed.stderr };
  });
}

/**
 * Puts the run's install in a CI cache entry (`entry`: the folder a job's cache step restores),
 * as a first job with the same pins would have saved it: the templates' jobs then use it, where
 * each test file used to install dsipform anew in its first job (some 20 s each).
 */
export async function seedInstallCache(entry: string): Promise<void> {
  await copyTree((await ciInstall()).install, entry);
}
