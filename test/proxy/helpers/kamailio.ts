import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SipClient } from './sip.js';
import type { ProxyTools } from './tools.js';

const CONFIG_TEMPLATE = fileURLToPath(new URL('../kamailio/routing.cfg', import.meta.url));

/** A running Kamailio with the harness's configuration, its clock held by libfaketime. */
export interface RunningProxy {
  readonly port: number;
  /** Sets the proxy's wall clock (in its zone) to `YYYY-MM-DDTHH:MM:SS`, frozen there. */
  setClock(local: string): Promise<void>;
  /** The proxy's log so far (to show beside a failure). */
  log(): Promise<string>;
  /** Stops it and its children; resolves once the main process has exited. */
  stop(): Promise<void>;
}

/** How to start the proxy. */
export interface ProxyOptions {
  readonly tools: ProxyTools;
  /** A directory of this run's own: the configuration copy, the clock file and the log go there. */
  readonly dir: string;
  /** The SQLite database with the platform's tables. */
  readonly db: string;
  /** The proxy host's time zone (IANA name): timerec's times are wall clock there. */
  readonly tz: string;
  /** The first instant. */
  readonly local: string;
  /** A client to probe readiness with. */
  readonly sip: SipClient;
}

/** A free UDP port on 127.0.0.1 (free a moment ago: start() retries when another process took it). */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** libfaketime's absolute, frozen form of a wall-clock time: `YYYY-MM-DD HH:MM:SS`. */
function faketimeSpec(local: string): string {
  return local.replace('T', ' ');
}

const running = new Set<ChildProcess>();

/** Stops a process group we started: TERM, then KILL if it lingers. */
async function stopGroup(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (sig: NodeJS.Signals): void => {
    try {
      process.kill(-(child.pid as number), sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

// A test runner killed between tests still must not leave proxies behind.
process.once('exit', () => {
  for (const child of running) {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * Starts Kamailio in the foreground (its own process group, so stop() ends its children too) on
 * a free port, with libfaketime preloaded and re-reading the clock file at every clock call, and
 * waits until it answers. Rejects with the proxy's log when it does not come up.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { tools, dir } = options;
  const clockFile = join(dir, 'clock');
  const logFile = join(dir, 'kamailio.log');
  await writeFile(clockFile, `${faketimeSpec(options.local)}\n`);
  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freeUdpPort();
    const cfg = join(dir, 'routing.cfg');
    const template = readFileSync(CONFIG_TEMPLATE, 'utf8');
    await writeFile(cfg, template.replaceAll('__PORT__', String(port)).replaceAll('__DB__', options.db));
    const { writeStream, closed } = await openLog(logFile);
    const child = spawn(tools.kamailio, ['-f', cfg, '-DD', '-E', '-m', '32', '-M', '4', '-w', dir], {
      detached: true,
      stdio: ['ignore', writeStream, writeStream],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        TZ: options.tz,
        LD_PRELOAD: tools.libfaketime,
        FAKETIME_TIMESTAMP_FILE: clockFile,
        FAKETIME_NO_CACHE: '1',
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
      },
    });
    running.add(child);
    const proxy: RunningProxy = {
      port,
      setClock: (local) => writeFile(clockFile, `${faketimeSpec(local)}\n`),
      log: () => readFile(logFile, 'utf8').catch(() => ''),
      stop: async () => {
        await stopGroup(child);
        await closed();
      },
    };
    const up = await waitUntilAnswering(options.sip, port, child);
    if (up) return proxy;
    await proxy.stop();
    lastError = await proxy.log();
  }
  throw new Error(`Kamailio did not start; its log:\n${lastError}`);
}

/** A log file as a stream a child can write to; `closed` closes our end. */
async function openLog(path: string): Promise<{ writeStream: number; closed: () => Promise<void> }> {
  const handle = await open(path, 'w');
  return { writeStream: handle.fd, closed: () => handle.close() };
}

/** Polls with OPTIONS (the harness answers 405) until the proxy replies, it exits, or 10 s pass. */
async function waitUntilAnswering(sip: SipClient, port: number, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      await sip.request(
        port,
        (callId, localPort) =>
          [
            `OPTIONS sip:ping@127.0.0.1:${port} SIP/2.0`,
            `Via: SIP/2.0/UDP 127.0.0.1:${localPort};branch=z9hG4bK-${callId}`,
            'Max-Forwards: 70',
            `From: <sip:ping@127.0.0.1>;tag=${callId}`,
            `To: <sip:ping@127.0.0.1>`,
            `Call-ID: ${callId}`,
            'CSeq: 1 OPTIONS',
            'Content-Length: 0',
            '',
            '',
          ].join('\r\n'),
        50,
        1,
      );
      return true;
    } catch {
      // not listening yet
    }
  }
  return false;
}
