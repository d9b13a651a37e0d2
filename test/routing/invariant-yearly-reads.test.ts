import { describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import { rules } from './build.js';
import { benchBlock, BOOK, holidays, START } from './invariant-fixtures.js';

/**
 * What the invariant check reads of its tables on K prefixes with a yearly recurrence each (issue
 * 36 §2, the bench's `yearly` shape, its block). The built-in checks read every span of their
 * table, and the sets every span of theirs that may hold their calls; a caller another stands for
 * (routing/invariant-shared.ts: the calls from 2007, routed as those from no caller) was copied,
 * span by span, for both, though it routes as the one before it, and a set by that caller copied
 * each span it read, though only a counterexample shows one; and each span a set read had its
 * verdict found again, a failed expectation's words written each time. Counted, not timed.
 */
const read = vi.hoisted(() => ({ inSet: 0, builtinSpans: 0, expectations: 0 }));
vi.mock('../../src/routing/invariant-table.js', async (original) => {
  const real = await original<typeof import('../../src/routing/invariant-table.js')>();
  return {
    ...real,
    inSet: (...args: Parameters<typeof real.inSet>) => {
      read.inSet++;
      return real.inSet(...args);
    },
    invariantTable: (...args: Parameters<typeof real.invariantTable>) => {
      const table = real.invariantTable(...args);
      return {
        ...table,
        spans: (inv: Invariant) => {
          const spans = table.spans(inv);
          if (inv.kind === 'builtin') read.builtinSpans += [...spans].length;
          return spans;
        },
      };
    },
  };
});
vi.mock('../../src/routing/expect.js', async (original) => {
  const real = await original<typeof import('../../src/routing/expect.js')>();
  return {
    ...real,
    expectationFailures: (...args: Parameters<typeof real.expectationFailures>) => {
      read.expectations++;
      return real.expectationFailures(...args);
    },
  };
});

const BLOCK = benchBlock();

describe('the bench block on K yearly recurrences', () => {
  it('K = 60: the calls from 2007 not copied for the checks that read those from no caller, each verdict found once per outcome', () => {
    const k = 60;
    const set = rules([], holidays(k));
    // A span copied for another caller (invariant-shared.ts `asCaller`) defines its windows so; the
    // spans decided are of decide-class.ts's `LazySpan` class (since 46ae0eb) and not counted here,
    // so the bound below is the copies': none for the calls from 2007 where another stands for them.
    const defined = vi.spyOn(Object, 'defineProperties');
    const results = checkInvariants(set, BLOCK, START, BOOK);
    const spansMade = defined.mock.calls.length;
    defined.mockRestore();
    // Two a class (its day, the rest of the year): 485 on the base, the calls from 2007 copied for
    // the built-ins, for "us" and for "gateway 9", which reads them only to find them alike.
    expect(spansMade).toBeLessThanOrEqual(2 * k + 10);
    // Each class's two spans (its day, the rest of the year) for its one decided caller: 4K + 4 per
    // built-in check on the base (976 in all), the calls from 2007 copied.
    expect(read.builtinSpans).toBeLessThanOrEqual(4 * (2 * k + 2));
    // "us" read the copies as well (368 spans on the base), "gateway 9" reads them (its From).
    expect(read.inSet).toBeLessThanOrEqual(4 * k + 10);
    // One expectation per outcome and set, not per span read (123 on the base).
    expect(read.expectations).toBeLessThanOrEqual(10);
    // The base's results, word for word; the counterexample is the call route gives.
    expect(results.map((r) => [r.status, r.message])).toEqual([
      ['held', undefined],
      ['held', undefined],
      ['held', undefined],
      ['held', undefined],
      [
        'violated',
        'an outbound call is routed: the call to 1900 at 2026-01-01T00:00:00 (America/New_York) took route "default" (prefix "", priority 0) to #1; so does every such call always',
      ],
      ['held', undefined],
      ['held', undefined],
      ['held', undefined],
    ]);
    const c = results[4]!.counterexample!;
    expect(routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at }).rule?.key).toBe(c.decision.rule?.key);
  });

  // The base's messages, word for word: holiday 8's number from 2007, a copy of the calls from no caller.
  const EXCEPT = 'so does every such call always except Fri 2026-01-09 00:00 – Sat 2026-01-10 00:00:01 America/New_York';
  it.each([
    [
      'never',
      true,
      `an outbound call is routed: the call to 100008 from 2007 at 2026-01-01T00:00:00 (America/New_York) took route "default" (prefix "", priority 0) to #1; ${EXCEPT}`,
    ],
    [
      'always',
      false,
      `an outbound call is not routed: the call to 100008 from 2007 at 2026-01-01T00:00:00 (America/New_York) took no route (the call fails); ${EXCEPT}`,
    ],
  ] as const)("a set by caller (%s, from 2007) the rules break: its first counterexample is the base's", (kind, catchAll, message) => {
    const routes = holidays(60);
    const set = rules([], catchAll ? routes : routes.slice(0, -1));
    const block = BLOCK.map((inv): Invariant =>
      inv.name === 'gateway 9'
        ? { ...inv, kind, set: { direction: 'outbound', to_prefix: '100008', from_prefix: '2007', during: '' } }
        : inv,
    );
    const result = checkInvariants(set, block, START, BOOK)[7]!;
    expect([result.status, result.message]).toEqual(['violated', message]);
    const c = result.counterexample!;
    expect(routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at }).result).toBe(c.decision.result);
  });
});
