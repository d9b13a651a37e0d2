/**
 * Routing tests (`dsipform test`): one test's call routed through a rule set, and its expectation
 * checked against the decision. Pure.
 */
import type { RouteDecision } from '../model/routing.js';
import type { RoutingTest, RoutingTestOutcome } from '../model/routing-test.js';
import { routeCall } from './match.js';
import type { CallTime, RuleSet } from './types.js';

/** What a decision did, in words: `route "UK" (prefix "44", priority 0) to #5`, `no route (the call fails)`. */
function tookWords(d: RouteDecision): string {
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
              ? ` (routed to ${o.gwlist ?? '?'})`
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
    return `${name} (${where}) to servers ${JSON.stringify((d.gwlist ?? '').split(','))}`;
  }
  return `route ${JSON.stringify(rule.key)} (${where}) to ${d.gwlist ?? '?'}`;
}

/** Each expectation of the test that the decision breaks, as `expected …, but …`; empty when it passes. */
export function expectationFailures(test: RoutingTest, d: RouteDecision): string[] {
  const e = test.expect;
  const out: string[] = [];
  const took = tookWords(d);
  const routed = d.result === 'routed' && d.rule !== undefined;
  const fail = (expected: string): void => {
    out.push(`expected ${expected}, but the call took ${took}`);
  };
  if (e.result !== undefined && d.result !== e.result) fail(`result ${e.result}`);
  const ruleExpected = e.route !== undefined || e.gwgroupid !== undefined || e.did !== undefined || e.servers !== undefined;
  if (ruleExpected && !routed) {
    if (e.result === undefined) fail('the call to be routed');
    return out;
  }
  if (e.route !== undefined && !(d.rule?.kind === 'outbound_route' && d.rule.key === e.route)) fail(`route ${JSON.stringify(e.route)}`);
  if (e.gwgroupid !== undefined && !(d.rule?.kind === 'outbound_route' && d.gwlist === `#${e.gwgroupid}`)) {
    fail(`carrier group #${e.gwgroupid}`);
  }
  if (e.did !== undefined && !(d.rule?.kind === 'inbound_mapping' && d.rule.key === e.did)) fail(`mapping ${JSON.stringify(e.did)}`);
  if (e.servers !== undefined) {
    const actual = d.rule?.kind === 'inbound_mapping' ? (d.gwlist ?? '').split(',') : [];
    if (actual.join(',') !== e.servers.join(',')) fail(`servers ${JSON.stringify(e.servers)}`);
  }
  return out;
}

/**
 * Runs one test against a rule set at its call time (the caller resolves `at`/`tz` into `at`).
 * The outcome carries the whole decision, so a report can show the steps of a failure.
 */
export function runRoutingTest(set: RuleSet, test: RoutingTest, at: CallTime): RoutingTestOutcome {
  const decision = routeCall(set, { direction: test.direction, from: test.from, to: test.to, at });
  const failures = expectationFailures(test, decision);
  return { test, status: failures.length === 0 ? 'passed' : 'failed', failures, decision };
}
