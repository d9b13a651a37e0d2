import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlatformClient } from '../../src/api/client.js';
import { CLI, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { startProcess, waitForStdout, type StartedProcess } from '../helpers/process.js';

/** One sample of the Prometheus text format: a metric name, its labels and its value. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/**
 * Parses the Prometheus text exposition format (version 0.0.4) as prom-client writes it: `# HELP`
 * and `# TYPE` lines, then `name{label="value",…} number` lines, label values with `\\`, `\"`
 * and `\n` escapes. Throws on a line it cannot read, so a malformed scrape fails the test.
 */
export function parseMetrics(text: string): { samples: Sample[]; help: Map<string, string>; types: Map<string, string> } {
  const samples: Sample[] = [];
  const help = new Map<string, string>();
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      (meta[1] === 'HELP' ? help : types).set(meta[2]!, meta[3]!);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    const re = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
    let at = 0;
    for (let l = re.exec(body); l; l = re.exec(body)) {
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      at = re.lastIndex;
    }
    if (at !== body.length) throw new Error(`cannot read the labels of ${JSON.stringify(line)}`);
    const value = Number(m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : m[3]);
    if (Number.isNaN(value) && m[3] !== 'NaN') throw new Error(`not a number in ${JSON.stringify(line)}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return { samples, help, types };
}

/** The value of the one sample of `name` whose labels include `labels`, or undefined. */
export function sampleOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

/** A loopback HTTP receiver of webhook posts; answers with `status()` (200 unless told). */
export interface Receiver {
  readonly url: string;
  /** Every body posted, parsed, in arrival order (retries included). */
  readonly bodies: Array<Record<string, unknown>>;
  status: () => number;
  close(): Promise<void>;
}

/** Starts a webhook receiver on 127.0.0.1, port 0. */
export async function startReceiver(): Promise<Receiver> {
  const bodies: Array<Record<string, unknown>> = [];
  const receiver: Receiver = {
    url: '',
    bodies,
    status: () => 200,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      res.writeHead(receiver.status()).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  (receiver as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook/secret-path-T0K3N`;
  return receiver;
}

/** A running `dsipform watch` child process and the URL of its /metrics server. */
export interface WatchProcess extends StartedProcess {
  readonly url: string;
  scrape(): Promise<Sample[]>;
  health(): Promise<{ status: number; body: { status: string; targets: Record<string, unknown> } }>;
}

/** Starts `dsipform watch ARGS --listen 127.0.0.1:0` and waits for its `listening on URL` line. */
export async function startWatch(args: readonly string[], env: NodeJS.ProcessEnv): Promise<WatchProcess> {
  const p = startProcess(process.execPath, [CLI, 'watch', '--listen', '127.0.0.1:0', ...args], {
    env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
  });
  const url = (await waitForStdout(p, /^listening on (\S+)\n/))[1]!;
  return {
    ...p,
    url,
    scrape: async () => {
      const answer = await fetch(`${url}/metrics`);
      if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}`);
      return parseMetrics(await answer.text()).samples;
    },
    health: async () => {
      const answer = await fetch(`${url}/healthz`);
      return { status: answer.status, body: (await answer.json()) as { status: string; targets: Record<string, unknown> } };
    },
  };
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What a watch test runs against: an emulator process (token in a file of its own folder), a client of it, and a webhook receiver. */
export interface WatchBed {
  readonly dir: string;
  readonly emu: EmulatorProcess;
  readonly client: PlatformClient;
  readonly receiver: Receiver;
}

/** Starts a {@link WatchBed} in a new temporary folder named after `prefix`, the emulator answering as `profile` and asking for `token`. */
export async function openWatchBed(prefix: string, token: string, profile: string): Promise<WatchBed> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'token'), token, { mode: 0o600 });
  const emu = await startEmulatorProcess(['--token-file', join(dir, 'token'), '--profile', profile]);
  return { dir, emu, client: new PlatformClient({ url: emu.url, token }), receiver: await startReceiver() };
}

/** Stops a bed and the watch process a test left running, if any. */
export async function closeWatchBed(bed: WatchBed, watch: WatchProcess | undefined): Promise<void> {
  if (watch && watch.child.exitCode === null) {
    watch.child.kill('SIGKILL');
    await watch.closed;
  }
  await bed.client.close();
  await bed.receiver.close();
  await bed.emu.stop();
}
