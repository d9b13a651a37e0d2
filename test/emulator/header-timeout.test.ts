import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { rawRequest } from './raw.js';

const TOKEN = 'header-timeout-token-0123456789';
const started: RunningEmulator[] = [];
const processes: EmulatorProcess[] = [];
const attackers: Socket[] = [];
const timers: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const t of timers.splice(0)) clearInterval(t);
  for (const s of attackers.splice(0)) s.destroy();
  for (const e of started.splice(0)) await e.close();
  for (const p of processes.splice(0)) await p.stop();
});

const portOf = (url: string): number => Number(new URL(url).port);

const GET = `GET /api/v1/proxy/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`;

/**
 * A header slowloris: `count` connections, each sending a request line and then one header line every
 * `everyMs`, never the blank line that ends the headers. Resolves once every connection is open and
 * has sent its first bytes, so the server counts them all.
 */
async function slowloris(port: number, count: number, everyMs: number): Promise<Socket[]> {
  const sockets = await Promise.all(
    Array.from({ length: count }, () => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      attackers.push(socket);
      return new Promise<Socket>((resolve) => socket.once('connect', () => resolve(socket)));
    }),
  );
  for (const socket of sockets) socket.write('GET /api/v1/proxy/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  let line = 0;
  timers.push(
    setInterval(() => {
      line += 1;
      for (const socket of sockets) if (socket.writable) socket.write(`X-Slow-${line}: a\r\n`);
    }, everyMs),
  );
  await sleep(100); // the server has accepted them all
  return sockets;
}

/** Tries a legitimate request until one is answered; the ms it took, or `null` past `withinMs`. */
async function servedWithin(port: number, withinMs: number): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    const answer = await rawRequest(port, [GET], { end: false, timeoutMs: withinMs }).catch(() => ({ status: null }));
    if (answer.status === 200) return Date.now() - start;
    await sleep(50);
  }
  return null;
}

async function emulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, token: TOKEN, ...options });
  started.push(emu);
  return emu;
}

describe('a header slowloris (connections that send a header line now and then and never finish)', () => {
  it('holding every connection slot does not lock out a legitimate request for longer than the header timeout', async () => {
    const emu = await emulator({ maxConnections: 5, headerTimeoutMs: 500 });
    const port = portOf(emu.url);
    await slowloris(port, 5, 100);
    // While the slots are held, a new connection is closed on arrival.
    expect((await rawRequest(port, [GET], { end: false })).status).toBeNull();
    expect(await servedWithin(port, 2000)).not.toBeNull();
  });

  it('each slow connection is answered 408 and closed once the header timeout has passed', async () => {
    const emu = await emulator({ headerTimeoutMs: 400 });
    const [socket] = await slowloris(portOf(emu.url), 1, 100);
    let received = '';
    socket!.on('data', (d: Buffer) => (received += d.toString('latin1')));
    const closed = new Promise<string>((resolve) => socket!.on('close', () => resolve('closed')));
    const started = Date.now();
    expect(await Promise.race([closed, sleep(3000).then(() => 'still open')])).toBe('closed');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a connection that sends nothing at all is closed too', async () => {
    const emu = await emulator({ maxConnections: 2, headerTimeoutMs: 400 });
    const port = portOf(emu.url);
    for (let i = 0; i < 2; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      attackers.push(socket);
    }
    await sleep(100);
    expect(await servedWithin(port, 2000)).not.toBeNull();
  });

  it('over TLS, a connection that never starts its handshake is closed within the same bound', async () => {
    const emu = await emulator({ tls: true, headerTimeoutMs: 400 });
    const socket = connect(portOf(emu.url), '127.0.0.1');
    socket.on('error', () => undefined);
    attackers.push(socket);
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve('closed')));
    expect(await Promise.race([closed, sleep(3000).then(() => 'still open')])).toBe('closed');
  });

  it('requests whose headers arrive in time are served as before', async () => {
    const emu = await emulator({ headerTimeoutMs: 500 });
    expect((await rawRequest(portOf(emu.url), [GET])).status).toBe(200);
  });

  it('the CLI: --header-timeout bounds the same attack on a real process', async () => {
    const emu = await startEmulatorProcess(['--header-timeout', '500', '--max-connections', '5'], { DSIP_TOKEN: TOKEN });
    processes.push(emu);
    const port = portOf(emu.url);
    await slowloris(port, 5, 100);
    expect(await servedWithin(port, 2500)).not.toBeNull();
  });
});

describe('--header-timeout values', () => {
  it.each([
    [['--header-timeout', '0'], '--header-timeout "0" would close every connection before its headers arrive'],
    [['--header-timeout', 'soon'], '--header-timeout "soon" is not a whole number of milliseconds from 0 to 300000'],
    [['--header-timeout', '300001'], '--header-timeout "300001" is not a whole number of milliseconds from 0 to 300000'],
  ])('%j exits 1 with "%s" and a hint, before listening', async (flags, message) => {
    const r = await runMain(['emulator', '--port', '0', ...flags]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^error \\(CLI_BAD_OPTION\\): ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\nhint: \\S`));
  });

  it('is listed in --help with its default', async () => {
    const r = await runMain(['emulator', '--help']);
    expect(r.stdout).toMatch(/--header-timeout <ms>\s+[^\n]*headers[^]*default: "10000"/);
  });

  it('startEmulator refuses an out-of-range headerTimeoutMs, naming the option', async () => {
    await expect(startEmulator({ port: 0, token: TOKEN, headerTimeoutMs: 0 })).rejects.toThrow(/headerTimeoutMs/);
  });
});
