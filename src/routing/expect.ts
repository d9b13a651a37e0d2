/**
 * Routing tests (`dsipform test`): one test's call routed through a rule set, and its expectation
 * checked against the decision. Pure.
 */
import type { RouteDecision } from '../model/routing.js';
import type { RoutingTest, RoutingTestOutcome } from '../model/routing-test.js';
import {
  acceptedGwlists,
  expectedGroupWords,
  gatewaysMatch,
  nameBook,
  reachedGateways,
  reachedWords,
  type NameBook,
} from './expect-names.js';
import { routeCall } from './match.js';
import { withPendingNames, type PendingNames } from './pending-names.js';
import type { CallTime, RuleSet } from './types.js';

/** The gateway list in words with names (`carrier group "BW" (#5)`) when the simulation gave them, else as the proxy holds it. */
function listWords(d: Pick<RouteDecision, 'gwlist' | 'gwlist_words'>): string {
  return d.gwlist_words ?? d.gwlist ?? '?';
}

/** What a decision did, in words: `route "UK" (prefix "44", priority 0) to #5`, `no route (the call fails)`. */
export function tookWords(d: RouteDecision): string {
  if (d.result === 'no_route') return 'no route (the call fails)';
  if (d.result === 'ambiguous') {
    const names = d.candidates.map((c, i) => {
      const o = d.outcomes?.[i];
      const what =
        o === undefined
          ? ''
          : o.result === 'no_route'
            ? ' (no route: the call fails)'
            : o.result === 'routed'
              ? ` (routed to ${listWords(o)})`
              : ' (ambiguous again)';
      return `${c.kind === 'inbound_mapping' ? 'mapping' : 'route'} ${JSON.stringify(c.key)}${what}`;
    });
    return `ambiguous: the proxy picks ${names.join(' or ')} in an undefined order`;
  }
  const rule = d.rule;
  if (!rule) return d.result;
  const lcr = rule.lcr_pattern !== undefined ? `, LCR "${rule.lcr_pattern}"` : '';
  const where = `prefix ${JSON.stringify(rule.prefix)}${lcr}, priority ${rule.priority}`;
  if (rule.kind === 'inbound_mapping') {
    const name = rule.key === '' ? 'the default mapping (did "")' : `mapping ${JSON.stringify(rule.key)}`;
    const words = d.gwlist_words !== undefined ? ` (${d.gwlist_words})` : '';
    return `${name} (${where}) to servers ${JSON.stringify((d.gwlist ?? '').split(','))}${words}`;
  }
  return `route ${JSON.stringify(rule.key)} (${where}) to ${listWords(d)}`;
}

/**
 * Each expectation of the test that the decision breaks, as `expected …, but …`; empty when it
 * passes. Expectations by name are judged with `book` (what the place the test runs knows of the
 * groups and gateways; checked first with `namedExpectationProblems`). Judged on the decision's
 * ids (a group the plan creates has a stand-in), worded with `shown`: the same decision as the
 * output shows it (that group by name, routing/pending-names.ts); by default `d` itself.
 */
export function expectationFailures(
  test: RoutingTest,
  d: RouteDecision,
  book: NameBook = nameBook({}),
  shown: RouteDecision = d,
): string[] {
  return unmet(test, d, book, shown).map((words) => words());
}

/**
 * Whether the decision meets every expectation of the test ({@link expectationFailures} is empty),
 * without wording what it breaks: an invariant judges every class of calls by it, and a `never …
 * reaches` set is broken by none of the many calls it judges (each worded, then dropped).
 */
export function meetsExpectation(test: RoutingTest, d: RouteDecision, book: NameBook = nameBook({})): boolean {
  return unmet(test, d, book, d).length === 0;
}

/** The expectations the decision breaks, each as the words of its failure, written when called. */
function unmet(test: RoutingTest, d: RouteDecision, book: NameBook, shown: RouteDecision): (() => string)[] {
  const e = test.expect;
  const out: (() => string)[] = [];
  let took: string | undefined;
  const tookText = (): string => (took ??= tookWords(shown));
  const routed = d.result === 'routed' && d.rule !== undefined;
  const fail = (expected: () => string): void => {
    out.push(() => `expected ${expected()}, but the call took ${tookText()}`);
  };
  if (e.result !== undefined && d.result !== e.result) fail(() => `result ${e.result}`);
  const ruleExpected =
    e.route !== undefined ||
    e.gwgroupid !== undefined ||
    e.did !== undefined ||
    e.servers !== undefined ||
    e.carrier_group !== undefined ||
    e.group !== undefined ||
    e.gateways !== undefined;
  if (ruleExpected && !routed) {
    if (e.result === undefined) fail(() => 'the call to be routed');
    return out;
  }
  if (e.route !== undefined && !(d.rule?.kind === 'outbound_route' && d.rule.key === e.route))
    fail(() => `route ${JSON.stringify(e.route)}`);
  if (e.gwgroupid !== undefined && !(d.rule?.kind === 'outbound_route' && d.gwlist === `#${e.gwgroupid}`)) {
    fail(() => `carrier group #${e.gwgroupid}`);
  }
  if (e.did !== undefined && !(d.rule?.kind === 'inbound_mapping' && d.rule.key === e.did)) fail(() => `mapping ${JSON.stringify(e.did)}`);
  if (e.servers !== undefined) {
    const actual = d.rule?.kind === 'inbound_mapping' ? (d.gwlist ?? '').split(',') : [];
    if (actual.join(',') !== e.servers.join(',')) fail(() => `servers ${JSON.stringify(e.servers)}`);
  }
  const { carrier_group: carrier, group, gateways } = e;
  if (carrier !== undefined && !acceptedGwlists(book, carrier, true).includes(d.gwlist ?? ''))
    fail(() => `carrier group ${expectedGroupWords(book, carrier, true)}`);
  if (group !== undefined && !acceptedGwlists(book, group, false).includes(d.gwlist ?? ''))
    fail(() => `group ${expectedGroupWords(book, group, false)}`);
  if (gateways !== undefined) {
    const reached = reachedGateways(d, book);
    if (!reached || !gatewaysMatch(gateways, reached)) {
      out.push(() => {
        const which = reached ? `, whose gateways are ${reachedWords(reached)}` : ', whose gateways are not known here';
        return `expected gateways ${JSON.stringify(gateways)}, but the call took ${tookText()}${which}`;
      });
    }
  }
  return out;
}

/**
 * Runs one test against a rule set at its call time (the caller resolves `at`/`tz` into `at`), its
 * expectations by name judged with `book` (default: what the rule set's inventory knows).
 * The outcome carries the whole decision, so a report can show the steps of a failure; a group the
 * plan creates (`pending`) is judged on its stand-in id, shown and recorded by name.
 */
export function runRoutingTest(
  set: RuleSet,
  test: RoutingTest,
  at: CallTime,
  book?: NameBook,
  pending: PendingNames = new Map(),
): RoutingTestOutcome {
  const decided = routeCall(set, { direction: test.direction, from: test.from, to: test.to, at });
  const decision = withPendingNames(decided, pending);
  const failures = expectationFailures(test, decided, book ?? nameBook({ inventory: set.inventory }), decision);
  return { test, status: failures.length === 0 ? 'passed' : 'failed', failures, decision };
}
