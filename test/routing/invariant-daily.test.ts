import { describe, expect, it, vi } from 'vitest';
import { checkInvariants } from '../../src/routing/invariants.js';
import type { RuleSet } from '../../src/routing/types.js';
import { rules } from './build.js';
import { benchBlock, BOOK, customers, START } from './invariant-fixtures.js';

/**
 * The invariant check on K per-customer LCR routes with a daily window each (issue 36 §2, the
 * bench's `lcrTimed` shape): its tables cut the rule set's classes by their probes (1900 beside 1),
 * and each caller of each class used to be simulated again in every class and every table, with
 * its route's window open and shut, and its groups found once more each time: some 20 simulations
 * and 8 LCR choices per route. A set's decision of a caller is now made once per analysis for the
 * classes it routes alike (routing/decision-memo.ts). Counted as calls of the simulation, not timed.
 */
const calls = vi.hoisted(() => ({ routeCall: 0, routingGroups: 0 }));
vi.mock('../../src/routing/match.js', async (original) => {
  const real = await original<typeof import('../../src/routing/match.js')>();
  return {
    ...real,
    routeCall: (...args: Parameters<typeof real.routeCall>) => {
      calls.routeCall++;
      return real.routeCall(...args);
    },
    routingGroups: (...args: Parameters<typeof real.routingGroups>) => {
      calls.routingGroups++;
      return real.routingGroups(...args);
    },
  };
});
// Counts the callers made for a number (K per-customer From parts each matched against the parts).
const made = vi.hoisted(() => ({ callerClasses: 0 }));
vi.mock('../../src/routing/callers.js', async (original) => {
  const real = await original<typeof import('../../src/routing/callers.js')>();
  return {
    ...real,
    callerClasses: (...args: Parameters<typeof real.callerClasses>) => {
      made.callerClasses++;
      return real.callerClasses(...args);
    },
  };
});
// Counts how often a recurrence is asked whether it matches at a moment.
const asked = vi.hoisted(() => ({ timerecMatches: 0 }));
vi.mock('../../src/model/time/timerec-match.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/timerec-match.js')>();
  return {
    ...real,
    timerecMatches: (...args: Parameters<typeof real.timerecMatches>) => {
      asked.timerecMatches++;
      return real.timerecMatches(...args);
    },
  };
});
const { routeCall } = await vi.importActual<typeof import('../../src/routing/match.js')>('../../src/routing/match.js');

const INVARIANTS = benchBlock();

/** Each counterexample as `dsipform route` decides its call: result, rule and gateways. */
function replayed(set: RuleSet, results: ReturnType<typeof checkInvariants>): boolean {
  return results.every((r) => {
    const c = r.counterexample;
    if (!c) return true;
    const again = routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at });
    return again.result === c.decision.result && again.rule?.key === c.decision.rule?.key && again.gwlist === c.decision.gwlist;
  });
}

describe('a daily window on each of K per-customer LCR routes', () => {
  it.each([100, 200])('K = %i: each caller simulated a few times per analysis, not in every class and table', (k) => {
    const set = rules([], customers(k));
    calls.routeCall = 0;
    calls.routingGroups = 0;
    made.callerClasses = 0;
    asked.timerecMatches = 0;
    const expressions = vi.spyOn(RegExp.prototype, 'test');
    const results = checkInvariants(set, INVARIANTS, START, BOOK);
    // The distinct expressions run: each is compiled when first run.
    const tested = new Set(expressions.mock.contexts).size;
    expressions.mockRestore();
    // The same verdicts and calls as when each was simulated again: 1900 is routed by the catch-all,
    // 2000 is not routed outside its hour, 2005 not in office hours outside its own.
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'held', 'held', 'violated', 'violated', 'violated', 'held']);
    expect(results.map((r) => r.counterexample && [r.counterexample.to, r.counterexample.from, r.counterexample.at.local])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      ['1900', '', '2026-11-30T00:00:00'],
      ['1', '2000', '2026-11-30T01:00:00'],
      ['1', '2005', '2026-11-30T09:00:00'],
      undefined,
    ]);
    expect(replayed(set, results)).toBe(true);
    // Before: some 20 simulations and 8 LCR choices per route (2,088 simulations at K = 100); with
    // the invariant tables' screen and ties (invariant-ties.ts) but each class decided on its own,
    // some 4.4 and 2.1 (437 and 214 at K = 100); shared between the classes, some 2.2 and 1.1.
    expect(calls.routeCall).toBeLessThan(3 * k);
    expect(calls.routingGroups).toBeLessThan(1.5 * k);
    // An LCR pattern met by a caller was tested by a regular expression of its own, each compiled
    // when first run (122 and 222 expressions run, K and the analysis's own); with no - in the
    // users it is a string test (routing/lcr-match.ts), and the others stay (some 20).
    expect(tested).toBeLessThan(k / 4);
    // The callers of number 1 were made for each class and table (1 and 1900, with and without the
    // office-hours window: 4); they depend on the patterns met only, so they are made once.
    expect(made.callerClasses).toBe(1);
    // Each caller's horizon asked each of its recurrences at its start (3,338 questions in all at
    // K = 100, 1,458 after the shared decisions; 554 with the tables' screen, each class decided on
    // its own); the answers are kept per analysis: some 3.2 per route.
    expect(asked.timerecMatches).toBeLessThan(4.5 * k);
  });
});
