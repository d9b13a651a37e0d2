import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import { count } from '../model/words.js';
import { checkInvariants, type Counterexample, type InvariantResult } from '../routing/invariants.js';
import type { NameBook } from '../routing/expect-names.js';
import { callTime } from '../model/time/call-time.js';
import type { RuleSet } from '../routing/types.js';
import { writeLine, type CliIo } from './io.js';

/** The `dsipform route` command that replays a counterexample. */
export function replayCommand(c: Counterexample): string {
  return `dsipform route --direction ${c.direction} --to ${c.to}${c.from !== '' ? ` --from ${c.from}` : ''} --at ${c.at.local} --tz ${c.at.tz}`;
}

/** Decides the files' invariants against `set` from now in the proxy's zone `tz` (none: `[]`). */
export function decideInvariants(desired: DesiredState, set: RuleSet, book: NameBook, tz: string, io: CliIo): InvariantResult[] {
  const invariants = desired.invariants ?? [];
  if (invariants.length === 0) return [];
  const start = callTime(undefined, tz, io.now());
  if ('problem' in start) throw new DsipformError('CLI_BAD_OPTION', start.problem, 'Give the proxy zone with --tz.');
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
