import { planRefusal } from '../apply/refusal.js';
import type { DsipformError } from '../model/errors.js';
import type { Plan } from '../model/plan.js';

/** What the gate is told. */
export interface GateOptions {
  /** Let through a plan its safety findings refuse (the CLI's `--force`). */
  readonly force?: boolean;
}

/**
 * The gate before apply: the refusal of a plan whose safety findings (deletes or changes past the
 * limits, a protected kind, calls left without a route) stop it (PLAN_UNSAFE, PLAN_UNROUTING), or
 * `undefined` when it may go ahead. `applyPlan` asks the same question itself, so a front end that
 * asks here first (to refuse before asking for approval) and one that does not refuse alike.
 */
export function gate(plan: Pick<Plan, 'safety'>, options: GateOptions = {}): DsipformError | undefined {
  return options.force ? undefined : planRefusal(plan);
}
