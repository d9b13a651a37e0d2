import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain } from './helpers/in-process.js';
import { scenario } from './helpers/scenario.js';
import { emulatorFixture } from './helpers/emulator.js';
import { runProcess, type ProcessResult } from './helpers/process.js';
import { hasTerraform } from './helpers/terraform.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const example = (p: string) => join(root, 'examples', p);

/** Runs a shell script; resolves to its exit code and output. */
function sh(script: string, cwd: string, env: NodeJS.ProcessEnv, input = ''): Promise<ProcessResult> {
  return runProcess('sh', ['-e', '-c', script], { cwd, env, input });
}

describe('examples/', () => {
  it.each(['basic/platform.yaml', 'lcr/lcr.yaml', 'multi-file', 'leases/leases.yaml', 'routing/routes.yaml'])(
    '%s validates, applies against the emulator and then plans to no changes',
    async (path) => {
      const valid = await runMain(['validate', example(path)]);
      expect(valid.code, valid.stderr).toBe(0);
      const s = await scenario();
      // Lease state goes to the scenario's own directory, never into examples/.
      await s.converge([example(path)], ['--state', join(s.dir, 'state.json')]);
    },
  );

  it('README quick start: apply examples/basic against the built-in emulator', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const command = /npm ci && npx dsipform (apply [^\n#]+?)\s+#/.exec(readme)?.[1];
    expect(command).toBe('apply examples/basic --emulator --auto-approve');
    const r = await runMain(
      command!.split(' ').map((a) => (a === 'examples/basic' ? example('basic') : a)),
      { env: {} },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Apply complete: 4 applied, 0 failed, 0 not attempted\. Proxy reloaded\./);
  });

  it.skipIf(!hasTerraform)(
    'docs/terraform.md quick start runs as written, with only DSIP_URL and DSIP_TOKEN, and plans -input=false to no changes',
    async () => {
      const { emu } = await emulatorFixture();
      const readme = readFileSync(join(root, 'docs', 'terraform.md'), 'utf8');
      const block = /from nothing to `terraform apply`:\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
      const credentials = /export DSIP_URL=\S+ DSIP_TOKEN=\S+/;
      expect(block).toMatch(credentials);
      // As in a fresh clone after `npm ci` (already done here): `npx dsipform` is this checkout's CLI,
      // and the credentials are the emulator's. Everything else runs as written, under `sh -e`.
      const script = block
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('npm ci'))
        .map((line) =>
          line
            .replace(/^npx dsipform /, `node '${join(root, 'bin', 'dsipform.js')}' `)
            .replace(credentials, `export DSIP_URL='${emu.url}' DSIP_TOKEN='${emu.token}'`),
        )
        .join('\n');
      const home = mkdtempSync(join(tmpdir(), 'dsipform-readme-tf-'));
      const clone = join(home, 'clone');
      mkdirSync(join(clone, 'examples'), { recursive: true });
      cpSync(example('terraform'), join(clone, 'examples', 'terraform'), { recursive: true });
      // The clone holds only the example: DSIPFORM_HOME tells the provider where dsipform is (in a
      // real clone it finds the checkout above the demo directory).
      const env = {
        PATH: process.env.PATH,
        HOME: home,
        CHECKPOINT_DISABLE: '1',
        TF_IN_AUTOMATION: '1',
        NO_COLOR: '1',
        DSIPFORM_HOME: root,
      };
      const r = await sh(script, clone, env, 'yes\n');
      expect(r.code, `${script}\n${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/Installing dsipform\/dsiprouter v\d+\.\d+\.\d+/);
      expect(r.stdout).toMatch(/Apply complete! Resources: 5 added, 0 changed, 0 destroyed\./);
      expect(r.stdout + r.stderr).not.toContain(emu.token);

      const again = await sh('terraform plan -input=false -detailed-exitcode -no-color', join(clone, 'demo'), {
        ...env,
        TF_CLI_CONFIG_FILE: join(home, '.dsipform', 'terraform.tfrc'),
        DSIP_URL: emu.url,
        DSIP_TOKEN: emu.token,
      });
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toMatch(/No changes/);
    },
    240_000,
  );
});

/** Pids of live processes whose environment holds `marker` (Linux /proc); what a script left behind. */
function processesMarked(marker: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').includes(marker)) pids.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

// npx links this package into its cache on first use: tens of seconds on a cold cache, hence the timeouts.
describe.skipIf(!existsSync('/proc/self/environ'))('examples/emulator.sh (needs /proc to find what it started)', () => {
  const script = example('emulator.sh');
  const run = (marker: string) =>
    spawn('bash', [script], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', EXAMPLE_MARK: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('prints the counters and leaves no emulator running after it exits', async () => {
    const marker = `emulator-sh-${randomBytes(6).toString('hex')}`;
    const child = run(marker);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    // 'exit', not 'close': an emulator left running would hold the pipes open.
    const [code] = (await once(child, 'exit')) as [number];
    await sleep(200);
    const left = processesMarked(marker);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(code, out).toBe(0);
    expect(out).toMatch(/^counter\s+value$/m);
    expect(left).toEqual([]);
  }, 150_000);

  it('stops its emulator when it is itself stopped (SIGTERM) while the emulator runs', async () => {
    const marker = `emulator-sh-${randomBytes(6).toString('hex')}`;
    const child = run(marker);
    let out = '';
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const isEmulator = (pid: number): boolean => {
      try {
        return /^[^\0]*node\0[^\0]*dsipform(\.js)?\0emulator\0/.test(readFileSync(`/proc/${pid}/cmdline`, 'latin1'));
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 1200 && !processesMarked(marker).some(isEmulator); i++) await sleep(100); // npx may first link the package: slow on a cold cache
    expect(processesMarked(marker).some(isEmulator), out).toBe(true);
    await sleep(500); // past start-up: the emulator is listening
    child.kill('SIGTERM');
    await once(child, 'exit');
    await sleep(200);
    const left = processesMarked(marker);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left).toEqual([]);
  }, 150_000);
});
