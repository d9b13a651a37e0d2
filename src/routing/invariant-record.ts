/**
 * Invariant results as a plan records them (model/invariant.ts `PlanInvariant`), the command that
 * replays a counterexample, and the one refusal a violated invariant gives a plan
 * (PLAN_INVARIANT_FAILED), judged from the record so that a saved plan is refused as it was made.
 * Pure.
 */
import { DsipformError } from '../model/errors.js';
import { replayCommand, type PlanInvariant } from '../model/invariant.js';
import { count, plural } from '../model/words.js';
import type { InvariantResult } from './invariants.js';

/** One decided invariant as a plan carries it. */
export function planInvariant(r: InvariantResult): PlanInvariant {
  const c = r.counterexample;
  return {
    name: r.invariant.name,
    ...(r.invariant.origin ? { origin: r.invariant.origin } : {}),
    status: r.status,
    ...(r.message !== undefined ? { message: r.message } : {}),
    ...(c
      ? {
          counterexample: {
            direction: c.direction,
            to: c.to,
            from: c.from,
            at: c.at.local,
            tz: c.at.tz,
            when: c.when,
            took: c.took,
            replay: replayCommand(c),
            decision: c.decision,
          },
        }
      : {}),
  };
}

/** `"premium" (rules.yaml:12): MESSAGE; replay: dsipform route …`: a violation as a refusal names it. */
function violationShown(r: PlanInvariant): string {
  const where = r.origin ? ` (${r.origin.file}:${r.origin.line})` : '';
  const replay = r.counterexample ? `; replay: ${r.counterexample.replay}` : '';
  return `${JSON.stringify(r.name)}${where}: ${r.message ?? 'violated'}${replay}`;
}

/**
 * PLAN_INVARIANT_FAILED when any recorded invariant is violated, naming each with its call and
 * the command that replays it (so a program, a webhook or a log sees the counterexample too);
 * `undefined` when every one held (or there are none).
 */
export function violatedRefusal(records: readonly PlanInvariant[]): DsipformError | undefined {
  const bad = records.filter((r) => r.status === 'violated');
  if (bad.length === 0) return undefined;
  const named = bad.slice(0, 10).map(violationShown).join('; ') + (bad.length > 10 ? `; and ${bad.length - 10} more` : '');
  return new DsipformError(
    'PLAN_INVARIANT_FAILED',
    `refused: ${bad.length} of ${count(records.length, 'routing invariant')} ${plural(bad.length, 'is', 'are')} violated by the rules after the plan: ${named}`,
    "The plan's Routing invariants section shows the call that breaks each; replay it with dsipform route, then fix the rules or the invariant; if the plan is meant to break it, apply with --force.",
  );
}
