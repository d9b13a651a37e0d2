import { beforeEach, describe, expect, it, vi } from 'vitest';
import { classSpans, classSpansLazily } from '../../src/routing/classes.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules } from './build.js';
import { benchBlock, BOOK, sharingHours, START } from './invariant-fixtures.js';

/**
 * Per-customer LCR routes whose customers share a few daily windows (issue 36 §2, the bench's
 * `lcrTimed` shape past 1,440 customers: one window per minute of the day, so 4,000 customers hold
 * 1,440 windows): each caller of a class is decided over the horizon, and the horizon was cut
 * again for every caller, its windows' change points asked and sorted, though the cut depends on
 * the recurrences alone (routing/flat-sweep.ts). Counted as the cuts made (each asks every change
 * point list of its recurrences), not timed; the cuts' results are held equal to the day-by-day
 * sweep in test/routing/stretch-sweep.test.ts ("customers sharing daily hours").
 */
const asked = vi.hoisted(() => ({ lists: 0 }));
vi.mock('../../src/model/time/windows.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/windows.js')>();
  return {
    ...real,
    changePointList: (...args: Parameters<typeof real.changePointList>) => {
      asked.lists++;
      return real.changePointList(...args);
    },
  };
});

const INVARIANTS = benchBlock();

describe('callers of the same windows are cut over the horizon once', () => {
  beforeEach(() => {
    asked.lists = 0;
  });

  it.each([
    [120, 4],
    [240, 4],
  ])('K = %i customers sharing %i daily hours: cuts grow with the windows, not the customers', (k, hours) => {
    const results = checkInvariants(rules([], sharingHours(k, hours)), INVARIANTS, START, BOOK);
    // What the check finds is the base's: each customer's calls fail outside its hour (the US are
    // not routed at every hour, area 2005 not in all office hours), 1900 goes out through the catch-all.
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'held', 'held', 'violated', 'violated', 'violated', 'held']);
    expect([4, 5, 6].map((i) => [results[i]?.counterexample?.from, results[i]?.counterexample?.at.local])).toEqual([
      ['', '2026-11-30T00:00:00'],
      ['2000', '2026-11-30T00:00:00'],
      ['2005', '2026-11-30T10:00:00'],
    ]);
    // The customers' callers of class 1 and of the class 1900 a probe cuts under it share a cut per
    // window (8 or 9 lists asked); on the base each caller asked its window's list (K + 8).
    expect(asked.lists).toBeLessThan(4 * hours + 20);
  });
});

describe('a span whose windows and words are made when read', () => {
  it('reads and is written out as the span made at once: class, decisions, windows and words', () => {
    const set = rules([], sharingHours(12, 3));
    const now = classSpans([set], START, { direction: 'outbound' }).spans;
    const later = [...classSpansLazily([set], START, { direction: 'outbound', lazyWords: true }).callers].flatMap((c) => c.spans);
    expect(later.length).toBe(now.length);
    // Each customer's call fails outside its hour and goes to its group within: two spans each.
    expect(now.length).toBeGreaterThan(2 * 12);
    expect(later.filter((span) => !Object.hasOwn(span, 'windows')).length).toBeGreaterThanOrEqual(2 * 12);
    later.forEach((span, i) => {
      const made = now[i];
      expect([span.class, span.decisions, span.windows, span.when]).toEqual([made?.class, made?.decisions, made?.windows, made?.when]);
      // Written out with its windows and words; one made when read in the order its fields had when
      // each span defined its own getters (class, decisions, windows, when).
      const written = JSON.stringify(span);
      expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(made)));
      if (!Object.hasOwn(span, 'windows')) expect(Object.keys(JSON.parse(written))).toEqual(['class', 'decisions', 'windows', 'when']);
    });
  });
});
