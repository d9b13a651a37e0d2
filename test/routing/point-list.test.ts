import { describe, expect, it } from 'vitest';
import { changePointList, exactChangePoints } from '../../src/model/time/windows.js';
import { FROM, rec, TO } from './recurrence-fixtures.js';

/**
 * A recurrence's change points kept as pieces (model/time/point-list.ts) read as the list they stand
 * for: the points before a moment counted, and those within a stretch, at moments on, just before
 * and just after the points and pieces, as the list found by asking every day gives them.
 */
const RECS = [
  '20260101T000100|1M|daily',
  '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR',
  '20280229T000000|24H|yearly||4',
  '20260704T120000|2H|yearly',
];

describe('a change point list read in parts', () => {
  it.each(RECS)('counts and reads %s as the whole list does, in New York', (text) => {
    const r = rec(text);
    const want = exactChangePoints(r, 'America/New_York', FROM, TO);
    const list = changePointList(r, 'America/New_York', FROM, TO);
    expect(list.length).toBe(want.length);
    // Moments at, around and between the points, and every 37 hours (no day's phase).
    const moments = new Set<number>([FROM, TO, FROM + 1]);
    want.forEach((p, i) => {
      if (i % 97 === 0 || i < 4 || i > want.length - 4) for (const d of [-1, 0, 1]) moments.add(p + d);
    });
    for (let t = FROM; t < TO; t += 37 * 3600) moments.add(t);
    const sorted = [...moments].sort((a, b) => a - b);
    for (const t of sorted) expect([t, list.countBefore(t)]).toEqual([t, want.filter((p) => p < t).length]);
    for (let i = 0; i + 5 < sorted.length; i += 5) {
      const [lo, hi] = [sorted[i] as number, sorted[i + 5] as number];
      expect([lo, hi, list.between(lo, hi)]).toEqual([lo, hi, want.filter((p) => p >= lo && p < hi)]);
    }
  });
});
