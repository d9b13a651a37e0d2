import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ciInstall, PINNED } from '../helpers/ci-package.js';
import { VERSION, integrityOf, makeConfigRepository, replaceTarball } from '../helpers/ci-repository.js';
import { runProcess, type ProcessResult } from '../helpers/process.js';

// examples/ci/install-dsipform.sh, run by bash as every CI template's install step runs it, on what
// it must refuse before npm fetches or installs anything, and installing for real: the run's one
// install (test/helpers/ci-package.ts), which the template tests (test/examples/ci-templates-*.test.ts)
// find in their CI caches.
let dir: string;
let tarball: string;
let integrity: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-ci-install-'));
  integrity = await makeConfigRepository(join(dir, 'repo'), 'vendor/dsipform.tgz');
  tarball = join(dir, 'repo/vendor/dsipform.tgz');
}, 60_000);

/** Runs the install step in the repository with these settings; npm is a stand-in that must not run. */
async function install(env: Record<string, string>, folder = '.dsipform-install', cwd = join(dir, 'repo')): Promise<ProcessResult> {
  const bin = mkdtempSync(join(tmpdir(), 'dsipform-no-npm-'));
  writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "npm ran: $*" >&2\nexit 99\n');
  chmodSync(join(bin, 'npm'), 0o755);
  return runProcess('bash', ['ci/install-dsipform.sh', folder], { cwd, env: { PATH: `${bin}:${process.env.PATH}`, HOME: bin, ...env } });
}

describe('examples/ci/install-dsipform.sh installs the pinned tarball', () => {
  it('for real (npm, no install script of it or its dependencies): says so, and the command it puts on PATH runs', async () => {
    const { install, installLog } = await ciInstall();
    expect(installLog).toMatch(new RegExp(`^dsipform: installed ${VERSION} from ${PINNED.replaceAll('.', '\\.')} \\(sha512-`, 'm'));
    const r = await runProcess(join(install, 'node_modules/.bin/dsipform'), ['--version'], { env: { PATH: process.env.PATH } });
    expect(r.stdout.trim()).toBe(VERSION);
  }, 300_000);
});

describe('examples/ci/install-dsipform.sh refuses what is not pinned, before npm runs', () => {
  it.each([
    [{}, /^error: DSIPFORM_PACKAGE is not set: set it to the dsipform tarball this repository keeps/m],
    [
      { DSIPFORM_PACKAGE: 'vendor/dsipform.tgz' },
      /^error: DSIPFORM_INTEGRITY is not the sha512 integrity of vendor\/dsipform\.tgz \(got ""\)/m,
    ],
    [
      { DSIPFORM_PACKAGE: 'dsipform@0.1.0', DSIPFORM_INTEGRITY: 'sha1-abc' },
      /^error: DSIPFORM_INTEGRITY is not the sha512 integrity of dsipform@0\.1\.0/m,
    ],
    [
      { DSIPFORM_PACKAGE: 'git+https://github.com/netops/dsipform.git#v0.1.0' },
      /^error: DSIPFORM_PACKAGE git\+https:\/\/github\.com\/netops\/dsipform\.git#v0\.1\.0 names no commit: end it with #COMMIT \(40 hex digits\), since a tag or branch can be moved/m,
    ],
    [{ DSIPFORM_PACKAGE: 'github:netops/dsipform' }, /^error: DSIPFORM_PACKAGE github:netops\/dsipform names no commit/m],
  ])('%j', async (env, message) => {
    const r = await install(env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toContain('npm ran');
  });

  it('a git URL at a full commit is handed to npm (which builds it)', async () => {
    const url = `git+https://github.com/netops/dsipform.git#${'0123456789abcdef'.repeat(2)}01234567`;
    const r = await install({ DSIPFORM_PACKAGE: url }, '.git-install');
    expect(r.code).toBe(99);
    expect(r.stderr).toContain(`npm ran: pack ${url} --pack-destination ${join(dir, 'repo/.git-install/fetched')}`);
  });

  it('a tarball whose integrity is not the pinned one is refused, and nothing is left installed', async () => {
    const other = join(dir, 'repo/vendor/other.tgz');
    cpSync(tarball, other);
    await replaceTarball(other, "console.log('not the pinned dsipform');");
    const r = await install({ DSIPFORM_PACKAGE: 'vendor/other.tgz', DSIPFORM_INTEGRITY: integrity });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^error: the tarball of vendor/other\\.tgz has integrity ${integrityOf(other).replace(/[+/]/g, '\\$&')}, but DSIPFORM_INTEGRITY pins ${integrity.replace(/[+/]/g, '\\$&')}: it is not the package that was pinned, and nothing was installed`,
        'm',
      ),
    );
    expect(r.stderr).not.toContain('npm ran');
    expect(existsSync(join(dir, 'repo/.dsipform-install'))).toBe(false);
  });

  it('a cached install is used only for the same two settings', async () => {
    // What a cache restored: an install of other settings, whose dsipform is not this one.
    const cached = join(dir, 'repo/.cached');
    mkdirSync(join(cached, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(cached, 'node_modules/.bin/dsipform'), '#!/bin/sh\necho cached\n');
    chmodSync(join(cached, 'node_modules/.bin/dsipform'), 0o755);
    writeFileSync(join(cached, 'install-dsipform'), '');
    writeFileSync(join(cached, 'pins'), `vendor/dsipform.tgz ${integrity}\n`);
    const same = await install({ DSIPFORM_PACKAGE: 'vendor/dsipform.tgz', DSIPFORM_INTEGRITY: integrity }, '.cached');
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toBe(`${join(cached, 'node_modules/.bin')}\n`);
    expect(same.stderr).toBe('dsipform: using the one installed in .cached from vendor/dsipform.tgz\n');

    writeFileSync(join(cached, 'pins'), 'vendor/old.tgz sha512-old\n');
    const other = await install({ DSIPFORM_PACKAGE: 'vendor/dsipform.tgz', DSIPFORM_INTEGRITY: integrity }, '.cached');
    expect(other.code).toBe(99); // installs anew: npm runs
    expect(other.stderr).toContain('npm ran: install --no-save --no-package-lock --ignore-scripts');
    expect(existsSync(join(cached, 'node_modules/.bin/dsipform'))).toBe(false);
  });

  it('never empties a folder it did not make', async () => {
    const r = await install({ DSIPFORM_PACKAGE: 'vendor/dsipform.tgz', DSIPFORM_INTEGRITY: integrity }, 'vendor');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: vendor holds files this script did not install: give it a folder of its own, such as \.dsipform-install$/m,
    );
    expect(existsSync(tarball)).toBe(true);
  });
});
