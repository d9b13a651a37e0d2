import { planRefusal } from '../apply/refusal.js';
import { DsipformError } from '../model/errors.js';
import type { Plan } from '../model/plan.js';
import { testsRefusal } from './routing-tests.js';

/** What the gate is told. */
export interface GateOptions {
  /** Let through a plan its safety findings or failed routing tests refuse (the CLI's `--force`). */
  readonly force?: boolean;
}

/**
 * The one decision whether a plan may be applied, for every verb that judges a plan: `plan` (which
 * fails with it, so a pull request is red when the apply after the merge would be refused), `apply`
 * and `apply --plan`, `drift`, `watch`, and the library's `planDesired`. It returns the refusal of
 * a plan whose safety findings stop it (deletes or changes past the limits, a protected kind, calls
 * left without a route: PLAN_UNSAFE, PLAN_UNROUTING), or whose routing tests failed against the
 * rules after it (PLAN_TESTS_FAILED); `undefined` when it may go ahead. When both refuse, the safety
 * refusal comes first and says the tests fail too. `applyPlan` asks the safety question itself, so a
 * front end that asks here first (to refuse before asking for approval) and one that does not refuse
 * alike; the tests are judged from the plan's own `routing_tests`, so a saved plan is refused as it
 * was when it was made.
 */
export function gate(plan: Pick<Plan, 'safety' | 'routing_tests'>, options: GateOptions = {}): DsipformError | undefined {
  if (options.force) return undefined;
  const unsafe = planRefusal(plan);
  const tests = testsRefusal(plan);
  if (unsafe && tests) {
    const also = tests.message.replace(/^refused: /, '');
    return new DsipformError(unsafe.code, `${unsafe.message}; and ${also}`, unsafe.hint);
  }
  return unsafe ?? tests;
}
