import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PlatformClient } from '../api/client.js';
import type { ConnectionOptions } from '../api/connection.js';
import { DsipformError } from '../model/errors.js';
import type { KindApi } from '../model/kind-api.js';
import { connectionOf, profileChoice, retryPolicy, type ConnectionFlags } from './connection.js';
import { writeLine, type CliIo } from './io.js';

/** Connection flags plus the built-in emulator switch. */
export interface PlatformFlags extends ConnectionFlags {
  emulator?: boolean;
  emulatorData?: string;
}

/**
 * undici parses HTTP with llhttp compiled to WebAssembly. V8 first compiles it with its baseline
 * compiler, then again, optimized, on a background thread, and a process cannot exit before that
 * job is done: 60-70 ms at the end of every command that talked to the platform, more than a plan
 * of 1,000 objects takes. The baseline code parses our traffic as fast (bench/apply-throughput.mjs).
 * Set here, before the first client of a run, so that commands that never talk to the platform do
 * not load node:v8.
 */
function skipWasmTierUp(): void {
  setFlagsFromString('--liftoff-only');
}

/**
 * Whether other runs can reach the platform the flags name: every platform but the in-memory
 * emulator `--emulator` starts for one run alone. A run writing to a shared platform holds the
 * lock of its state (see `openRunState`); one writing to its own emulator has nobody to wait for.
 */
export function isSharedPlatform(flags: PlatformFlags): boolean {
  return !flags.emulator || flags.emulatorData !== undefined;
}

/**
 * How long a run that sent reads early waits for them to leave before its own work (a plan's
 * checks of its files, which hold the event loop): a connection is made in a few turns of the
 * loop, under a millisecond on a LAN, a few round trips with TLS. A platform that does not
 * answer the connection costs no more than this before the files' problems show.
 */
const ON_THE_WIRE_MS = 250;

/** The remote platform the flags name, resolved: a client, what plans name it by, and what to print before using it. */
export interface Remote {
  readonly client: PlatformClient;
  readonly target: string;
  readonly warnings: readonly string[];
}

/**
 * A run's platform, connected before its files are read so that the reads the files call for are
 * sent while they are checked (`readAhead`), for `withPlatform` to take over. Whatever stopped it
 * from connecting (no URL, no token, a bad flag) is kept, and thrown by `withPlatform` where it
 * would have been, after the files; its warnings are printed there too.
 */
export class EarlyPlatform {
  readonly #remote: Remote | undefined;
  readonly #failed: { readonly error: unknown; readonly warnings: readonly string[] } | undefined;
  #taken = false;

  private constructor(remote: Remote | undefined, failed?: { readonly error: unknown; readonly warnings: readonly string[] }) {
    this.#remote = remote;
    this.#failed = failed;
  }

  /**
   * Connects to the platform `--url` (or DSIP_URL) names, sending nothing yet; undefined with
   * `--emulator`, whose platform runs in this process (reading it early would only move its work).
   */
  static open(flags: PlatformFlags, io: CliIo): EarlyPlatform | undefined {
    if (flags.emulator) return undefined;
    const warnings: string[] = [];
    try {
      const remote = connectRemote(flags, io, (line) => warnings.push(line));
      return new EarlyPlatform({ ...remote, warnings });
    } catch (error) {
      return new EarlyPlatform(undefined, { error, warnings });
    }
  }

  /**
   * Sends the first request of these kinds' lists (and of the profile's detection) now, and
   * resolves once they are on their connections, or after {@link ON_THE_WIRE_MS}; nothing when it
   * could not connect.
   */
  async readAhead(apis: readonly KindApi[]): Promise<void> {
    const client = this.#taken ? undefined : this.#remote?.client;
    if (!client || apis.length === 0) return;
    client.readAhead(apis);
    await client.readAheadOnTheWire(ON_THE_WIRE_MS);
  }

  /** Whether any request was sent to the platform through it. */
  get sent(): boolean {
    return (this.#remote?.client.readAheadSent ?? 0) > 0;
  }

  /** The client, for `withPlatform`, which closes it; or the error that stopped the connection. */
  take(io: CliIo): Remote {
    this.#taken = true;
    for (const line of this.#remote?.warnings ?? this.#failed?.warnings ?? []) writeLine(io.stderr, line);
    if (this.#failed) throw this.#failed.error;
    return this.#remote!;
  }

  /** For a run that stops before `withPlatform`: abandons every read sent early and closes. */
  async close(): Promise<void> {
    if (this.#taken || !this.#remote) return;
    this.#taken = true;
    await this.#remote.client.close();
  }
}

/** The client of the platform `--url` (or DSIP_URL) names; throws what `connectionOf` throws (`resolveConnection`'s errors). */
function connectRemote(flags: PlatformFlags, io: CliIo, warn: (line: string) => void): Omit<Remote, 'warnings'> {
  if (flags.emulatorData) {
    throw new DsipformError('CONFIG_CONFLICT', '--emulator-data needs --emulator', 'Add --emulator to run against the built-in emulator.');
  }
  const options = connectionOf(flags, io, warn);
  skipWasmTierUp();
  return { client: new PlatformClient(options), target: options.url.replace(/\/+$/, '') };
}

/**
 * Runs `work` with a client for the platform the flags name. With `--emulator` it starts the
 * built-in emulator on a free loopback port for the run (state kept in `--emulator-data FILE`),
 * so nothing ever silently talks to a default platform. With `early` (made from the same flags by
 * {@link EarlyPlatform.open} before the files were read), its client. Always closes what it opened.
 */
export async function withPlatform<T>(
  flags: PlatformFlags,
  io: CliIo,
  work: (client: PlatformClient, target: string) => Promise<T>,
  early?: EarlyPlatform,
): Promise<T> {
  let client: PlatformClient;
  let target: string;
  let stopEmulator = async (): Promise<void> => undefined;
  if (flags.emulator) {
    if (flags.url) {
      throw new DsipformError(
        'CONFIG_CONFLICT',
        '--url and --emulator exclude each other',
        'Use --url for a real platform, or --emulator for the built-in one.',
      );
    }
    const { startEmulator } = await import('../emulator/index.js');
    const profile = profileChoice(flags, io) === 'current' ? 'current' : 'spec';
    const emu = await startEmulator({ port: 0, profile, ...(flags.emulatorData ? { dataFile: flags.emulatorData } : {}) });
    io.secrets.add(emu.token);
    writeLine(io.stderr, `using the built-in emulator at ${emu.url}${flags.emulatorData ? ` (state in ${flags.emulatorData})` : ''}`);
    const options: ConnectionOptions = { url: emu.url, token: emu.token, retry: retryPolicy(flags), profile, secrets: io.secrets };
    // The emulator's port changes every run; a plan made against it names its data file instead.
    target = `emulator:${flags.emulatorData ? resolve(flags.emulatorData) : '(in memory)'}`;
    stopEmulator = () => emu.close();
    skipWasmTierUp();
    client = new PlatformClient(options);
  } else {
    ({ client, target } = early ? early.take(io) : connectRemote(flags, io, (line) => writeLine(io.stderr, line)));
  }
  try {
    return await work(client, target);
  } finally {
    await client.close();
    await stopEmulator();
  }
}
