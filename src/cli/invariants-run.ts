import { DsipformError } from '../model/errors.js';
import { replayCommand } from '../model/invariant.js';
import { count } from '../model/words.js';
import type { PlanIssue } from '../model/plan.js';
import type { InvariantResult } from '../routing/invariants.js';
import { formatIssue } from '../config/index.js';
import { writeLine, type CliIo } from './io.js';

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

/**
 * Prints each problem that stops the routing tests or the invariants (an expectation or a
 * destination by a name no group or gateway has, or several have) at its FILE:LINE:COL, and fails
 * as a configuration problem: nothing of `what` was run.
 */
export function failOnNameIssues(issues: readonly PlanIssue[], what: 'tests' | 'invariants', io: CliIo): never {
  for (const i of issues)
    writeLine(io.stderr, i.origin ? formatIssue({ ...i.origin, message: i.message, hint: i.hint }) : `${i.message}\n  hint: ${i.hint}`);
  throw new DsipformError(
    'CONFIG_INVALID',
    what === 'tests'
      ? `${count(issues.length, 'problem')} in the routing tests; no test was run`
      : `${count(issues.length, 'problem')} in the routing invariants; none was decided`,
    what === 'tests'
      ? 'Fix the lines above (each names FILE:LINE:COL), then run again.'
      : 'Name a destination as a group or gateway of the files or of the platform is named (the hint above lists them).',
  );
}
