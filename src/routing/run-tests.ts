import type { GatewayGroup } from '../model/group.js';
import type { PlanIssue } from '../model/plan.js';
import type { PlanRoutingTest, RoutingTest, RoutingTestOutcome } from '../model/routing-test.js';
import { runRoutingTest, tookWords } from './expect.js';
import { nameBook, namedIssues, type NameBookSources } from './expect-names.js';
import { inventoryOf, ruleSetFromState } from './rule-set.js';
import { testTime } from './time.js';
import type { RoutingState } from './types.js';

/** The files' routing tests run against a set of rules. */
export interface RoutingTestsVerdict {
  readonly outcomes: readonly RoutingTestOutcome[];
  /** The tests as the plan carries them (`Plan.routing_tests`), frozen as a plan is; empty when the files hold none. */
  readonly section: readonly PlanRoutingTest[];
  /**
   * Expectations by name that stand for no group or gateway, or for several (placed at the name):
   * they stop the plan as its own references by name do (PLAN_BLOCKED), before any test is judged.
   */
  readonly issues: readonly PlanIssue[];
}

/** Where the tests run: the rules, the groups they are judged with, and the names known beyond them. */
export interface TestPlace extends Pick<NameBookSources, 'declared' | 'referenced' | 'labels'> {
  readonly state: RoutingState;
  /** The groups (after the plan); `undefined` when they were not read. */
  readonly groups: readonly GatewayGroup[] | undefined;
  /** The rules are not judged by the groups (a dangling reference is not a dropped rule). */
  readonly allowDangling: boolean;
}

/**
 * Runs `tests` against the rules of `place`, judged by its groups unless `allowDangling`; names in
 * expectations are resolved against its groups and the names it knows. Each test's call is made at
 * its `at` (default `now`) in its `tz`, default the proxy's `zone`. Pure.
 */
export function runRoutingTests(
  tests: readonly RoutingTest[],
  place: TestPlace,
  now: number,
  zone: string | (() => string),
): RoutingTestsVerdict {
  const inventory = place.allowDangling || !place.groups ? undefined : inventoryOf(place.groups);
  const set = ruleSetFromState(place.state, inventory);
  const book = nameBook({
    inventory: inventory ?? (place.groups ? inventoryOf(place.groups) : undefined),
    ...(place.declared ? { declared: place.declared } : {}),
    ...(place.referenced ? { referenced: place.referenced } : {}),
    ...(place.labels ? { labels: place.labels } : {}),
  });
  const issues = namedIssues(tests, book);
  if (issues.length > 0) return { outcomes: [], section: [], issues };
  const outcomes = tests.map((test) => runRoutingTest(set, test, testTime(test, now, zone), book));
  return { outcomes, section: frozen(outcomes.map(planRoutingTest)), issues: [] };
}

/** Deep-freezes plain JSON that is not frozen yet. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) frozen(item);
    Object.freeze(value);
  }
  return value;
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
