import { DsipformError } from '../model/errors.js';
import { STAT_KEYS } from '../model/stats.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { writeLine, type CliIo } from './io.js';

/** `dsipform stats`: the proxy counters as a table, or the record as JSON. */
export async function runStats(flags: PlatformFlags & { format: string }, io: CliIo): Promise<number> {
  if (flags.format !== 'table' && flags.format !== 'json') {
    throw new DsipformError('CLI_BAD_FORMAT', `--format "${flags.format}" is not known`, 'Use --format table or --format json.');
  }
  const stats = await withPlatform(flags, io, (client) => client.proxyStats());
  if (flags.format === 'json') {
    writeLine(io.stdout, JSON.stringify(stats, null, 2));
    return 0;
  }
  const width = Math.max(...STAT_KEYS.map((k) => k.length));
  writeLine(io.stdout, `${'counter'.padEnd(width)}  value`);
  for (const key of STAT_KEYS) writeLine(io.stdout, `${key.padEnd(width)}  ${stats[key]}`);
  return 0;
}
