import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import type { PlanIssue } from '../model/plan.js';
import type { RoutingTestOutcome } from '../model/routing-test.js';
import { runRoutingTest } from '../routing/expect.js';
import { nameBook, namedIssues, type NameBook } from '../routing/expect-names.js';
import { invariantNameIssues } from '../routing/invariant-names.js';
import { checkInvariants, type InvariantResult } from '../routing/invariants.js';
import { ruleSetFromState, withGatewayLabels } from '../routing/rule-set.js';
import { testTime } from '../model/time/call-time.js';
import type { CallTime, RuleSet } from '../routing/types.js';
import { clockTime, type ProxyClock } from './clock.js';
import { gatewayNamers, readGatewayLabels } from '../apply/read-gateway-labels.js';
import { liveRuleSet } from './live-rules.js';

/** The rules a run of the files' tests reads, and what it knows of groups to resolve names. */
export interface TestRules {
  readonly set: RuleSet;
  readonly book: NameBook;
}

/**
 * What `dsipform test` found: the problems of the expectations by name that stop every test
 * (CONFIG_INVALID, placed at the name), or each test's outcome and each invariant's verdict.
 */
export type FileTestsResult =
  | { readonly ok: false; readonly of: 'tests' | 'invariants'; readonly issues: readonly PlanIssue[] }
  | { readonly ok: true; readonly outcomes: readonly RoutingTestOutcome[]; readonly invariants: readonly InvariantResult[] };

/** The rules of the desired state (the files' mappings and routes; the gateways are not known, so every reference counts as existing, and a group named in the files is one whose id is not known here). */
export function desiredRules(desired: DesiredState): RuleSet {
  return ruleSetFromState(desired);
}

/** What the files alone know of groups: their carrier and endpoint groups (with endpoints) and the names their rules refer to. */
export function desiredBook(desired: DesiredState): NameBook {
  return nameBook({
    declared: desired.carrier_groups ?? [],
    declaredEndpoints: desired.endpoint_groups ?? [],
    referenced: [
      ...(desired.inbound_mappings ?? []).flatMap((m) => (m.group !== undefined ? [m.group] : [])),
      ...(desired.outbound_routes ?? []).flatMap((r) => (r.carrier_group !== undefined ? [r.carrier_group] : [])),
    ],
  });
}

/** The files' rules and book, as `dsipform test` without `--live` reads them (no network). */
export function filesTestRules(desired: DesiredState): TestRules {
  return { set: desiredRules(desired), book: desiredBook(desired) };
}

/**
 * The live rules and what the platform knows of groups (the files' carrier groups not on it
 * included); the gateways' names and addresses are read (a request per group, four at once) only
 * when a test expects a gateway by name or address.
 */
export async function liveTestRules(client: PlatformClient, desired: DesiredState): Promise<TestRules> {
  const set = await liveRuleSet(client);
  // An invariant's destination names gateways as a test's expectation does.
  const labels = await readGatewayLabels(client, gatewayNamers(desired), [...(set.inventory?.lists.keys() ?? [])].map(Number));
  const declaredEndpoints = desired.endpoint_groups ?? [];
  // The names read name the decisions' gateways too (the words only).
  return {
    set: labels.length > 0 ? withGatewayLabels(set, labels) : set,
    book: nameBook({ inventory: set.inventory, declared: desired.carrier_groups ?? [], declaredEndpoints, labels }),
  };
}

/**
 * Decides the files' invariants against `set` from `start` (none: `[]`), or the problems that stop
 * them all: a destination by a name no group or gateway has, or several have, would decide nothing
 * (invariant-names.ts), so it is a problem placed at the invariant, as a routing test's is.
 */
export function decideInvariants(
  desired: DesiredState,
  rules: TestRules,
  start: CallTime,
): { readonly ok: true; readonly results: InvariantResult[] } | { readonly ok: false; readonly issues: readonly PlanIssue[] } {
  const invariants = desired.invariants ?? [];
  if (invariants.length === 0) return { ok: true, results: [] };
  const issues = invariantNameIssues(invariants, rules.book);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, results: checkInvariants(rules.set, invariants, start, rules.book) };
}

/**
 * Runs the files' routing tests and decides their invariants against `rules`: a test without its
 * own `tz:` is made in the clock's zone, the invariants examined from `now` in it. An expectation
 * by a name no group (or gateway) has, or several have, stops every test (`ok: false`). Pure, but
 * for the clock: this machine's zone is asked (and the CLI warns) only when a test or invariant needs it.
 */
export function runFileTests(desired: DesiredState, rules: TestRules, clock: ProxyClock, now: number): FileTestsResult {
  const tests = desired.routing_tests ?? [];
  const issues = namedIssues(tests, rules.book);
  if (issues.length > 0) return { ok: false, of: 'tests', issues };
  const outcomes = tests.map((test) => runRoutingTest(rules.set, test, testTime(test, now, clock.tz), rules.book));
  if ((desired.invariants ?? []).length === 0) return { ok: true, outcomes, invariants: [] };
  const decided = decideInvariants(desired, rules, clockTime(clock, now));
  if (!decided.ok) return { ok: false, of: 'invariants', issues: decided.issues };
  return { ok: true, outcomes, invariants: decided.results };
}
