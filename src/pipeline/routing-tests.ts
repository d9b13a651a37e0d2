import type { DesiredState } from '../model/desired.js';
import type { GatewayLabel } from '../model/group.js';
import type { LiveState } from '../model/live.js';
import type { Plan } from '../model/plan.js';
import { runTimes } from '../model/time/call-time.js';
import { rulesAfterPlan, type RulesAfter } from '../plan/routing-impact.js';
import { namesAfterPlan } from '../plan/test-names.js';
import { placeRules, runRoutingTests, type PlaceRules, type RoutingTestsVerdict } from '../routing/run-tests.js';
import { planZone } from './plan-platform.js';

/**
 * Runs the files' `routing_tests` against the rules the platform holds once `plan` is applied
 * (plan/routing-impact.ts `rulesAfterPlan`, the rules the lints and the impact read), with the
 * groups after the plan unless `allowDangling`: a test that passes on the files alone (`dsipform
 * test`) but not with the live rules the files keep, or the platform's groups, fails here. Names in
 * expectations (`carrier_group:`, `group:`, `gateways:`) are resolved against the groups after the
 * plan (the files' carrier groups included) and the gateways whose names are known: those of the
 * carrier groups the plan read or changes, and `labels` (read before planning,
 * apply/read-gateway-labels.ts). Each test's call is made at its `at` (default `now`) in its `tz`,
 * default the proxy's zone `zone` (by default the desired state's `proxy.timezone`, else this
 * machine's). `after` is the rules after the plan in the files' order when the caller built them
 * already (the pipeline builds them once per plan); without it they are built here. The names are
 * the planner's part (plan/test-names.ts), the run the simulation's (routing/run-tests.ts). Pure.
 */
export function planRoutingTests(
  desired: DesiredState,
  live: LiveState,
  plan: Pick<Plan, 'changes'>,
  now: number,
  allowDangling = false,
  labels: readonly GatewayLabel[] = [],
  zone: string | (() => string) = planZone(desired, {}),
  after?: RulesAfter,
): RoutingTestsVerdict {
  const tests = desired.routing_tests ?? [];
  if (tests.length === 0) return { outcomes: [], section: [], issues: [] };
  const times = runTimes({ routing_tests: tests }, now, zone).tests;
  return runRoutingTests(tests, rulesAndBookAfter(desired, live, plan, allowDangling, labels, after), times);
}

/**
 * The rules after a plan as the proxy decides them (with the groups after the plan unless
 * `allowDangling`), and what is known of groups and gateways after it to judge destinations by
 * name: what the routing tests and the invariants are judged with. The names are the planner's
 * (plan/test-names.ts), the rules and book the simulation's (routing/run-tests.ts `placeRules`).
 * `after` as in {@link planRoutingTests}. Pure.
 */
export function rulesAndBookAfter(
  desired: DesiredState,
  live: LiveState,
  plan: Pick<Plan, 'changes'>,
  allowDangling: boolean,
  labels: readonly GatewayLabel[],
  after?: RulesAfter,
): PlaceRules {
  const rules = after ?? rulesAfterPlan(live, plan.changes, desired);
  const names = namesAfterPlan(live, plan.changes, rules, labels);
  return placeRules({
    state: rules.state,
    groups: rules.groups.groups,
    allowDangling,
    declared: desired.carrier_groups ?? [],
    declaredEndpoints: desired.endpoint_groups ?? [],
    ...names,
  });
}
