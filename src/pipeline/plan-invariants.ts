import type { DsipformError } from '../model/errors.js';
import type { Plan } from '../model/plan.js';
import { violatedRefusal } from '../routing/invariant-record.js';

// The invariants are decided below (routing/plan-invariants.ts, on the rules and book the routing
// tests are judged with) and carried by the plan; the gate judges the plan's own record.

/**
 * PLAN_INVARIANT_FAILED when any invariant the plan records is violated (each named with its call
 * and the `dsipform route` command that replays it); `undefined` otherwise. The plan's own record
 * is the judge, so a saved plan is refused exactly as it was when it was made.
 */
export function invariantsGateRefusal(plan: Pick<Plan, 'invariants'>): DsipformError | undefined {
  return violatedRefusal(plan.invariants ?? []);
}
