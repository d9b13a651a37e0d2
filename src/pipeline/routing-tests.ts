import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import type { LiveState } from '../model/live.js';
import type { Plan } from '../model/plan.js';
import type { RoutingTestOutcome } from '../model/routing-test.js';
import { count, plural } from '../model/words.js';
import { rulesAfterPlan } from '../plan/routing-impact.js';
import { runRoutingTest } from '../routing/expect.js';
import { inventoryOf, ruleSetFromState } from '../routing/rule-set.js';
import { callTime } from '../routing/time.js';

/** The files' routing tests run against the rules after a plan, and the refusal when any fails. */
export interface RoutingTestsVerdict {
  readonly outcomes: readonly RoutingTestOutcome[];
  /** ROUTING_TESTS_FAILED, counting the failed tests; absent when every test passed (or there is none). */
  readonly refusal?: DsipformError;
}

/**
 * Runs the files' `routing_tests` against the rules the platform holds once `plan` is applied
 * (plan/routing-impact.ts `rulesAfterPlan`, the rules the lints and the impact read), with the
 * groups after the plan unless `allowDangling`: a test that passes on the files alone (`dsipform
 * test`) but not with the live rules the files keep, or the platform's groups, stops the plan. Each
 * test's call is made at its `at` (default `now`) in its `tz` (default this machine's zone). Pure.
 */
export function planRoutingTests(
  desired: DesiredState,
  live: LiveState,
  plan: Pick<Plan, 'changes'>,
  now: number,
  allowDangling = false,
): RoutingTestsVerdict {
  const tests = desired.routing_tests ?? [];
  if (tests.length === 0) return { outcomes: [] };
  const { state, groups } = rulesAfterPlan(live, plan.changes, desired);
  const set = ruleSetFromState(state, allowDangling || !groups.groups ? undefined : inventoryOf(groups.groups));
  const outcomes = tests.map((test) => {
    const at = callTime(test.at, test.tz, now);
    if ('problem' in at) {
      throw new DsipformError(
        'CONFIG_INVALID',
        `${test.origin ? `${test.origin.file}:${test.origin.line}: ` : ''}${at.problem}`,
        "Fix the test's at: or tz:.",
      );
    }
    return runRoutingTest(set, test, at);
  });
  const failed = outcomes.filter((o) => o.status === 'failed').length;
  if (failed === 0) return { outcomes };
  return {
    outcomes,
    refusal: new DsipformError(
      'ROUTING_TESTS_FAILED',
      `${failed} of ${count(outcomes.length, 'routing test')} ${plural(failed, 'fails', 'fail')} against the rules after the plan; nothing was sent to the platform`,
      'Each failure names its test (FILE:LINE), what it expected and what the proxy would do once the plan is applied (the live rules policy.ignore keeps included); fix the rules or the test.',
    ),
  };
}
