import { count } from '../model/words.js';
import { KINDS, managedCollections } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';
import { filesFindings } from '../pipeline/lints.js';
import { reportFindings } from './lint-output.js';
import { proxyClock, readClockFlags } from './proxy-clock.js';

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
  // Every collection the files declare, from the registry, in its order: a new kind is counted
  // without a line here (endpoint groups and numbers were left out while this was a list).
  const declared = KINDS.flatMap((kind) => {
    const { collection, noun } = KIND_SPECS[kind];
    const entries = desired[collection];
    return entries ? [{ collection, noun, size: entries.length }] : [];
  });
  const counts = declared.map((d) => count(d.size, d.noun));
  if (format === 'json') {
    const sizes = Object.fromEntries(declared.map((d) => [d.collection, d.size]));
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
