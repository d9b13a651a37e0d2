import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';

const TOKEN = 'cli-test-token-0123456789abcdef';
const running: EmulatorProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
});

async function emulator(args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<EmulatorProcess> {
  const p = await startEmulatorProcess(args, env);
  running.push(p);
  return p;
}

describe('dsipform --help and --version', () => {
  it('lists every command with one line each', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const commands = lines.slice(lines.findIndex((l) => l.startsWith('Commands:')) + 1).filter((l) => /^ {2}\S/.test(l));
    const names = commands.map((l) => l.trim().split(/\s+/)[0]);
    expect(names).toEqual(expect.arrayContaining(['emulator', 'stats', 'help']));
    for (const line of commands) expect(line.trim().split(/\s{2,}/)[1]).toMatch(/^[a-z]/); // a description on the same line
  });

  it('prints the package version', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
  });

  it('answers an unknown command with exit 1 and a pointer to --help', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown command 'frobnicate'/);
  });
});

describe('dsipform emulator', () => {
  it('prints exactly one line on stdout when ready, and a generated token on stderr', async () => {
    const p = await emulator();
    expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(p.output.stdout).toBe(`listening on ${p.url}\n`);
    const token = /token: ([0-9a-f]{64})/.exec(p.output.stderr)?.[1];
    expect(token).toBeDefined();
    const stats = await runCli(['stats', '--url', p.url], { DSIP_TOKEN: token });
    expect(stats.code).toBe(0);
    expect(await p.stop('SIGINT')).toBe(0);
    expect(p.output.stdout).toBe(`listening on ${p.url}\n`);
  });

  it('takes the token from DSIP_TOKEN and does not print it', async () => {
    const p = await emulator([], { DSIP_TOKEN: TOKEN });
    expect(p.output.stderr).not.toContain(TOKEN);
    expect((await runCli(['stats', '--url', p.url], { DSIP_TOKEN: 'wrong' })).code).toBe(1);
    expect((await runCli(['stats', '--url', p.url], { DSIP_TOKEN: TOKEN })).code).toBe(0);
  });

  it('keeps its state in --data across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-cli-'));
    const data = join(dir, 'state.json');
    const first = await emulator(['--data', data, '--token', TOKEN]);
    const { PlatformClient } = await import('../../src/api/client.js');
    const c1 = new PlatformClient({ url: first.url, token: TOKEN });
    await c1.createInboundMapping({ did: '+15551230001', servers: ['#2'], notes: 'kept' });
    await c1.close();
    expect(await first.stop()).toBe(0);
    expect(JSON.parse(readFileSync(data, 'utf8')).mappings).toEqual([{ ruleid: 2, did: '+15551230001', servers: ['#2'], notes: 'kept' }]);
    const second = await emulator(['--data', data, '--token', TOKEN]);
    const c2 = new PlatformClient({ url: second.url, token: TOKEN });
    expect((await c2.listInboundMappings()).map((m) => [m.did, m.notes])).toEqual([['+15551230001', 'kept']]);
    expect(await c2.createOutboundRoute({ name: 'next', prefix: '1', gwgroupid: '2' })).toBe(3); // the counter went on
    await c2.close();
  });

  it('serves HTTPS with --tls and names the certificate to trust', async () => {
    const p = await emulator(['--tls', '--token', TOKEN]);
    expect(p.url).toMatch(/^https:/);
    const cert = /certificate: (\S+)/.exec(p.output.stderr)?.[1];
    expect(cert).toBeDefined();
    expect((await runCli(['stats', '--url', p.url], { DSIP_TOKEN: TOKEN })).stderr).toMatch(/--ca/);
    expect((await runCli(['stats', '--url', p.url, '--ca', cert!], { DSIP_TOKEN: TOKEN })).code).toBe(0);
    expect((await runCli(['stats', '--url', p.url], { DSIP_TOKEN: TOKEN, DSIP_INSECURE: '1' })).code).toBe(0);
  });

  it('refuses a corrupt --data file with a message naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-cli-'));
    const data = join(dir, 'broken.json');
    writeFileSync(data, '{ not json');
    const r = await runCli(['emulator', '--port', '0', '--data', data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `error (EMULATOR_DATA_CORRUPT): the emulator data file ${data} is corrupt: it is not valid JSON (Expected property name or '}' in JSON at position 2)\n` +
        `hint: Restore it from a backup, or move it away (mv ${data} ${data}.bad) to start an empty platform there.\n`,
    );
    expect(r.stdout).toBe('');
  });

  it('takes the token from --token-file, and --help says --token is visible to other users', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-cli-'));
    writeFileSync(join(dir, 'token'), `${TOKEN}\n`, { mode: 0o600 });
    const p = await emulator(['--token-file', join(dir, 'token')]);
    expect(p.output.stderr).not.toContain(TOKEN);
    expect(p.output.stderr).not.toMatch(/generated/);
    expect((await runCli(['stats', '--url', p.url], { DSIP_TOKEN: TOKEN })).code).toBe(0);
    expect((await runCli(['stats', '--url', p.url], { DSIP_TOKEN: 'wrong-token' })).code).toBe(1);
    const help = (await runCli(['emulator', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/--token-file <file> read the API token to require from FILE/);
    expect(help).toMatch(
      /--token <token> the API token to require; visible to other users of this machine \(ps\): prefer --token-file or DSIP_TOKEN/,
    );
  });
});

describe('dsipform stats', () => {
  it('prints the counters as a table, or as JSON', async () => {
    const p = await emulator(['--token', TOKEN]);
    const table = await runCli(['stats', '--url', p.url], { DSIP_TOKEN: TOKEN });
    expect(table.code).toBe(0);
    const rows = table.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^counter\s+value$/);
    expect(rows).toHaveLength(16);
    expect(rows.slice(1).map((r) => r.split(/\s+/)[0])).toContain('delayed_free');
    const json = await runCli(['stats', '--url', p.url, '--format', 'json'], { DSIP_TOKEN: TOKEN });
    const record = JSON.parse(json.stdout) as Record<string, number>;
    expect(Object.keys(record)).toHaveLength(15);
    expect(record.total).toBeGreaterThan(0);
  });

  it.each([
    ['no URL', [], { DSIP_TOKEN: TOKEN }, /no platform URL given[\s\S]*hint: Pass --url URL or set DSIP_URL/],
    ['no token', ['--url', 'http://127.0.0.1:9'], {}, /no API token given[\s\S]*hint: Set DSIP_TOKEN/],
    ['a token in argv', ['--url', 'http://127.0.0.1:9', '--token', 'argv-secret-123'], {}, /may not be given on the command line/],
    ['a bad format', ['--url', 'http://127.0.0.1:9', '--format', 'xml'], { DSIP_TOKEN: TOKEN }, /Allowed choices are table, json/],
  ])('exits 1 with a message and a hint for %s', async (_case, args, env, message) => {
    const r = await runCli(['stats', ...args], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toContain('argv-secret-123');
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });

  it('reports an unreachable platform without a stack trace and without the token', async () => {
    const r = await runCli(['stats', '--url', 'http://127.0.0.1:9', '--timeout', '2000'], { DSIP_TOKEN: TOKEN });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error \(API_CONNECTION_REFUSED\): GET \/proxy\/stats: connection to http:\/\/127\.0\.0\.1:9 refused\nhint: /,
    );
    expect(r.stderr).not.toContain(TOKEN);
  });
});

describe('--emulator', () => {
  it('runs a command against a built-in emulator started for the run, and never prints its token', async () => {
    const r = await runCli(['stats', '--emulator', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout))).toHaveLength(15);
    expect(r.stderr).toMatch(/^using the built-in emulator at http:\/\/127\.0\.0\.1:\d+\n$/);
  });

  it('refuses --url together with --emulator, and --emulator-data alone', async () => {
    expect((await runCli(['stats', '--emulator', '--url', 'http://h:1'])).stderr).toMatch(/exclude each other/);
    const data = join(mkdtempSync(join(tmpdir(), 'dsipform-cli-')), 'x.json');
    const alone = await runCli(['stats', '--emulator-data', data], { DSIP_URL: 'http://h:1', DSIP_TOKEN: TOKEN });
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/needs --emulator/);
  });
});

describe('dsipform emulator, more flags', () => {
  it('serves HTTPS with a given --tls-cert and --tls-key', async () => {
    const { emulatorCertificate } = await import('../../src/emulator/tls.js');
    const material = await emulatorCertificate();
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-cli-'));
    writeFileSync(join(dir, 'cert.pem'), material.cert);
    writeFileSync(join(dir, 'key.pem'), material.key);
    const p = await emulator(['--tls-cert', join(dir, 'cert.pem'), '--tls-key', join(dir, 'key.pem'), '--token', TOKEN]);
    expect(p.url).toMatch(/^https:/);
    expect((await runCli(['stats', '--url', p.url, '--ca', join(dir, 'cert.pem')], { DSIP_TOKEN: TOKEN })).code).toBe(0);
  });

  it('refuses --tls-cert without --tls-key', async () => {
    const r = await runCli(['emulator', '--port', '0', '--tls-cert', '/nonexistent.pem']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--tls-cert and --tls-key go together/);
  });

  it('starts without the default route with --empty', async () => {
    const plain = await emulator(['--token', TOKEN]);
    const empty = await emulator(['--token', TOKEN, '--empty']);
    const { PlatformClient } = await import('../../src/api/client.js');
    for (const [p, count] of [
      [plain, 1],
      [empty, 0],
    ] as const) {
      const c = new PlatformClient({ url: p.url, token: TOKEN });
      expect(await c.listOutboundRoutes()).toHaveLength(count);
      await c.close();
    }
  });

  it('refuses a port that is not a number', async () => {
    const r = await runCli(['emulator', '--port', 'http']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--port "http" is not a port number/);
  });
});
