/**
 * Where the answers of several recurrences repeat together (issue 36 §2): a daily or weekly
 * recurrence answers at a wall second as one period later, away from the moments where real time
 * enters (periodic-points.ts); a recurrence without such a period (a yearly one, a by-filter of a
 * month) keeps its answer between its change points. So between those moments and change points
 * every answer, and so every combination of answers, repeats with the least common multiple of the
 * periods: a caller's sweep decides one period there and repeats it. Pure.
 */
import { wallPeriod } from './periodic-points.js';
import type { Timerec } from './timerec.js';
import { repeatShape } from './change-points.js';
import type { PointList } from './point-list.js';

const DAY = 86_400;
/** A longer common period (recurrences every 9 and every 7 days) gains too little to be worth it. */
const MAX_PERIOD = 28 * DAY;
/** A stretch shorter than this many periods is swept moment by moment: one period found and too few repeated. */
const MIN_PERIODS = 3;

/**
 * Wall seconds [lo, hi). With `period`: every recurrence's answer at a moment of [lo + period, hi)
 * is its answer one period earlier; without, nothing is known and each change point is visited.
 */
export interface Segment {
  readonly lo: number;
  readonly hi: number;
  readonly period?: number;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The period the recurrences' answers repeat with together (the least common multiple of theirs),
 * or `null` when there is none to use over [from, to): none of them has one, it is too long, or
 * the horizon holds too few of it (a day of daily windows: the LCR routes' hours).
 */
export function commonPeriod(recs: readonly Timerec[], from: number, to: number): number | null {
  let period = 0;
  for (const rec of recs) {
    const p = wallPeriod(rec);
    if (p !== null) period = period === 0 ? p : (period / gcd(period, p)) * p;
  }
  return period === 0 || period > MAX_PERIOD || to - from <= MIN_PERIODS * period ? null : period;
}

/**
 * [from, to) cut into segments, in order, covering it: stretches where every one of `recs` repeats
 * with one common period (at least {@link MIN_PERIODS} periods long), and the rest. `points[i]` are
 * the change points of `recs[i]` in (from, to) (change-points.ts `changePointList`): those of a recurrence
 * without a period cut the stretches, so that it keeps one answer within each.
 */
export function repeatSegments(recs: readonly Timerec[], tz: string, from: number, to: number, points: readonly PointList[]): Segment[] {
  const period = commonPeriod(recs, from, to);
  if (period === null) return [{ lo: from, hi: to }];
  const cuts: [number, number][] = [];
  recs.forEach((rec, i) => {
    const shape = repeatShape(rec, tz, from, to);
    if (shape === null) for (const c of points[i]?.all() ?? []) cuts.push([c, c]);
    else for (const [lo, hi] of shape.near) cuts.push([lo, hi]);
  });
  cuts.sort((a, b) => a[0] - b[0]);
  const out: Segment[] = [];
  const add = (lo: number, hi: number, repeats: boolean): void => {
    if (hi <= lo) return;
    const last = out[out.length - 1];
    if (repeats && hi - lo > MIN_PERIODS * period) out.push({ lo, hi, period });
    else if (last !== undefined && last.period === undefined) out[out.length - 1] = { lo: last.lo, hi };
    else out.push({ lo, hi });
  };
  let start = from;
  for (const [a, b] of cuts) {
    const lo = Math.min(Math.max(a, from), to);
    const hi = Math.min(Math.max(b, from), to);
    if (hi < start) continue;
    add(start, lo, true);
    add(Math.max(start, lo), hi, false);
    start = Math.max(start, hi);
  }
  add(start, to, true);
  return out;
}
