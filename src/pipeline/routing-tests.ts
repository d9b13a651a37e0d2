import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import type { GatewayLabel } from '../model/group.js';
import type { LiveState } from '../model/live.js';
import type { Change, Plan, PlanIssue } from '../model/plan.js';
import type { PlanRoutingTest, RoutingTest, RoutingTestOutcome } from '../model/routing-test.js';
import { count, plural } from '../model/words.js';
import type { GroupsAfter } from '../plan/groups-after.js';
import { rulesAfterPlan, type RulesAfter } from '../plan/routing-impact.js';
import { runRoutingTest, tookWords } from '../routing/expect.js';
import { nameBook, namedExpectationProblems, type NameBook } from '../routing/expect-names.js';
import { inventoryOf, ruleSetFromState } from '../routing/rule-set.js';
import { callTime } from '../routing/time.js';
import type { CallTime } from '../routing/types.js';
import { planZone } from './plan-platform.js';

/** The files' routing tests run against the rules after a plan. */
export interface RoutingTestsVerdict {
  readonly outcomes: readonly RoutingTestOutcome[];
  /** The tests as the plan carries them (`Plan.routing_tests`); empty when the files hold none. */
  readonly section: readonly PlanRoutingTest[];
  /**
   * Expectations by name that stand for no group or gateway, or for several (placed at the name):
   * they stop the plan as its own references by name do (PLAN_BLOCKED), before any test is judged.
   */
  readonly issues: readonly PlanIssue[];
}

/**
 * Runs the files' `routing_tests` against the rules the platform holds once `plan` is applied
 * (plan/routing-impact.ts `rulesAfterPlan`, the rules the lints and the impact read), with the
 * groups after the plan unless `allowDangling`: a test that passes on the files alone (`dsipform
 * test`) but not with the live rules the files keep, or the platform's groups, fails here. Names in
 * expectations (`carrier_group:`, `group:`, `gateways:`) are resolved against the groups after the
 * plan (the files' carrier groups included) and the gateways whose names are known: those of the
 * carrier groups the plan read or changes, and `labels` (read before planning, apply/read-gateway-labels.ts). Each
 * test's call is made at its `at` (default `now`) in its `tz`, default the proxy's zone `zone`
 * (by default the desired state's `proxy.timezone`, else this machine's). `after` is the rules after
 * the plan in the files' order when the caller built them already (the pipeline builds them once
 * per plan); without it they are built here. Pure.
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
  const { state, groups } = after ?? rulesAfterPlan(live, plan.changes, desired);
  const inventory = allowDangling || !groups.groups ? undefined : inventoryOf(groups.groups);
  const set = ruleSetFromState(state, inventory);
  const book = nameBook({
    inventory: inventory ?? (groups.groups ? inventoryOf(groups.groups) : undefined),
    declared: desired.carrier_groups ?? [],
    referenced: referencedNames(state),
    labels: [...labels, ...labelsAfter(live, plan.changes, groups)],
  });
  const issues = namedIssues(tests, book);
  if (issues.length > 0) return { outcomes: [], section: [], issues };
  const outcomes = tests.map((test) => runRoutingTest(set, test, testTime(test, now, zone), book));
  return { outcomes, section: outcomes.map(planRoutingTest), issues: [] };
}

/**
 * The call time of a test: its `at` (default `now`) in its own `tz`, else in the proxy's `zone` (a
 * function is asked only for a test without a `tz`); or CONFIG_INVALID naming it (the files' checks
 * admit only good ones).
 */
export function testTime(test: RoutingTest, now: number, zone: string | (() => string)): CallTime {
  const tz = test.tz ?? (typeof zone === 'function' ? zone() : zone);
  const at = callTime(test.at, tz, now, { at: 'at', tz: test.tz !== undefined ? 'tz' : 'the proxy zone' });
  if ('problem' in at) {
    throw new DsipformError(
      'CONFIG_INVALID',
      `${test.origin ? `${test.origin.file}:${test.origin.line}: ` : ''}${at.problem}`,
      "Fix the test's at: or tz:.",
    );
  }
  return at;
}

/** The problems of the tests' expectations by name, each placed at the name (or at its test). */
export function namedIssues(tests: readonly RoutingTest[], book: NameBook): PlanIssue[] {
  return tests.flatMap((test) =>
    namedExpectationProblems(test, book).map((p) => {
      const origin = test.expect_origins?.[p.field] ?? test.origin;
      return { message: `routing test ${JSON.stringify(test.name)}: ${p.message}`, hint: p.hint, ...(origin ? { origin } : {}) };
    }),
  );
}

/** Names the rules refer to whose id is not known (a group the plan creates, when groups were not read). */
function referencedNames(state: ReturnType<typeof rulesAfterPlan>['state']): string[] {
  return [
    ...(state.inbound_mappings ?? []).flatMap((m) => (m.group !== undefined && m.servers.length === 0 ? [m.group] : [])),
    ...(state.outbound_routes ?? []).flatMap((r) => (r.carrier_group !== undefined && r.gwgroupid === '' ? [r.carrier_group] : [])),
  ];
}

/**
 * The names and addresses of the gateways of carrier groups after the plan: the live ones read with
 * their endpoints, then those the plan creates or updates (endpoint i is the group's gateway i).
 */
function labelsAfter(live: LiveState, changes: readonly Change[], groups: GroupsAfter): GatewayLabel[] {
  const byId = new Map<number, GatewayLabel>();
  for (const g of live.carrier_groups ?? [])
    g.endpoints.forEach((e, i) => {
      const gwid = g.gwids[i];
      if (gwid !== undefined) byId.set(gwid, { gwid, name: e.name, address: e.hostname });
    });
  for (const c of changes) {
    if (c.kind !== 'carrier_group' || c.action === 'delete') continue;
    const id = c.action === 'create' ? groups.standIns.get(c.key) : c.gwgroupid;
    const group = groups.groups?.find((g) => g.gwgroupid === id);
    c.after.endpoints.forEach((e, i) => {
      const gwid = Number(group?.gwids[i]);
      if (Number.isFinite(gwid)) byId.set(gwid, { gwid, name: e.name, address: e.hostname });
    });
  }
  return [...byId.values()];
}

/** One outcome as the plan carries it. */
function planRoutingTest(o: RoutingTestOutcome): PlanRoutingTest {
  const t = o.test;
  return {
    name: t.name,
    ...(t.origin ? { origin: t.origin } : {}),
    direction: t.direction,
    from: t.from,
    to: t.to,
    expect: t.expect,
    status: o.status,
    failures: o.failures,
    took: tookWords(o.decision),
    decision: o.decision,
  };
}

/** Deep-freezes plain JSON that is not frozen yet. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) frozen(item);
    Object.freeze(value);
  }
  return value;
}

/**
 * The plan with the files' routing tests in it (`routing_tests`), frozen, so that they are shown,
 * saved and checksummed with it and a saved plan is judged by them; the plan itself when the files
 * hold no test.
 */
export function withRoutingTests<P extends Plan>(plan: P, section: readonly PlanRoutingTest[]): P {
  if (section.length === 0) return plan;
  return Object.freeze({ ...plan, routing_tests: frozen([...section]) });
}

/** The tests of a plan that failed. */
export function failedTests(plan: Pick<Plan, 'routing_tests'>): readonly PlanRoutingTest[] {
  return (plan.routing_tests ?? []).filter((t) => t.status === 'failed');
}

/** `"UK calls" (tests.yaml:12)`: a test as a refusal names it. */
function testShown(t: PlanRoutingTest): string {
  return `${JSON.stringify(t.name)}${t.origin ? ` (${t.origin.file}:${t.origin.line})` : ''}`;
}

/**
 * PLAN_TESTS_FAILED when any of the plan's routing tests failed against the rules after the plan,
 * naming them; `undefined` when none did (or the plan carries none). The plan's own record is the
 * judge, so a saved plan is refused exactly as it was when it was made.
 */
export function testsRefusal(plan: Pick<Plan, 'routing_tests'>): DsipformError | undefined {
  const failed = failedTests(plan);
  if (failed.length === 0) return undefined;
  const total = plan.routing_tests?.length ?? 0;
  const named = failed.slice(0, 10).map(testShown).join(', ') + (failed.length > 10 ? `, and ${failed.length - 10} more` : '');
  return new DsipformError(
    'PLAN_TESTS_FAILED',
    `refused: ${failed.length} of ${count(total, 'routing test')} ${plural(failed.length, 'fails', 'fail')} against the rules after the plan: ${named}`,
    "The plan's Routing tests section shows what each expected and what the proxy would do once the plan is applied. Fix the rules or the test; if the plan is meant to break them, apply with --force.",
  );
}
