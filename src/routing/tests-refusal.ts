/**
 * The refusal of a plan whose routing tests failed (PLAN_TESTS_FAILED), judged from the tests as
 * the plan records them: by the tests' own step when it runs them (run-tests.ts), and by the gate
 * from a saved plan's record, in the same words. Pure.
 */
import { DsipformError } from '../model/errors.js';
import type { PlanRoutingTest } from '../model/routing-test.js';
import { count, plural } from '../model/words.js';

/** `"UK calls" (tests.yaml:12)`: a test as a refusal names it. */
function testShown(t: PlanRoutingTest): string {
  return `${JSON.stringify(t.name)}${t.origin ? ` (${t.origin.file}:${t.origin.line})` : ''}`;
}

/**
 * PLAN_TESTS_FAILED when any of a plan's routing tests (`Plan.routing_tests`) failed against the
 * rules after the plan, naming them; `undefined` when none did (or there are none). The record is
 * the judge, so a saved plan is refused exactly as it was when it was made.
 */
export function testsRefusal(tests: readonly PlanRoutingTest[]): DsipformError | undefined {
  const failed = tests.filter((t) => t.status === 'failed');
  if (failed.length === 0) return undefined;
  const named = failed.slice(0, 10).map(testShown).join(', ') + (failed.length > 10 ? `, and ${failed.length - 10} more` : '');
  return new DsipformError(
    'PLAN_TESTS_FAILED',
    `refused: ${failed.length} of ${count(tests.length, 'routing test')} ${plural(failed.length, 'fails', 'fail')} against the rules after the plan: ${named}`,
    "The plan's Routing tests section shows what each expected and what the proxy would do once the plan is applied. Fix the rules or the test; if the plan is meant to break them, apply with --force.",
  );
}
