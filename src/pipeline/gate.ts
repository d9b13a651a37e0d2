import { joinRefusals, type DsipformError } from '../model/errors.js';
import type { Plan } from '../model/plan.js';
import { planRefusal } from '../plan/refusal.js';
import { testsRefusal } from '../routing/tests-refusal.js';
import { invariantsGateRefusal } from './plan-invariants.js';

/** What the gate is told. */
export interface GateOptions {
  /** Let through a plan its safety findings, failed routing tests or violated invariants refuse (the CLI's `--force`). */
  readonly force?: boolean;
}

/**
 * The one decision whether a plan may be applied, for every verb that judges a plan: `plan` (which
 * fails with it, so a pull request is red when the apply after the merge would be refused), `apply`
 * and `apply --plan`, `drift`, `watch`, and the library's `planDesired`. A plan the pipeline makes
 * is refused as its steps find it (pipeline.ts joins their refusals in this same order and words);
 * this is the decision of a plan already made, from its records. It returns the refusal of
 * a plan whose safety findings stop it (deletes or changes past the limits, a protected kind, calls
 * left without a route: PLAN_UNSAFE, PLAN_UNROUTING), whose routing tests failed against the
 * rules after it (PLAN_TESTS_FAILED), or whose routing invariants are violated by those rules
 * (PLAN_INVARIANT_FAILED); `undefined` when it may go ahead. When several refuse, the first in that
 * order gives the code and says the others refuse too. `applyPlan` asks the safety question itself,
 * so a front end that asks here first (to refuse before asking for approval) and one that does not
 * refuse alike; the tests and invariants are judged from the plan's own `routing_tests` and
 * `invariants`, so a saved plan is refused as it was when it was made.
 */
export function gate(plan: Pick<Plan, 'safety' | 'routing_tests' | 'invariants'>, options: GateOptions = {}): DsipformError | undefined {
  if (options.force) return undefined;
  return joinRefusals([planRefusal(plan), testsRefusal(plan.routing_tests ?? []), invariantsGateRefusal(plan)]);
}
