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
 * The gate before apply: the refusal of a plan whose safety findings (deletes or changes past the
 * limits, a protected kind, calls left without a route) stop it (PLAN_UNSAFE, PLAN_UNROUTING), or
 * whose routing tests failed against the rules after it (PLAN_TESTS_FAILED); `undefined` when it
 * may go ahead. When both refuse, the safety refusal comes first and says the tests fail too.
 * `applyPlan` asks the safety question itself, so a front end that asks here first (to refuse
 * before asking for approval) and one that does not refuse alike; the tests are judged from the
 * plan's own `routing_tests`, so a saved plan is refused as it was when it was made.
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

/**
 * The gate of `plan`: a plan is shown whatever its safety findings say (apply refuses those), but
 * one whose routing tests fail is refused (PLAN_TESTS_FAILED) unless `force`, and not saved.
 */
export function planGate(plan: Pick<Plan, 'routing_tests'>, options: GateOptions = {}): DsipformError | undefined {
  return options.force ? undefined : testsRefusal(plan);
}
