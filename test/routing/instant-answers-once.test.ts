import { describe, expect, it, vi } from 'vitest';
import { routingImpact } from '../../src/routing/impact.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules } from './build.js';
import { benchBlock, BOOK, sharingHours, START } from './invariant-fixtures.js';

/**
 * `plan --at` (issue 36 §2, the bench's `lcrTimed` shape): the plan's impact decides every
 * customer at the instant, then the invariant check reads that decision for each customer's
 * combination that matches there (routing/decision-memo.ts `atInstant`), asking the customer's own
 * window at the instant. The answer depends on the window alone, and 4,000 customers hold 1,440
 * windows, yet each customer asked its own. Counted as the recurrences asked at a moment read once
 * (model/time/timerec-match.ts `matchesAtCall`: the instant's and the horizon's start).
 */
const asked = vi.hoisted(() => ({ recs: 0 }));
vi.mock('../../src/model/time/timerec-match.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/timerec-match.js')>();
  return {
    ...real,
    matchesAtCall: (...args: Parameters<typeof real.matchesAtCall>) => {
      const ask = real.matchesAtCall(...args);
      return (rec: Parameters<typeof ask>[0]) => {
        asked.recs++;
        return ask(rec);
      };
    },
  };
});

describe('a plan of one instant and its check: each window asked at the instant once', () => {
  it.each([
    [120, 4, '2026-12-14T09:30:00'],
    [240, 4, '2026-12-15T09:30:00'],
  ])('K = %i customers sharing %i daily hours', (k, hours, local) => {
    const at = { local, tz: START.tz };
    const impact = routingImpact(rules([], []), rules([], sharingHours(k, hours)), at, { pinned: true });
    // At 09:30 the customers of 09:00 are open, the others shut: every one decided there.
    expect(impact.entries.length).toBeGreaterThan(0);
    asked.recs = 0;
    const results = checkInvariants(rules([], sharingHours(k, hours)), benchBlock(), at, BOOK);
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'held', 'held', 'violated', 'violated', 'violated', 'held']);
    expect([4, 5, 6].map((i) => [results[i]?.counterexample?.from, results[i]?.counterexample?.at.local.slice(11)])).toEqual([
      ['', '00:00:00'],
      ['2000', '00:00:00'],
      ['2005', '10:00:00'],
    ]);
    // The base asked each customer's window at the instant (K), now each window once, besides the
    // horizons' starts (a window each, and the office hours' table's few).
    expect(asked.recs).toBeLessThan(2 * hours + 10);
  });
});
