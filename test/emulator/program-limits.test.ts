import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { subjectAltNames } from '../../src/emulator/tls.js';
import { call } from './helpers.js';
import { rawRequest } from './raw.js';

const TOKEN = 'limits-token-0123456789';
const started: RunningEmulator[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const e of started.splice(0)) await e.close();
});

async function emulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, token: TOKEN, ...options });
  started.push(emu);
  return emu;
}

const portOf = (emu: RunningEmulator): number => Number(new URL(emu.url).port);

function postHead(contentLength: number): string {
  return `POST /api/v1/inboundmapping HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;
}

/** The JSON envelope at the end of a raw HTTP answer. */
function envelopeOf(text: string): { error: string; msg: string } {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: string; msg: string };
}

describe('a request body that does not arrive in time', () => {
  it('sent in part and then nothing more: 408 in the envelope, and the connection closes', async () => {
    const emu = await emulator({ bodyTimeoutMs: 300 });
    const started = Date.now();
    const answer = await rawRequest(portOf(emu), [postHead(100), '{"did": "1'], { end: false, timeoutMs: 5000 });
    expect(answer.status).toBe(408);
    expect(answer.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(envelopeOf(answer.text)).toMatchObject({ error: 'http', msg: 'Request body not received in time' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('trickled a byte at a time: the timeout counts from the start of the body, not from the last byte', async () => {
    const emu = await emulator({ bodyTimeoutMs: 400 });
    const socket = connect(portOf(emu), '127.0.0.1');
    sockets.push(socket);
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(postHead(1000));
    const trickle = setInterval(() => socket.writable && socket.write(' '), 50);
    const done = await Promise.race([closed.then(() => 'closed'), sleep(5000).then(() => 'still open')]);
    clearInterval(trickle);
    expect(done).toBe('closed');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body that arrives in time is served as before', async () => {
    const emu = await emulator({ bodyTimeoutMs: 2000 });
    const body = JSON.stringify({ did: '15551230001', servers: ['#2'] });
    const answer = await rawRequest(portOf(emu), [
      postHead(Buffer.byteLength(body)).replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nConnection: close\r\n'),
      body,
    ]);
    expect(answer.status).toBe(200);
  });
});

describe('maxConnections', () => {
  it('closes connections beyond the limit on arrival and serves again once one is free', async () => {
    const emu = await emulator({ maxConnections: 2 });
    const port = portOf(emu);
    const get = (connection: string): string =>
      `GET /api/v1/proxy/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nAccept: application/json\r\nConnection: ${connection}\r\n\r\n`;
    for (let i = 0; i < 2; i++) {
      const s = connect(port, '127.0.0.1');
      s.on('error', () => undefined);
      sockets.push(s);
      // An answer on a kept-alive connection: the server has surely counted it.
      const answered = new Promise((resolve) => s.once('data', resolve));
      s.write(get('keep-alive'));
      await answered;
    }
    const third = await rawRequest(port, [get('close')], { end: false });
    expect(third.status).toBeNull(); // closed without an answer
    sockets.shift()!.destroy();
    let status: number | null = null;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await sleep(50); // until the server has seen the close
      status = (await rawRequest(port, [get('close')], { end: false })).status;
    }
    expect(status).toBe(200);
  });
});

describe('a deeply nested body', () => {
  it.each([6000, 33])('servers nested %i levels deep is answered 400 in the envelope, and nothing is created', async (depth) => {
    const emu = await emulator();
    const servers = `${'['.repeat(depth)}"#2"${']'.repeat(depth)}`;
    const answer = await call(emu, 'POST', '/inboundmapping', { raw: `{"did": "15551230001", "servers": ${servers}}` });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: 'http', msg: 'JSON body nested more than 32 levels deep' });
    expect((await call(emu, 'GET', '/inboundmapping')).json.data).toEqual([]);
  });

  it('brackets inside strings do not count as nesting', async () => {
    const emu = await emulator();
    const answer = await call(emu, 'POST', '/inboundmapping', { body: { did: '15551230001', servers: ['#2'], notes: '[['.repeat(100) } });
    expect(answer.status).toBe(200);
  });
});

describe('temporary files left by a killed emulator', () => {
  it("are removed at start when their writer is dead; a live writer's and other files are kept", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-emu-tmp-'));
    const dataFile = join(dir, 'emu.json');
    const dead = spawnSync(process.execPath, ['-e', '']).pid; // a pid that has exited
    const names = [
      `.emu.json.${dead}.0badc0de.tmp`,
      `.emu.json.${process.ppid}.cafebabe.tmp`,
      `.other.json.${dead}.0badc0de.tmp`,
      'notes.txt',
    ];
    for (const name of names) await writeFile(join(dir, name), 'x');
    const emu = await emulator({ dataFile });
    expect(emu.removedTempFiles).toEqual([join(dir, names[0]!)]);
    expect((await readdir(dir)).sort()).toEqual([...names.slice(1), 'emu.json'].sort());
  });
});

async function ipv6Loopback(): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => server.close(() => resolve(true)));
  });
}

describe('the generated certificate', () => {
  it.each([
    [undefined, ['ip:127.0.0.1', 'dns:localhost']],
    ['127.0.0.1', ['ip:127.0.0.1', 'dns:localhost']],
    ['::1', ['ip:127.0.0.1', 'dns:localhost', 'ip:::1']],
    ['[::1]', ['ip:127.0.0.1', 'dns:localhost', 'ip:::1']],
    ['192.0.2.7', ['ip:127.0.0.1', 'dns:localhost', 'ip:192.0.2.7']],
    ['emu.example.test', ['ip:127.0.0.1', 'dns:localhost', 'dns:emu.example.test']],
  ])('for --host %s names %j', (host, names) => {
    expect(subjectAltNames(host).map((n) => `${n.type}:${n.value}`)).toEqual(names);
  });

  it('names the listen address ::1, so a client trusting it connects to https://[::1]:port', async (ctx) => {
    if (!(await ipv6Loopback())) {
      console.log('skipped: ::1 is not available on this machine');
      ctx.skip();
    }
    const emu = await emulator({ host: '::1', tls: true });
    expect(emu.url).toMatch(/^https:\/\/\[::1\]:\d+$/);
    const trusting = new Agent({ connect: { ca: emu.caPem } });
    try {
      const answer = await call(emu, 'GET', '/proxy/stats', { dispatcher: trusting });
      expect(answer.status).toBe(200);
    } finally {
      await trusting.close();
    }
  });
});
