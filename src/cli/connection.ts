import { readFileSync } from 'node:fs';
import { caProblem, type ConnectionOptions } from '../api/connection.js';
import { DEFAULT_RETRY, type RetryPolicy } from '../api/retry.js';
import type { ProfileChoice } from '../api/profile.js';
import { DsipformError } from '../model/errors.js';
import { credentialsProblem, shownUrl } from '../model/platform-url.js';
import { writeLine, type CliIo } from './io.js';
import { readSecretFile, TOKEN_FILE } from './secret-file.js';

/** The connection flags as commander parses them. */
export interface ConnectionFlags {
  url?: string;
  tokenFile?: string;
  token?: string;
  ca?: string;
  insecure?: boolean;
  timeout?: string;
  maxAttempts?: string;
  retryBase?: string;
  retryMaxTime?: string;
  apiProfile?: string;
}

/** Adds the connection flags (`--url`, `--token-file`, ...): in ./options.ts, which loads nothing heavy. */
export { addConnectionOptions } from './options.js';

/** Reads a small text file a flag names (the CA); throws `CONFIG_FILE_UNREADABLE` naming the flag when it cannot. */
function readText(file: string, what: string, flag: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new DsipformError('CONFIG_FILE_UNREADABLE', `cannot read ${what} ${file} (${reason})`, `Check the path given to ${flag}.`);
  }
}

/**
 * Resolves the connection settings from flags and environment; throws `DsipformError` saying
 * which setting is missing or wrong. Registers the token as a secret to redact. Prints the
 * warning of `--insecure` (or `DSIP_INSECURE`), once per call.
 */
export function resolveConnection(flags: ConnectionFlags, io: CliIo): ConnectionOptions {
  return connectionOf(flags, io, (line) => writeLine(io.stderr, line));
}

/**
 * {@link resolveConnection}, its warning handed to `warn` instead of printed: a run that resolves
 * its platform before it reads its files prints it (and any error) where it starts to use them.
 */
export function connectionOf(flags: ConnectionFlags, io: CliIo, warn: (line: string) => void): ConnectionOptions {
  if (flags.token !== undefined) {
    throw new DsipformError(
      'CONFIG_TOKEN_ON_COMMAND_LINE',
      'the API token may not be given on the command line',
      'Other users can read command lines with ps: set DSIP_TOKEN or use --token-file FILE.',
    );
  }
  const url = flags.url ?? io.env.DSIP_URL;
  if (!url) {
    throw new DsipformError('CONFIG_NO_URL', 'no platform URL given', 'Pass --url URL or set DSIP_URL, e.g. https://sip.example.com:5000.');
  }
  const setting = flags.url !== undefined ? '--url' : 'DSIP_URL';
  // Before any message shows the URL: a password in it would be printed there.
  const credentials = credentialsProblem(url);
  if (credentials) {
    throw new DsipformError(
      'CONFIG_URL_CREDENTIALS',
      `${setting}: ${credentials}`,
      `Remove user:password@ from ${setting}. The API token is the one credential dsipform sends: set DSIP_TOKEN or use --token-file FILE.`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DsipformError('CONFIG_BAD_URL', `the platform URL "${shownUrl(url)}" is not a URL`, 'Use the form https://host:5000.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new DsipformError(
      'CONFIG_BAD_URL',
      `the platform URL "${url}" must start with http:// or https://`,
      'Use the form https://host:5000.',
    );
  }
  const token = flags.tokenFile ? readSecretFile(flags.tokenFile, TOKEN_FILE).toString('utf8').trim() : io.env.DSIP_TOKEN;
  if (!token) {
    throw new DsipformError(
      'CONFIG_NO_TOKEN',
      flags.tokenFile ? `the token file ${flags.tokenFile} is empty` : 'no API token given',
      'Set DSIP_TOKEN or pass --token-file FILE.',
    );
  }
  io.secrets.add(token);
  const caFile = flags.ca ?? io.env.DSIP_CA;
  const timeoutMs = Number(flags.timeout ?? '30000');
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new DsipformError(
      'CONFIG_BAD_TIMEOUT',
      `--timeout "${flags.timeout}" is not a positive number of milliseconds`,
      'For example --timeout 10000.',
    );
  }
  const insecureEnv = io.env.DSIP_INSECURE;
  const insecure = Boolean(flags.insecure) || insecureEnv === '1' || insecureEnv === 'true';
  if (insecure) {
    const what = flags.insecure ? '--insecure' : 'DSIP_INSECURE';
    // One line per run: the connection is resolved once per command.
    warn(
      parsed.protocol === 'https:'
        ? `warning: ${what}: the certificate of ${parsed.host} is not verified, so anyone on the network path could pose as the platform and read the token; trust its CA with --ca FILE instead`
        : `warning: ${what} has no effect on an http:// URL: nothing is encrypted, and the token crosses the network in the clear`,
    );
  }
  return {
    url,
    token,
    ca: caFile ? readCa(caFile) : undefined,
    insecure,
    timeoutMs,
    retry: retryPolicy(flags),
    profile: profileChoice(flags, io),
    secrets: io.secrets,
  };
}

function readCa(file: string): string {
  const pem = readText(file, 'CA file', '--ca (or DSIP_CA)');
  const problem = caProblem(pem);
  if (problem) {
    throw new DsipformError(
      'CONFIG_BAD_CA',
      `the CA file ${file} is not a certificate: ${problem}`,
      "Give --ca (or DSIP_CA) the PEM certificate of the CA that signed the platform's certificate (for a self-signed install, the certificate itself), not its key.",
    );
  }
  return pem;
}

function count(text: string | undefined, flag: string, min: number, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    throw new DsipformError(
      'CONFIG_BAD_RETRY',
      `${flag} "${text}" is not a whole number of at least ${min}`,
      `For example ${flag} ${fallback} (the default).`,
    );
  }
  return n;
}

/** `--api-profile` when given (not the default), else `DSIP_API_PROFILE`, else `auto`. */
export function profileChoice(flags: ConnectionFlags, io: CliIo): ProfileChoice {
  const value = flags.apiProfile && flags.apiProfile !== 'auto' ? flags.apiProfile : io.env.DSIP_API_PROFILE || 'auto';
  if (value !== 'auto' && value !== 'spec' && value !== 'current') {
    throw new DsipformError('CONFIG_BAD_PROFILE', `DSIP_API_PROFILE "${value}" is not an API profile`, 'Use spec, current, or auto.');
  }
  return value;
}

/** The retry bounds from `--max-attempts`, `--retry-base` and `--retry-max-time`. */
export function retryPolicy(flags: ConnectionFlags): Partial<RetryPolicy> {
  return {
    maxAttempts: count(flags.maxAttempts, '--max-attempts', 1, DEFAULT_RETRY.maxAttempts),
    baseMs: count(flags.retryBase, '--retry-base', 0, DEFAULT_RETRY.baseMs),
    totalMs: count(flags.retryMaxTime, '--retry-max-time', 0, DEFAULT_RETRY.totalMs),
  };
}
