import { readFileSync } from 'node:fs';
import { DsipformError } from '../model/errors.js';
import { writeLine, type CliIo } from './io.js';

/** The `dsipform emulator` flags as commander parses them. */
export interface EmulatorFlags {
  host: string;
  port: string;
  token?: string;
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
}

function readPem(file: string, flag: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new DsipformError('CONFIG_FILE_UNREADABLE', `cannot read ${flag} ${file} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`, `Check the path given to ${flag}.`);
  }
}

function tlsOption(flags: EmulatorFlags): boolean | { cert: string; key: string } {
  if (Boolean(flags.tlsCert) !== Boolean(flags.tlsKey)) {
    throw new DsipformError('CLI_BAD_OPTION', '--tls-cert and --tls-key go together', 'Give both, or use --tls for a generated certificate.');
  }
  if (flags.tlsCert && flags.tlsKey) return { cert: readPem(flags.tlsCert, '--tls-cert'), key: readPem(flags.tlsKey, '--tls-key') };
  return Boolean(flags.tls);
}

/**
 * `dsipform emulator`: serves the platform API until SIGINT or SIGTERM. Prints exactly one line on
 * stdout when ready (`listening on URL`); everything else goes to stderr.
 */
export async function runEmulator(flags: EmulatorFlags, io: CliIo): Promise<number> {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new DsipformError('CLI_BAD_OPTION', `--port "${flags.port}" is not a port number`, 'Use 0 to 65535 (0 picks a free port).');
  }
  const { startEmulator } = await import('../emulator/index.js');
  const emu = await startEmulator({
    host: flags.host,
    port,
    token: flags.token ?? io.env.DSIP_TOKEN ?? undefined,
    dataFile: flags.data,
    tls: tlsOption(flags),
    empty: Boolean(flags.empty),
  });
  if (emu.tokenGenerated) writeLine(io.stderr, `token: ${emu.token}  (generated; set DSIP_TOKEN for clients)`);
  if (emu.caFile) writeLine(io.stderr, `certificate: ${emu.caFile}  (trust it with --ca or DSIP_CA)`);
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
