import { DsipformError } from '../model/errors.js';
import { count } from '../model/words.js';
import type { Counterexample, InvariantResult } from '../routing/invariants.js';
import { writeLine, type CliIo } from './io.js';

/** The `dsipform route` command that replays a counterexample. */
export function replayCommand(c: Counterexample): string {
  return `dsipform route --direction ${c.direction} --to ${c.to}${c.from !== '' ? ` --from ${c.from}` : ''} --at ${c.at.local} --tz ${c.at.tz}`;
}

/**
 * Prints one line per invariant (a violation with its call and the `dsipform route` command that
 * replays it) on `out`, and throws `ROUTING_INVARIANTS_FAILED` when any is violated.
 */
export function reportInvariants(results: readonly InvariantResult[], out: CliIo['stdout']): void {
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
}
