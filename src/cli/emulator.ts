import { readFileSync } from 'node:fs';
import { DsipformError } from '../model/errors.js';
import { emptyTokenError } from '../emulator/start-errors.js';
import { checkTlsMaterial } from '../emulator/tls.js';
import { readSecretFile, TOKEN_FILE } from './secret-file.js';
import type { FaultOptions } from '../emulator/faults.js';
import { DEFAULT_HEADER_TIMEOUT_MS, FAULT_LIMITS, SERVER_LIMITS } from '../emulator/limits.js';
import type { ApiProfileName } from '../emulator/profiles.js';
import { writeLine, type CliIo } from './io.js';

/** The `dsipform emulator` flags as commander parses them. */
export interface EmulatorFlags {
  host: string;
  port: string;
  token?: string;
  tokenFile?: string;
  data?: string;
  tls?: boolean;
  tlsCert?: string;
  tlsKey?: string;
  empty?: boolean;
  faultRate: string;
  dropRate: string;
  latency: string;
  rateLimit: string;
  seed?: string;
  /** Carrier-group writes swallow their errors, as the deployed platform does. */
  swallowGroupErrors?: boolean;
  /** `spec` or `current`; commander checks the choice, runEmulator checks again for other callers. */
  profile?: string;
  /** Serve a platform without its Core licence (every API call 401). */
  unlicensed?: boolean;

  /** Milliseconds a request body may take to arrive (default 30000). */
  bodyTimeout?: string;
  /** Most connections at once (default 1000; 0: no limit). */
  maxConnections?: string;
  /** Milliseconds a request's headers may take to arrive (default 10000). */
  headerTimeout?: string;
}

function readPem(file: string, flag: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new DsipformError(
      'CONFIG_FILE_UNREADABLE',
      `cannot read ${flag} ${file} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      `Check the path given to ${flag}.`,
    );
  }
}

function tlsOption(flags: EmulatorFlags): boolean | { cert: string; key: string } {
  if (Boolean(flags.tlsCert) !== Boolean(flags.tlsKey)) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      '--tls-cert and --tls-key go together',
      'Give both, or use --tls for a generated certificate.',
    );
  }
  if (flags.tlsCert && flags.tlsKey) {
    const material = { cert: readPem(flags.tlsCert, '--tls-cert'), key: readPem(flags.tlsKey, '--tls-key') };
    checkTlsMaterial(material, `--tls-cert ${flags.tlsCert}`, `--tls-key ${flags.tlsKey}`);
    return material;
  }
  return Boolean(flags.tls);
}

const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^\d+$/;

function badFlag(message: string, hint: string): DsipformError {
  return new DsipformError('CLI_BAD_OPTION', message, hint);
}

function rateFlag(flag: string, text: string): number {
  const value = Number(text);
  if (!DECIMAL.test(text.trim()) || value > 1) {
    throw badFlag(
      `${flag} "${text}" is not a fraction between 0 and 1`,
      `Use a number such as 0.2 (a fifth of the requests); 0 turns it off.`,
    );
  }
  return value;
}

function integerFlag(flag: string, text: string, max: number, what: string, hint: string): number {
  const value = Number(text);
  if (!INTEGER.test(text.trim()) || value > max) throw badFlag(`${flag} "${text}" is not ${what} from 0 to ${max}`, hint);
  return value;
}

/**
 * The fault flags as emulator options, each checked with a message naming the flag, against the
 * emulator's own FAULT_LIMITS (which startEmulator checks again).
 */
export function faultOptions(
  flags: Pick<EmulatorFlags, 'faultRate' | 'dropRate' | 'latency' | 'rateLimit' | 'seed' | 'swallowGroupErrors'>,
): FaultOptions {
  const faultRate = rateFlag('--fault-rate', flags.faultRate);
  const dropRate = rateFlag('--drop-rate', flags.dropRate);
  if (faultRate + dropRate > 1) {
    throw badFlag(
      `--fault-rate ${flags.faultRate} and --drop-rate ${flags.dropRate} add up to more than 1`,
      'A request gets at most one fault, so the two rates share the requests: keep their sum at or below 1.',
    );
  }
  const latencyMs = integerFlag(
    '--latency',
    flags.latency,
    FAULT_LIMITS.latencyMs,
    'a whole number of milliseconds',
    'Use e.g. 200; each request waits 0.5x to 1.5x that long. 0 turns it off.',
  );
  const rateLimit = integerFlag(
    '--rate-limit',
    flags.rateLimit,
    FAULT_LIMITS.rateLimit,
    'a whole number of requests per second',
    'Use e.g. 50; 0 turns the limit off.',
  );
  const seed =
    flags.seed === undefined
      ? undefined
      : integerFlag('--seed', flags.seed, FAULT_LIMITS.seed, 'a whole number', 'Use the seed a previous run printed, or any integer.');
  return {
    faultRate,
    dropRate,
    latencyMs,
    rateLimit,
    ...(seed === undefined ? {} : { seed }),
    ...(flags.swallowGroupErrors ? { swallowGroupErrors: true } : {}),
  };
}

/**
 * The token to require: `--token-file FILE` (trimmed), else `--token`, else `DSIP_TOKEN`, else none
 * (a generated one). An empty one from any of them is refused, naming where it came from.
 */
function emulatorToken(flags: Pick<EmulatorFlags, 'token' | 'tokenFile'>, env: NodeJS.ProcessEnv): string | undefined {
  if (flags.tokenFile !== undefined && flags.token !== undefined) {
    throw badFlag(
      '--token and --token-file exclude each other',
      'Give the token one way: --token-file FILE (not visible to other users) or DSIP_TOKEN.',
    );
  }
  if (flags.tokenFile !== undefined) {
    const token = readSecretFile(flags.tokenFile, TOKEN_FILE).toString('utf8').trim();
    if (token === '') throw emptyTokenError(`the token file ${flags.tokenFile}`);
    return token;
  }
  if (flags.token !== undefined) {
    if (flags.token.trim() === '') throw emptyTokenError('--token');
    return flags.token;
  }
  const fromEnv = env.DSIP_TOKEN;
  if (fromEnv !== undefined && fromEnv.trim() === '') throw emptyTokenError('DSIP_TOKEN');
  return fromEnv;
}

/** The `--profile` flag, default `spec`. */
export function profileOption(text: string | undefined): ApiProfileName {
  if (text === undefined || text === 'spec' || text === 'current') return text ?? 'spec';
  throw badFlag(`--profile "${text}" is not an API profile`, 'Use spec (the API as specified) or current (the platform as deployed).');
}

/** `--header-timeout`, checked against the emulator's own bound, naming the flag. */
function headerTimeoutFlag(text: string | undefined): number {
  const hint = `Use e.g. ${DEFAULT_HEADER_TIMEOUT_MS} (the default): a request's headers must arrive within that long, or it is answered 408.`;
  const value = integerFlag(
    '--header-timeout',
    text ?? String(DEFAULT_HEADER_TIMEOUT_MS),
    SERVER_LIMITS.headerTimeoutMs,
    'a whole number of milliseconds',
    hint,
  );
  if (value === 0) throw badFlag('--header-timeout "0" would close every connection before its headers arrive', hint);
  return value;
}

/**
 * `dsipform emulator`: serves the platform API until SIGINT or SIGTERM. Prints exactly one line on
 * stdout when ready (`listening on URL`); everything else goes to stderr.
 */
export async function runEmulator(flags: EmulatorFlags, io: CliIo): Promise<number> {
  const port = Number(flags.port);
  if (!INTEGER.test(flags.port.trim()) || port > 65535) {
    throw new DsipformError('CLI_BAD_OPTION', `--port "${flags.port}" is not a port number`, 'Use 0 to 65535 (0 picks a free port).');
  }
  const faults = faultOptions(flags);
  const profile = profileOption(flags.profile);
  const tls = tlsOption(flags);
  const token = emulatorToken(flags, io.env);
  if (token !== undefined) io.secrets.add(token);
  // At most node's own requestTimeout (5 minutes), past which node answers 408 itself, outside the envelope.
  const bodyTimeout = integerFlag(
    '--body-timeout',
    flags.bodyTimeout ?? '30000',
    SERVER_LIMITS.bodyTimeoutMs,
    'a whole number of milliseconds',
    'Use e.g. 30000 (the default): a request body must arrive within that long, or is answered 408.',
  );
  const maxConnections = integerFlag(
    '--max-connections',
    flags.maxConnections ?? '1000',
    SERVER_LIMITS.maxConnections,
    'a whole number of connections',
    'Use e.g. 1000 (the default); 0 means no limit.',
  );
  if (bodyTimeout === 0) throw badFlag('--body-timeout "0" would refuse every request body', 'Use e.g. 30000 (the default).');
  const headerTimeoutMs = headerTimeoutFlag(flags.headerTimeout);
  const { startEmulator } = await import('../emulator/index.js');
  const emu = await startEmulator({
    host: flags.host,
    port,
    ...(token === undefined ? {} : { token }),
    dataFile: flags.data,
    tls,
    empty: Boolean(flags.empty),
    faults,
    profile,
    unlicensed: Boolean(flags.unlicensed),

    bodyTimeoutMs: bodyTimeout,
    maxConnections,
    headerTimeoutMs,
  });
  for (const file of emu.removedTempFiles) writeLine(io.stderr, `removed ${file}  (left by an emulator that was stopped mid-write)`);
  if (emu.tokenGenerated) writeLine(io.stderr, `token: ${emu.token}  (generated; set DSIP_TOKEN for clients)`);
  if (emu.faultSeed !== undefined)
    writeLine(io.stderr, `fault seed: ${emu.faultSeed}  (repeat this run's faults with --seed ${emu.faultSeed})`);
  if (emu.caFile) writeLine(io.stderr, `certificate: ${emu.caFile}  (trust it with --ca or DSIP_CA)`);
  if (flags.unlicensed) writeLine(io.stderr, 'unlicensed: every API call answers 401 "Core Subscription Required"');
  if (emu.profile !== 'spec') writeLine(io.stderr, `profile: ${emu.profile}  (the platform as deployed)`);
  writeLine(io.stdout, `listening on ${emu.url}`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await emu.close();
  writeLine(io.stderr, 'emulator stopped');
  return 0;
}
