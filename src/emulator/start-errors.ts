import { dirname } from 'node:path';
import { DsipformError } from '../model/errors.js';

/**
 * The emulator's start-up failures as coded errors: what went wrong, where, and what to do. Each is
 * something the person starting it can cause (a taken port, a typo in a path), never a bug, so the
 * CLI prints the message and the hint rather than a stack trace.
 */

function errnoOf(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The token was given and is empty. */
export function emptyTokenError(source = 'the token'): DsipformError {
  return new DsipformError(
    'EMULATOR_EMPTY_TOKEN',
    `${source} is empty; the emulator needs a token to require`,
    'Put the token in a file and pass --token-file FILE (or set DSIP_TOKEN), or give none for a generated one.',
  );
}

/** `server.listen` failed: the port is taken, the address is not this machine's, and so on. */
export function listenError(err: unknown, host: string, port: number): DsipformError {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (errnoOf(err)) {
    case 'EADDRINUSE':
      return new DsipformError(
        'EMULATOR_PORT_IN_USE',
        `cannot listen on ${where}: the port is already in use`,
        'Stop what listens there, or choose another port with --port (--port 0 picks a free one).',
        { cause: err },
      );
    case 'EADDRNOTAVAIL':
      return new DsipformError(
        'EMULATOR_ADDRESS_UNAVAILABLE',
        `cannot listen on ${where}: ${host} is not an address of this machine`,
        'Give --host an address this machine has: 127.0.0.1 or ::1 (this machine only), 0.0.0.0 (every interface), or one shown by `ip addr`.',
        { cause: err },
      );
    case 'EACCES':
      return new DsipformError(
        'EMULATOR_PORT_DENIED',
        `cannot listen on ${where}: permission denied`,
        'Ports below 1024 need privileges: use a higher port with --port (the platform uses 5000).',
        { cause: err },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new DsipformError(
        'EMULATOR_HOST_UNKNOWN',
        `cannot listen on ${where}: no address found for the host name ${host}`,
        'Give --host an IP address (127.0.0.1, ::1, 0.0.0.0) or a name this machine resolves.',
        { cause: err },
      );
    default:
      return new DsipformError(
        'EMULATOR_LISTEN_FAILED',
        `cannot listen on ${where} (${errnoOf(err) ?? messageOf(err)})`,
        'Check --host and --port.',
        { cause: err },
      );
  }
}

/** The data file exists but cannot be read (a directory, no permission). */
export function dataUnreadableError(file: string, err: unknown): DsipformError {
  return new DsipformError(
    'EMULATOR_DATA_UNREADABLE',
    `cannot read the emulator data file ${file} (${errnoOf(err) ?? messageOf(err)})`,
    'Give --data a readable file, or a path where a new one may be created.',
    { cause: err },
  );
}

/** The data file is not a snapshot the emulator wrote. */
export function dataCorruptError(file: string, reason: string): DsipformError {
  return new DsipformError(
    'EMULATOR_DATA_CORRUPT',
    `the emulator data file ${file} is corrupt: ${reason}`,
    `Restore it from a backup, or move it away (mv ${file} ${file}.bad) to start an empty platform there.`,
  );
}

/** The data file cannot be written (checked once at start by saving it). */
export function dataUnwritableError(file: string, err: unknown): DsipformError {
  const code = errnoOf(err);
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new DsipformError(
      'EMULATOR_DATA_UNWRITABLE',
      `cannot write the emulator data file ${file}: the directory ${dirname(file)} does not exist`,
      `Create it (mkdir -p ${dirname(file)}), or give --data a path in a directory that exists.`,
      { cause: err },
    );
  }
  return new DsipformError(
    'EMULATOR_DATA_UNWRITABLE',
    `cannot write the emulator data file ${file} (${code ?? messageOf(err)})`,
    'Give --data a path in a directory you may write to.',
    { cause: err },
  );
}

/** The certificate file for clients cannot be written. */
export function certUnwritableError(file: string, err: unknown): DsipformError {
  return new DsipformError(
    'EMULATOR_CERT_UNWRITABLE',
    `cannot write the emulator's certificate to ${file} (${errnoOf(err) ?? messageOf(err)})`,
    'The certificate goes beside the --data file: give --data a path in a directory you may write to.',
    { cause: err },
  );
}

/** The given certificate or key is not usable. */
export function tlsError(message: string): DsipformError {
  return new DsipformError(
    'EMULATOR_TLS_INVALID',
    message,
    'Give --tls-cert the PEM certificate and --tls-key the PEM private key made with it, or use --tls for a generated pair.',
  );
}
