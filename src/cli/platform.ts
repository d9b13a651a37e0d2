import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PlatformClient } from '../api/client.js';
import type { ConnectionOptions } from '../api/connection.js';
import { DsipformError } from '../model/errors.js';
import { profileChoice, resolveConnection, retryPolicy, type ConnectionFlags } from './connection.js';
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
 * Runs `work` with a client for the platform the flags name. With `--emulator` it starts the
 * built-in emulator on a free loopback port for the run (state kept in `--emulator-data FILE`),
 * so nothing ever silently talks to a default platform. Always closes what it opened.
 */
export async function withPlatform<T>(
  flags: PlatformFlags,
  io: CliIo,
  work: (client: PlatformClient, target: string) => Promise<T>,
): Promise<T> {
  let options: ConnectionOptions;
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
    options = { url: emu.url, token: emu.token, retry: retryPolicy(flags), profile, secrets: io.secrets };
    // The emulator's port changes every run; a plan made against it names its data file instead.
    target = `emulator:${flags.emulatorData ? resolve(flags.emulatorData) : '(in memory)'}`;
    stopEmulator = () => emu.close();
  } else {
    if (flags.emulatorData) {
      throw new DsipformError(
        'CONFIG_CONFLICT',
        '--emulator-data needs --emulator',
        'Add --emulator to run against the built-in emulator.',
      );
    }
    options = resolveConnection(flags, io);
    target = options.url.replace(/\/+$/, '');
  }
  skipWasmTierUp();
  const client = new PlatformClient(options);
  try {
    return await work(client, target);
  } finally {
    await client.close();
    await stopEmulator();
  }
}
