import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { startProcess } from '../helpers/process.js';

// A file that holds a secret is held to the state file's rule: group and others have no access,
// or it is refused before it is used, naming the file and its mode, never its content.
const TOKEN = 'secret-files-token-5d0c8e2a71';
const KEY = 'plan-key-of-the-secret-files-test-4b9e';
let dir: string;
let emu: EmulatorProcess;

function write(name: string, text: string, mode: number): string {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, mode); // whatever the umask
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-secret-files-'));
  write('config/routes.yaml', 'version: 1\noutbound_routes: []\npolicy:\n  ignore:\n    outbound_routes: ["*"]\n', 0o644);
  emu = await startEmulatorProcess([], { DSIP_TOKEN: TOKEN });
}, 30_000);

afterAll(async () => {
  await emu?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What `dsipform ARGS` printed and its exit code; a process still running after 10 s is stopped (a refusal is immediate). */
async function runBounded(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  const p = startProcess(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, NO_COLOR: '1', ...env } });
  const timer = setTimeout(() => p.child.kill('SIGTERM'), 10_000);
  const code = await p.closed;
  clearTimeout(timer);
  return { code, out: p.output.stdout + p.output.stderr };
}

const plan = (f: string): string[] => ['plan', join(dir, 'config'), '--url', emu.url, '--token-file', f];
const emulator = (f: string): string[] => ['emulator', '--port', '0', '--token-file', f];
const target = (f: string): string[] => {
  const targets = write('t.targets.yaml', `targets:\n  one: { url: "${emu.url}", token: { file: ${f} }, paths: [config/] }\n`, 0o644);
  return ['plan', '--targets', targets, '--target', 'one', '--format', 'json'];
};

describe('token and signing-key files open to other users are refused, as the state file is', () => {
  it.each([
    ['--token-file', '0644', plan, 'the token file'],
    ['--token-file', '0604', plan, 'the token file'],
    ['the emulator --token-file', '0640', emulator, 'the token file'],
    ["a target's token: { file: }", '0644', target, 'target "one": its token file'],
  ])('%s at mode %s: CONFIG_FILE_PERMISSIONS, naming it, the token never shown', async (_name, shown, args, named) => {
    const file = write(`token-${shown}`, `${TOKEN}\n`, parseInt(shown, 8));
    const r = await runBounded(args(file));
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(
      `(CONFIG_FILE_PERMISSIONS): ${named} ${file} is open to other users (mode ${shown}), but it holds the API token`,
    );
    expect(r.out).toContain(`chmod 600 ${file} (if others may have read it, rotate the token)`);
    expect(r.out).not.toContain(TOKEN);
    expect(r.out).not.toContain('listening on');
  });

  it.each([
    ['--token-file', plan],
    ["a target's token: { file: }", target],
  ])('%s at mode 0600 is used', async (_name, args) => {
    const r = await runBounded(args(write('token-0600', `${TOKEN}\n`, 0o600)));
    expect(r.code, r.out).toBe(0);
  });

  it('--sign-key-file at mode 0644: refused before the plan is made; at 0600 it signs', async () => {
    const key = write('plan.key', `${KEY}\n`, 0o644);
    const out = join(dir, 'plan.json');
    const args = ['plan', join(dir, 'config'), '--url', emu.url, '--out', out, '--sign-key-file', key];
    const r = await runBounded(args, { DSIP_TOKEN: TOKEN });
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `error (CONFIG_FILE_PERMISSIONS): the plan signing key file ${key} is open to other users (mode 0644), but it holds the key that signs plans`,
    );
    expect(r.out).not.toContain(KEY);
    expect(existsSync(out)).toBe(false);
    chmodSync(key, 0o600);
    const ok = await runBounded(args, { DSIP_TOKEN: TOKEN });
    expect(ok.code, ok.out).toBe(0);
    expect(existsSync(out)).toBe(true);
  });
});
