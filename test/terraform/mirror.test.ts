import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { providerWrapper } from '../../src/cli/terraform-mirror.js';
import { runProcess, type ProcessResult } from '../helpers/process.js';
import { hasTerraform } from '../helpers/terraform.js';

// `dsipform terraform-mirror` run by the BUILT CLI (dist/, from `npm run build`) of two installs of
// this package at different paths, as two machines (or two checkouts) would have it.
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ADDRESS = join('registry.terraform.io', 'dsipform', 'dsiprouter');

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<ProcessResult> {
  return runProcess(command, args, { cwd, env });
}

/** A copy of the published files (package.json, bin, dist, schemas) at `dir`, its dependencies linked. */
function install(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const part of ['package.json', 'bin', 'dist', 'schemas']) cpSync(join(REPO, part), join(dir, part), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** sha256 of every file under dir, by relative path. */
function hashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

let base = '';
let installs: { a: string; b: string };
const mirrors = { a: '', b: '' };
const configs = { a: '', b: '' };
beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'dsipform-mirror-'));
  installs = {
    a: install(join(base, 'alice', 'checkout', 'dsipform')),
    b: install(join(base, 'bob', 'w', 'x', 'node_modules', 'dsipform')),
  };
  for (const who of ['a', 'b'] as const) {
    mirrors[who] = join(base, `mirror-${who}`);
    const r = await run(process.execPath, [join(installs[who], 'bin', 'dsipform.js'), 'terraform-mirror', mirrors[who]], base, {
      PATH: process.env.PATH,
    });
    expect(r.code, r.stderr).toBe(0);
    configs[who] = join(base, `${who}.tfrc`);
    writeFileSync(configs[who], r.stdout);
  }
}, 60_000);
afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('dsipform terraform-mirror', () => {
  it('writes byte-identical provider packages from installs at different paths', () => {
    const [a, b] = [hashes(mirrors.a), hashes(mirrors.b)];
    expect(Object.keys(a)).toContain(join(ADDRESS, 'terraform-provider-dsiprouter_0.1.0_linux_amd64.zip'));
    expect(Object.keys(a)).toContain(join(ADDRESS, 'terraform-provider-dsiprouter_0.1.0_darwin_arm64.zip'));
    expect(b).toEqual(a);
    const zip = readFileSync(join(mirrors.a, ADDRESS, 'terraform-provider-dsiprouter_0.1.0_linux_amd64.zip'), 'latin1');
    for (const machineSpecific of [base, process.execPath, REPO]) expect(zip).not.toContain(machineSpecific);
  });

  it('prints a CLI configuration that uses the mirror and says how to lock it offline', () => {
    const text = readFileSync(configs.b, 'utf8');
    expect(text).toContain(`path    = ${JSON.stringify(mirrors.b)}`);
    expect(text).toContain(`terraform providers lock -fs-mirror=${mirrors.b} -platform=`);
  });

  it('replaces the unpacked layout an earlier release wrote for this version (Terraform would see the version twice)', async () => {
    const mirror = join(base, 'mirror-old');
    const old = join(mirror, ADDRESS, '0.1.0', 'linux_amd64');
    mkdirSync(old, { recursive: true });
    writeFileSync(
      join(old, 'terraform-provider-dsiprouter_v0.1.0'),
      '#!/bin/sh\nexec "/old/node" "/old/checkout/bin/terraform-provider-dsiprouter.js"\n',
    );
    const r = await run(process.execPath, [join(installs.a, 'bin', 'dsipform.js'), 'terraform-mirror', mirror], base, {
      PATH: process.env.PATH,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(hashes(mirror)).toEqual(hashes(mirrors.a));
  });

  describe('the packaged script, run as Terraform runs it', () => {
    let script = '';
    beforeAll(() => {
      const text = providerWrapper('0.1.0');
      expect(
        readFileSync(join(mirrors.a, ADDRESS, 'terraform-provider-dsiprouter_0.1.0_linux_amd64.zip')).includes(Buffer.from(text)),
      ).toBe(true);
      script = join(base, 'wrapper.sh');
      writeFileSync(script, text);
    });
    const start = (cwd: string, env: NodeJS.ProcessEnv) => run('sh', [script], cwd, { PATH: process.env.PATH, ...env });
    // Without Terraform's magic cookie the provider says it is a plugin: proof that it was started.
    const STARTED = /This binary is a plugin for Terraform/;

    it('finds dsipform in an npm global prefix beside a PATH entry', async () => {
      const prefix = join(base, 'prefix');
      mkdirSync(join(prefix, 'bin'), { recursive: true });
      mkdirSync(join(prefix, 'lib', 'node_modules'), { recursive: true });
      symlinkSync(installs.a, join(prefix, 'lib', 'node_modules', 'dsipform'), 'dir');
      const r = await start(base, { PATH: `${join(prefix, 'bin')}:${process.env.PATH}` });
      expect(r.stdout + r.stderr).toMatch(STARTED);
    });

    it('prefers DSIPFORM_HOME, and refuses one that is not this version', async () => {
      const ok = await start(base, { DSIPFORM_HOME: installs.b });
      expect(ok.stdout + ok.stderr).toMatch(STARTED);
      const other = join(base, 'other');
      mkdirSync(join(other, 'bin'), { recursive: true });
      writeFileSync(join(other, 'bin', 'terraform-provider-dsiprouter.js'), '');
      writeFileSync(join(other, 'package.json'), '{\n  "name": "dsipform",\n  "version": "9.9.9"\n}\n');
      // From inside Bob's project, where the upward search would find his install: DSIPFORM_HOME comes first.
      const r = await start(join(base, 'bob', 'w', 'x'), { DSIPFORM_HOME: other });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(
        `terraform-provider-dsiprouter: DSIPFORM_HOME (${other}) is not the directory of dsipform 0.1.0 (package.json, bin/terraform-provider-dsiprouter.js): point it at dsipform 0.1.0, or unset it.\n`,
      );
    });

    it('says on stdout (the line Terraform shows) what it searched when it finds nothing', async () => {
      const r = await start(base, {});
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(
        new RegExp(
          `^terraform-provider-dsiprouter: cannot find dsipform 0\\.1\\.0, .*node_modules/dsipform in ${base} and above.*set DSIPFORM_HOME to its directory\\.\n$`,
        ),
      );
    });
  });

  it.each([
    ['below a file', () => join(configs.a, 'mirror')],
    ['under /proc (where Node 20 recursive mkdir never returns)', () => '/proc/dsipform-no-such-dir/mirror'],
  ])(
    'refuses a mirror directory it cannot create (%s) with a coded error',
    async (_case, dir) => {
      const r = await run(process.execPath, [join(installs.a, 'bin', 'dsipform.js'), 'terraform-mirror', dir()], base, {
        PATH: process.env.PATH,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error \(MIRROR_DIR_UNWRITABLE\): cannot create the mirror directory \/\S+ \((ENOTDIR|ENOENT)\)\nhint: /);
      expect(r.stderr).toContain(`the mirror directory ${dir()} (`);
      expect(r.stdout).toBe('');
    },
    20_000,
  );

  // One real-terraform test: the lock file a team commits (made from Alice's mirror) verifies against
  // Bob's mirror, and the provider Terraform unpacked finds Bob's dsipform at run time.
  it.skipIf(!hasTerraform)(
    'a lock file made by `terraform providers lock -fs-mirror` on one install verifies on the other, and the provider runs',
    async () => {
      let emu: RunningEmulator | undefined;
      try {
        emu = await startEmulator({ port: 0, token: 'mirror-test-token-0123456789' });
        const project = join(base, 'bob', 'w', 'x', 'stack');
        mkdirSync(project, { recursive: true });
        writeFileSync(
          join(project, 'main.tf'),
          'terraform {\n  required_providers {\n    dsiprouter = { source = "dsipform/dsiprouter" }\n  }\n}\n' +
            'provider "dsiprouter" {}\ndata "dsiprouter_proxy_stats" "now" {}\noutput "counters" { value = length(data.dsiprouter_proxy_stats.now.counters) > 0 }\n',
        );
        const env = { PATH: process.env.PATH, HOME: base, CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1', NO_COLOR: '1' };
        const alice = { ...env, TF_CLI_CONFIG_FILE: configs.a };
        const lock = await run(
          'terraform',
          ['providers', 'lock', `-fs-mirror=${mirrors.a}`, '-platform=linux_amd64', '-platform=darwin_arm64'],
          project,
          alice,
        );
        expect(lock.code, lock.stderr).toBe(0);
        expect(readFileSync(join(project, '.terraform.lock.hcl'), 'utf8')).toMatch(/hashes = \[\n\s+"h1:[^"]+",\n\s+\]/);

        // Bob: his own mirror and CLI config; no DSIPFORM_HOME: the provider finds
        // bob/w/x/node_modules/dsipform above the working directory.
        const bob = { ...env, TF_CLI_CONFIG_FILE: configs.b, DSIP_URL: emu.url, DSIP_TOKEN: emu.token };
        const init = await run('terraform', ['init', '-input=false', '-no-color'], project, bob);
        expect(init.code, init.stdout + init.stderr).toBe(0);
        expect(init.stdout).toMatch(/Installing dsipform\/dsiprouter v0\.1\.0/);
        expect(init.stdout).not.toMatch(/does not match|checksum/i);
        const apply = await run('terraform', ['apply', '-auto-approve', '-input=false', '-no-color'], project, bob);
        expect(apply.code, apply.stdout + apply.stderr).toBe(0);
        expect(apply.stdout).toMatch(/counters = true/);
      } finally {
        await emu?.close();
      }
    },
    180_000,
  );
});
