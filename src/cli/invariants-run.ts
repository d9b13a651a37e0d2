import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import { count } from '../model/words.js';
import { checkInvariants, type InvariantResult } from '../routing/invariants.js';
import { replayCommand } from '../routing/invariant-record.js';
import type { NameBook } from '../routing/expect-names.js';
import { callTime } from '../routing/time.js';
import type { RuleSet } from '../routing/types.js';
import { formatIssue } from '../config/index.js';
import { invariantNameIssues } from '../routing/invariant-names.js';
import { writeLine, type CliIo } from './io.js';

export { replayCommand };

/** Decides the files' invariants against `set` from now in the proxy's zone `tz` (none: `[]`). */
export function decideInvariants(desired: DesiredState, set: RuleSet, book: NameBook, tz: string, io: CliIo): InvariantResult[] {
  const invariants = desired.invariants ?? [];
  if (invariants.length === 0) return [];
  const start = callTime(undefined, tz, io.now());
  if ('problem' in start) throw new DsipformError('CLI_BAD_OPTION', start.problem, 'Give the proxy zone with --tz.');
  // A destination by a name nothing here has would decide nothing: a problem at the invariant, as a test's.
  const named = invariantNameIssues(invariants, book);
  if (named.length > 0) {
    for (const i of named)
      writeLine(io.stderr, i.origin ? formatIssue({ ...i.origin, message: i.message, hint: i.hint }) : `${i.message}\n  hint: ${i.hint}`);
    throw new DsipformError(
      'CONFIG_INVALID',
      `${count(named.length, 'problem')} in the routing invariants; none was decided`,
      'Name a destination as a group or gateway of the files or of the platform is named (the hint above lists them).',
    );
  }
  return checkInvariants(set, invariants, start, book);
}

/**
 * Decides the files' invariants (see {@link decideInvariants}) and reports them ({@link reportInvariants}).
 */
export function runInvariants(
  desired: DesiredState,
  set: RuleSet,
  book: NameBook,
  tz: string,
  io: CliIo,
  out = io.stdout,
): InvariantResult[] {
  return reportInvariants(decideInvariants(desired, set, book, tz, io), out);
}

/**
 * Prints one line per invariant (a violation with its call and the `dsipform route` command that
 * replays it) on `out`, and throws `ROUTING_INVARIANTS_FAILED` when any is violated.
 */
export function reportInvariants(results: InvariantResult[], out: CliIo['stdout']): InvariantResult[] {
  for (const r of results) {
    const o = r.invariant.origin;
    const where = o ? `${o.file}:${o.line}: ` : '';
    if (r.status === 'held') writeLine(out, `ok   ${where}invariant ${JSON.stringify(r.invariant.name)}`);
    else {
      writeLine(out, `FAIL ${where}invariant ${JSON.stringify(r.invariant.name)}: ${r.message ?? ''}`);
      if (r.counterexample) writeLine(out, `  replay: ${replayCommand(r.counterexample)}`);
    }
  }
  const bad = results.filter((r) => r.status === 'violated').length;
  if (bad > 0)
    throw new DsipformError(
      'ROUTING_INVARIANTS_FAILED',
      `${bad} of ${count(results.length, 'routing invariant')} violated`,
      'Each FAIL above names a call that breaks it and the dsipform route command that replays it; fix the rules or the invariant.',
    );
  return results;
}
