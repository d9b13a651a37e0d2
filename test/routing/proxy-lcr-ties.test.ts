import { describe, expect, it } from 'vitest';
import type { RoutingTest } from '../../src/model/routing-test.js';
import { assessUnrouting } from '../../src/plan/unrouting.js';
import { describeImpact } from '../../src/render/routing-impact.js';
import { renderRouteText } from '../../src/render/route-text.js';
import { runRoutingTest } from '../../src/routing/expect.js';
import { routingImpact } from '../../src/routing/impact.js';
import { routeCall } from '../../src/routing/match.js';
import type { Call, CallTime } from '../../src/routing/types.js';
import { MONDAY_10, outbound, rules, SUNDAY_10, type TestRoute } from './build.js';

const OFFICE = '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR';
/** Two LCR patterns of one length that both match a call from 15551… to 44…: "1555-44" and "15551-4". */
const A: TestRoute = { name: 'A', prefix: '44', from_prefix: '1555', gwgroupid: '5' };
const B: TestRoute = { name: 'B', prefix: '4', from_prefix: '15551', gwgroupid: '6', timerec: OFFICE };
const CALL = (at: CallTime = SUNDAY_10): Call => outbound('441234', '15551234', at);

/** Each candidate of a decision and what the call does when the proxy picks it. */
function outcomes(d: ReturnType<typeof routeCall>): string[] {
  return (d.outcomes ?? []).map((o) => `${o.candidate.key}: ${o.result}${o.rule ? ` by ${o.rule.key} to ${o.gwlist}` : ''}`);
}

/**
 * Two matching LCR patterns of one length: the proxy takes one in hash-table order, with no
 * fallback, so when one candidate's rule does not route the number at that time the call fails
 * if that one is taken. Each candidate's own outcome is reported.
 */
describe('ambiguous LCR ties: each candidate with its own outcome', () => {
  it.each<[string, TestRoute[], Call, string[]]>([
    ['one candidate routes, the other fails at that time', [A, B], CALL(SUNDAY_10), ['A: routed by A to #5', 'B: no_route']],
    ['both route in office hours', [A, B], CALL(MONDAY_10), ['A: routed by A to #5', 'B: routed by B to #6']],
    [
      'a candidate whose group holds no rule the proxy loaded (a timerec it drops) fails',
      [A, { ...B, timerec: '2026|8H' }],
      CALL(MONDAY_10),
      ['A: routed by A to #5', 'B: no_route'],
    ],
    [
      'tied rules of one prefix: each routes by itself',
      [
        { name: 'X', prefix: '44', gwgroupid: '7' },
        { name: 'Y', prefix: '44', gwgroupid: '8' },
      ],
      outbound('441234'),
      ['X: routed by X to #7', 'Y: routed by Y to #8'],
    ],
  ])('%s', (_name, routes, call, expected) => {
    const d = routeCall(rules([], routes), call);
    expect(d.result).toBe('ambiguous');
    expect(outcomes(d)).toEqual(expected);
  });

  it('the steps and the text say what each candidate does', () => {
    const d = routeCall(rules([], [A, B]), CALL());
    expect(d.steps).toContain(
      'if the proxy takes "15551-4" (route "B"): no rule of group 10001 routes "441234" at 2026-12-27T10:00:00, so the call fails (no fallback)',
    );
    expect(d.steps).toContain('if the proxy takes "1555-44" (route "A"): route "A" of group 10000 routes it to #5');
    const text = renderRouteText(d);
    expect(text).toContain('  - outbound route "A" (LCR pattern 1555-44, group 10000, prefix "44", priority 0): routed by it to #5\n');
    expect(text).toContain('  - outbound route "B" (LCR pattern 15551-4, group 10001, prefix "4", priority 0): no route, the call fails\n');
  });

  it('a routing test that expects a route names the candidate that fails', () => {
    const test: RoutingTest = { name: 't', direction: 'outbound', to: '441234', from: '15551234', expect: { route: 'A' } };
    expect(runRoutingTest(rules([], [A, B]), test, SUNDAY_10).failures).toEqual([
      'expected the call to be routed, but the call took ambiguous: the proxy picks route "A" (routed to #5) or route "B" (no route: the call fails) in an undefined order',
    ]);
  });
});

describe('the routing impact and the unrouting refusal count the worst candidate', () => {
  // Live routes with one pattern, each in the LCR group the platform gave it.
  const SAME_A: TestRoute = { name: 'A', prefix: '44', from_prefix: '1555', gwgroupid: '5', groupid: 10000 };
  const SAME_B: TestRoute = { name: 'B', prefix: '44', from_prefix: '1555', gwgroupid: '6', groupid: 10001 };
  const before = rules([], [SAME_A, SAME_B]);
  const after = rules([], [SAME_A, { ...SAME_B, timerec: OFFICE }]);

  it.each<[string, typeof before, typeof before, string[]]>([
    [
      'a candidate that starts to fail is a change, shown as such',
      before,
      after,
      [
        'calls to 44… from …1555, always except Mon–Fri 09:00–17:00 Europe/London: ambiguous (route "A" or route "B") → ambiguous (route "A" or route "B": no route)',
      ],
    ],
    ['nothing changes: no entry', before, before, []],
  ])('%s', (_name, was, will, expected) => {
    expect(routingImpact(was, will, SUNDAY_10).entries.map(describeImpact)).toEqual(expected);
  });

  it.each<[string, typeof before, typeof before, string[]]>([
    ['every candidate routed before; one fails after: refused, as no route', before, after, ['outbound 44… no_route']],
    ['the other way round: nothing refused', after, before, []],
    [
      // B routes in office hours only: outside them its candidate fails, in them both route.
      'routed for certain before, ambiguous with a failing candidate after: refused, as no route (and as ambiguous in office hours)',
      rules([], [SAME_A]),
      after,
      ['outbound 44… no_route', 'outbound 44… ambiguous'],
    ],
    [
      'routed before, ambiguous with every candidate routing after: refused, as ambiguous',
      rules([], [SAME_A]),
      before,
      ['outbound 44… ambiguous'],
    ],
  ])('%s', (_name, was, will, expected) => {
    const findings = assessUnrouting(routingImpact(was, will, SUNDAY_10).entries, false);
    expect(findings.flatMap((f) => f.calls.map((c) => `${c.direction} ${c.to.slice(0, 2)}… ${c.after}`))).toEqual(expected);
  });
});
