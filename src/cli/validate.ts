import { count } from '../model/words.js';
import { managedCollections } from '../model/desired.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';
import { filesFindings } from '../pipeline/lints.js';
import { reportFindings } from './lint-output.js';
import { proxyClock, readClockFlags } from './proxy-clock.js';

/** The collections whose sizes `--format json` reports. */
const COLLECTIONS = ['inbound_mappings', 'outbound_routes', 'endpoint_leases', 'carrier_groups'] as const;

/**
 * `dsipform validate PATH...`: checks the files without the network, then lints their routing
 * (warnings on stderr; `strict` makes them errors). Exit 0, or 1 on any error. `format` json writes
 * `{valid, files, counts}` instead of the sentence (markdown is the sentence, as text is).
 */
export async function runValidate(paths: string[], io: CliIo, cdktf?: string, strict = false, format = 'text'): Promise<number> {
  const desired = await loadOrFail(paths, io, cdktf, 'validate');
  reportFindings(filesFindings(desired, strict), io);
  if (desired.invariants !== undefined) {
    // Loaded only for files that state invariants: the routing tests' module reads the platform too,
    // and a plain validate must not load the client (test/build/lazy-chunks.test.ts).
    const [{ failOnNameIssues, reportInvariants }, { decideInvariants, filesTestRules }, { clockTime }] = await Promise.all([
      import('./invariants-run.js'),
      import('../pipeline/file-tests.js'),
      import('../pipeline/clock.js'),
    ]);
    const start = clockTime(proxyClock(readClockFlags({}), desired, io), io.now());
    const decided = decideInvariants(desired, filesTestRules(desired), start);
    if (!decided.ok) return failOnNameIssues(decided.issues, 'invariants', io);
    reportInvariants(decided.results, io.stderr);
  }
  const managed = managedCollections(desired);
  const counts = [
    desired.inbound_mappings ? count(desired.inbound_mappings.length, 'inbound mapping') : null,
    desired.outbound_routes ? count(desired.outbound_routes.length, 'outbound route') : null,
    desired.endpoint_leases ? count(desired.endpoint_leases.length, 'endpoint lease') : null,
    desired.carrier_groups ? count(desired.carrier_groups.length, 'carrier group') : null,
  ].filter(Boolean);
  if (format === 'json') {
    const sizes = Object.fromEntries(COLLECTIONS.flatMap((c) => (desired[c] ? [[c, desired[c].length]] : [])));
    io.stdout.write(`${JSON.stringify({ valid: true, files: desired.files.length, counts: sizes }, null, 2)}\n`);
  } else
    writeLine(io.stdout, `Valid: ${count(desired.files.length, 'file')}, ${counts.length ? counts.join(', ') : 'no managed collections'}.`);
  if (managed.length === 0)
    writeLine(
      io.stderr,
      'warning: the files declare no collection, so a plan manages nothing. Add inbound_mappings: or outbound_routes: (even as []).',
    );
  return 0;
}
