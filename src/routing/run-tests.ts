import { InternalError, type DsipformError } from '../model/errors.js';
import type { GatewayGroup } from '../model/group.js';
import type { PlanIssue } from '../model/plan.js';
import type { PlanRoutingTest, RoutingTest, RoutingTestOutcome } from '../model/routing-test.js';
import { runRoutingTest, tookWords } from './expect.js';
import { nameBook, namedIssues, type NameBook, type NameBookSources } from './expect-names.js';
import { inventoryOf, ruleSetFromState } from './rule-set.js';
import { testsRefusal } from './tests-refusal.js';
import type { CallTime, RoutingState, RuleSet } from './types.js';
import { pendingNames, type PendingNames } from './pending-names.js';

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
  /** PLAN_TESTS_FAILED when a test failed (tests-refusal.ts, the gate's words), found where the tests are run. */
  readonly refusal?: DsipformError;
}

/** Where the tests run: the rules, the groups they are judged with, and the names known beyond them. */
export interface TestPlace extends Pick<NameBookSources, 'declared' | 'declaredEndpoints' | 'referenced' | 'labels'> {
  readonly state: RoutingState;
  /** The groups (after the plan); `undefined` when they were not read. */
  readonly groups: readonly GatewayGroup[] | undefined;
  /** The rules are not judged by the groups (a dangling reference is not a dropped rule). */
  readonly allowDangling: boolean;
}

/** The rules of a place as the proxy decides them, and the book its destinations by name are judged with. */
export interface PlaceRules {
  readonly set: RuleSet;
  readonly book: NameBook;
  /** The gateway lists of the groups the plan creates, to show by name (their ids are stand-ins). */
  readonly pending?: PendingNames;
}

/**
 * The rules of `place` as the proxy decides them, judged by its groups unless `allowDangling`, and
 * what is known of its groups and gateways to judge destinations by name: what the routing tests
 * and the invariants are judged with (built once for both). Pure.
 */
export function placeRules(place: TestPlace): PlaceRules {
  // The gateways whose names are known name a decision's endpoints too (the words only, never the decision).
  const inventory = place.allowDangling || !place.groups ? undefined : inventoryOf(place.groups, undefined, place.labels);
  const set = ruleSetFromState(place.state, inventory);
  const book = nameBook({
    inventory: inventory ?? (place.groups ? inventoryOf(place.groups) : undefined),
    ...(place.declared ? { declared: place.declared } : {}),
    ...(place.declaredEndpoints ? { declaredEndpoints: place.declaredEndpoints } : {}),
    ...(place.referenced ? { referenced: place.referenced } : {}),
    ...(place.labels ? { labels: place.labels } : {}),
  });
  return { set, book, pending: pendingNames(place.groups) };
}

/**
 * Runs `tests` against the rules of `place` (or the rules already built from it, {@link placeRules}),
 * judged by its groups unless `allowDangling`; names in expectations are resolved against its groups
 * and the names it knows. Each test's call is made at `times[i]`, its call time as the caller read
 * it with its clock (model/time/call-time.ts `runTimes`: its `at`, default now, in its `tz`, default
 * the proxy's zone), so no time is read here. Pure.
 */
export function runRoutingTests(
  tests: readonly RoutingTest[],
  place: TestPlace | PlaceRules,
  times: readonly CallTime[],
): RoutingTestsVerdict {
  const { set, book, pending } = 'book' in place ? place : placeRules(place);
  const issues = namedIssues(tests, book);
  if (issues.length > 0) return { outcomes: [], section: [], issues };
  if (times.length !== tests.length) throw new InternalError('the routing tests were not given one call time each');
  const outcomes = tests.map((test, i) => runRoutingTest(set, test, times[i] as CallTime, book, pending));
  const section = frozen(outcomes.map(planRoutingTest));
  const refusal = testsRefusal(section);
  return { outcomes, section, issues: [], ...(refusal ? { refusal } : {}) };
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
