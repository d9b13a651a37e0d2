// A plan reads the platform while its files are checked (docs/decisions.md, "A plan reads the
// platform while its files are checked"): the lists the files declare leave once the files parse,
// before their values are checked, and the plan takes their answers; a file that then fails its
// checks still fails with its FILE:LINE:COL problems and exit 1, its reads abandoned unread:
// nothing about the platform is printed, no unhandled rejection, no wait for a platform that
// hangs. Real CLI processes, real HTTP over loopback (the emulator, behind a proxy that holds and
// records, or a server that never answers).
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { runProcess, startProcess } from '../helpers/process.js';
import { CLI } from '../helpers/cli.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

const open: TinyServer[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

/** `n` mappings to group #1 of a fresh install, one line each; `bad` makes entry `bad` a DID with a letter. */
function mappings(n: number, bad?: number): string {
  const lines = Array.from({ length: n }, (_, i) => `  - {did: "${i === bad ? '1555x' : 15550000000 + i}", servers: ["1"]}\n`);
  return `version: 1\ninbound_mappings:\n${lines.join('')}`;
}

function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-read-ahead-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A server started for the test and closed after it. */
async function server(handler: Parameters<typeof startTinyServer>[0]): Promise<TinyServer> {
  const s = await startTinyServer(handler);
  open.push(s);
  return s;
}

const TOKEN = 'read-ahead-cli-token-0123456789';
const cli = (args: string[], url: string): ReturnType<typeof runProcess> =>
  runProcess(process.execPath, [CLI, ...args, '--url', url], { env: { PATH: process.env.PATH, NO_COLOR: '1', DSIP_TOKEN: TOKEN } });
const seen = (s: TinyServer): string[] => s.seen.map((r: IncomingMessage) => `${r.method} ${r.url}`);

describe('a plan whose file fails its checks while its reads are in flight', () => {
  it('a platform that never answers: the problem with FILE:LINE:COL, exit 1 at once, nothing about the platform', async () => {
    // Holds every request open: only abandoning the reads lets the process end before the 30 s timeout.
    const hanging = await server(() => undefined);
    const dir = scratch({ 'm.yaml': mappings(2_000, 1_999) });
    const started = Date.now();
    const r = await cli(['plan', join(dir, 'm.yaml')], hanging.url);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${join(dir, 'm.yaml').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2002:11: `, 'm'));
    expect(r.stderr).toMatch(/^error \(CONFIG_INVALID\): 1 problem in the configuration; nothing was changed on the platform$/m);
    expect(r.stderr).not.toMatch(/API_|127\.0\.0\.1|unhandled|internal error/i);
    expect(r.stdout).toBe('');
    // The list left before the value check failed (nothing is sent after it): it was in flight while the file was checked.
    expect(seen(hanging)).toContain('GET /api/v1/inboundmapping');
    expect(hanging.seen.every((req) => req.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('a platform that refuses the connection: the same problem and exit, no connection error', async () => {
    const gone = await server(() => undefined);
    const url = gone.url;
    await gone.close();
    open.splice(open.indexOf(gone), 1);
    const dir = scratch({ 'm.yaml': mappings(50, 49) });
    const r = await cli(['plan', join(dir, 'm.yaml')], url);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/:52:11: /);
    expect(r.stderr).toMatch(/error \(CONFIG_INVALID\): 1 problem in the configuration; nothing was changed on the platform$/m);
    expect(r.stderr).not.toMatch(/API_|refused|unhandled|internal error/i);
  });

  it('a connection that cannot be made and a bad file: the file’s problems first, as before; the connection is judged after the files', async () => {
    const dir = scratch({ 'm.yaml': mappings(3, 2), 'ok.yaml': mappings(1) });
    const env = { PATH: process.env.PATH, NO_COLOR: '1', DSIP_TOKEN: TOKEN };
    // --insecure warns, then the CA file cannot be read: found before the files are, printed where they were.
    const flags = ['--url', 'http://127.0.0.1:9', '--insecure', '--ca', join(dir, 'no-such-ca.pem')];
    const bad = await runProcess(process.execPath, [CLI, 'plan', join(dir, 'm.yaml'), ...flags], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /:5:11: [\s\S]*error \(CONFIG_INVALID\): 1 problem in the configuration; nothing was sent to the platform\n/,
    );
    expect(bad.stderr).not.toMatch(/CONFIG_FILE_UNREADABLE|warning: --insecure/);
    const good = await runProcess(process.execPath, [CLI, 'plan', join(dir, 'ok.yaml'), ...flags], { env });
    expect(good.code).toBe(1);
    expect(good.stderr).toMatch(
      /^warning: --insecure has no effect on an http:\/\/ URL[^\n]*\nerror \(CONFIG_FILE_UNREADABLE\): cannot read CA file /,
    );
  });

  it('a file that does not parse sends nothing, and says so', async () => {
    const watching = await server(() => undefined);
    const dir = scratch({ 'm.yaml': 'version: 1\ninbound_mappings:\n  - did: "1555"\n   servers: [1\n' });
    const r = await cli(['plan', join(dir, 'm.yaml')], watching.url);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/nothing was sent to the platform$/m);
    expect(watching.seen).toEqual([]);
  });
});

describe('a plan whose files are valid', () => {
  it('the lists leave before the files are checked; each is read once, and the plan is made', async () => {
    const { emu } = await emulatorFixture();
    const arrived: { path: string; stderr: string }[] = [];
    const printed = { stderr: '' };
    // In front of the emulator: records each request with what the CLI had printed when it came,
    // and holds each answer a little, so the reads are in flight while the files are checked.
    const proxy = await server((req, res) => {
      arrived.push({ path: `${req.method} ${req.url}`, stderr: printed.stderr });
      void request(`${emu.url}${req.url}`, { method: 'GET', headers: { authorization: `Bearer ${emu.token}` } }).then(async (up) => {
        const body = await up.body.text();
        await new Promise((r) => setTimeout(r, 200));
        res.writeHead(up.statusCode, { 'content-type': 'application/json' });
        res.end(body);
      });
    });
    // A saved plan beside the file: the CLI's note that it skipped it is printed once the files are checked.
    const dir = scratch({ 'm.yaml': mappings(8_000), 'saved.json': '{"format_version": 1, "checksum": "x", "changes": []}' });
    const p = startProcess(process.execPath, [CLI, 'plan', dir, '--url', proxy.url], {
      env: { PATH: process.env.PATH, NO_COLOR: '1', DSIP_TOKEN: TOKEN },
    });
    p.child.stderr!.on('data', () => (printed.stderr = p.output.stderr));
    expect(await p.closed, p.output.stderr).toBe(0);
    expect(p.output.stdout).toMatch(/^Plan: 8,?000 to create, 0 to update, 0 to delete\.$/m);
    const lists = arrived.filter((a) => a.path === 'GET /api/v1/inboundmapping');
    expect(lists).toHaveLength(1);
    expect(lists[0]!.stderr).not.toContain('note:');
    expect(p.output.stderr).toContain('saved.json is a saved dsipform plan');
    // Every read once: the ones sent ahead were taken, none sent twice.
    const paths = arrived.map((a) => a.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
