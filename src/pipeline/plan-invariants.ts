import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import type { PlanInvariant } from '../model/invariant.js';
import type { Plan } from '../model/plan.js';
import type { NameBook } from '../routing/expect-names.js';
import { planInvariant, violatedRefusal } from '../routing/invariant-record.js';
import { checkInvariants } from '../routing/invariants.js';
import { callTime } from '../model/time/call-time.js';
import type { RuleSet } from '../routing/types.js';

/**
 * Decides the files' routing invariants against the rules after a plan (`set`, destinations
 * judged with `book`: pipeline/routing-tests.ts `rulesAndBookAfter`), over the horizon from the
 * day holding `now` in the proxy's `zone` (the same start as the routing impact's): each as the
 * plan records it. Empty when the files hold none. Throws CLI_BAD_OPTION for a zone that is not
 * one (the CLI checks the zone before; a program may give any). Pure.
 */
export function planInvariants(
  desired: Pick<DesiredState, 'invariants'>,
  set: RuleSet,
  book: NameBook,
  now: number,
  zone: string | (() => string),
): PlanInvariant[] {
  const invariants = desired.invariants ?? [];
  if (invariants.length === 0) return [];
  const start = callTime(undefined, typeof zone === 'function' ? zone() : zone, now);
  if ('problem' in start) throw new DsipformError('CLI_BAD_OPTION', start.problem, 'Give the proxy zone with --tz.');
  return checkInvariants(set, invariants, start, book).map(planInvariant);
}

/**
 * The plan with the files' invariants in it (`invariants`), frozen, so that they are shown, saved
 * and checksummed with it and a saved plan is judged by them; the plan itself when there are none.
 */
export function withInvariants<P extends Plan>(plan: P, section: readonly PlanInvariant[]): P {
  if (section.length === 0) return plan;
  return Object.freeze({ ...plan, invariants: Object.freeze(section.map((r) => Object.freeze(r))) });
}

/**
 * PLAN_INVARIANT_FAILED when any invariant the plan records is violated (each named with its call
 * and the `dsipform route` command that replays it); `undefined` otherwise. The plan's own record
 * is the judge, so a saved plan is refused exactly as it was when it was made.
 */
export function invariantsGateRefusal(plan: Pick<Plan, 'invariants'>): DsipformError | undefined {
  return violatedRefusal(plan.invariants ?? []);
}
