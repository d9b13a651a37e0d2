/**
 * A recurrence's change points over a long horizon without asking it at every day (issue 36 §2):
 * a daily or weekly recurrence without by-filters (or with a byday only) answers at a wall second as at that second one
 * period later (timerec-match.ts: the interval counts whole days or weeks from dtstart's date, the
 * unit compares the weekday and the time of day, all wall clock), except where real time enters:
 * its dtstart, the end of its first window, until + duration, and a clock change (a wall time the
 * clocks skip is judged as the time after the change). Away from those moments one period's change
 * points, repeated, are all of them; near them, they are found as before. Pure.
 */
import { proxyInterval } from './timerec-match.js';
import type { PointPiece } from './point-list.js';
import type { Timerec } from './timerec.js';

const DAY = 86_400;
/**
 * How far around a moment where real time enters the answer is asked exactly. Real time enters a
 * daily or weekly answer at two kinds of moments only: where the call's instant crosses dtstart,
 * the end of the first window or until + duration (at that instant plus the offset then in force,
 * one of the zone's offsets: each is a moment), and in the wall times the clocks skip (between the
 * wall clock just before and just after the change: a stretch of its own). Elsewhere, a repeated
 * hour too, the proxy compares the wall clock alone. An hour on each side is slack, not need
 * (test/routing/periodic-points.test.ts and stretch-sweep.test.ts pass with one second and fail
 * with none). It was a day: a one-minute window was asked some 300 times a clock change, now a few.
 */
export const MARGIN = 3_600;

/** Wall seconds [lo, hi) asked exactly: where real time enters a recurrence's answer, with a margin. */
export type NearStretch = readonly [number, number];

/**
 * The wall seconds after which a recurrence's answer repeats, away from its dtstart, until and the
 * zone's clock changes; `null` when it has none this module handles (a by-filter other than byday,
 * a month or a year as its unit, no freq).
 */
export function wallPeriod(rec: Timerec): number | null {
  if (rec.bymonthday || rec.byyearday || rec.byweekno || rec.bymonth) return null;
  const every = Math.max(1, proxyInterval(rec.interval));
  // A byday under daily or weekly compares the weekday only (its ordinal counts under monthly and
  // yearly alone): a week, or the interval's days when they are a whole number of weeks.
  if (rec.freq === 'daily') return (rec.byday && every % 7 !== 0 ? every * 7 : every) * DAY;
  if (rec.freq === 'weekly') return every * 7 * DAY;
  return null;
}

/**
 * How the caller finds change points exactly: within (lo, hi), and whether `wall` differs from the
 * second before; and whether the answer at `wall` is the wall clock's alone (timerec-match.ts
 * `wallClockDecides`), the same function of the wall clock in every stretch where it is.
 */
export interface ExactPoints {
  readonly within: (lo: number, hi: number) => readonly number[];
  readonly changesAt: (wall: number) => boolean;
  readonly wallOnly?: (wall: number) => boolean;
}

/**
 * The change points of a recurrence within wall seconds (from, to), as pieces in order
 * (point-list.ts), the points `exact.within(from, to)` would give: exactly within each of `near`
 * (the wall seconds where real time enters, with a margin), and between them, with a `period`, one
 * period found exactly and repeated; with none (`null`), no point but where the stretch begins (the
 * caller knows the answer cannot change there: a yearly recurrence away from its days). Why the
 * repetition is exact: for `c` at least one period and a second past the start `a` of a stretch
 * where the answer repeats, `c` and `c - 1` answer as `c - period` and `c - period - 1`, so `c` is a
 * change point exactly when `c - period` is.
 */
export function periodicPieces(
  period: number | null,
  near: readonly NearStretch[],
  from: number,
  to: number,
  exact: ExactPoints,
): PointPiece[] {
  // The stretches asked exactly, merged, within the horizon.
  const within = near
    .map(([lo, hi]) => [Math.max(from, lo), Math.min(to, hi)] as const)
    .filter(([lo, hi]) => lo < hi)
    .sort((a, b) => a[0] - b[0]);
  const cuts: [number, number][] = [];
  for (const [lo, hi] of within) {
    const last = cuts[cuts.length - 1];
    if (last !== undefined && lo <= last[1]) last[1] = Math.max(last[1], hi);
    else cuts.push([lo, hi]);
  }
  const out: PointPiece[] = [];
  // Each stretch boundary is asked on its own: `within` gives the points strictly inside.
  const at = (wall: number): number[] => (wall > from && wall < to && exact.changesAt(wall) ? [wall] : []);
  const bases = new BaseOfPeriod(exact);
  let start = from;
  for (const [lo, hi] of [...cuts, [to, to] as [number, number]]) {
    if (lo > start) out.push(between(start, lo, period, bases, at));
    if (hi > lo) out.push({ lo, hi, points: [...at(lo), ...exact.within(lo, hi)] });
    start = Math.max(start, hi);
  }
  return out;
}

/** The change points of (a, b) and `a`, a stretch whose answer repeats with `period` (or, `null`, does not change). */
function between(a: number, b: number, period: number | null, bases: BaseOfPeriod, at: (wall: number) => number[]): PointPiece {
  if (period === null) return { lo: a, hi: b, points: at(a) };
  if (b - a <= 2 * period) return { lo: a, hi: b, points: [...at(a), ...bases.exact.within(a, b)] };
  // One period from a: the points in (a, a + period]; each moved on by whole periods.
  return { lo: a, hi: b, head: at(a), base: bases.from(a, period), every: period };
}

/**
 * The points in (a, a + period] of a stretch whose answer repeats: found exactly, or, where the
 * wall clock alone decides (a stretch between two clock changes, past the first window), those of
 * the first such stretch moved on by whole periods: the answer there is one function of the wall
 * clock, so its changes are too. One-minute windows over four years were found again after each
 * of the eight clock changes.
 */
class BaseOfPeriod {
  #wall: { at: number; points: readonly number[] } | null = null;

  constructor(readonly exact: ExactPoints) {}

  from(a: number, period: number): readonly number[] {
    const wallOnly = this.exact.wallOnly?.(a + 1) === true;
    const known = this.#wall;
    if (!wallOnly || known === null) {
      const points = this.exact.within(a, a + period + 1);
      if (wallOnly) this.#wall = { at: a, points };
      return points;
    }
    // Each point p of (known.at, known.at + period] moved to the one of (a, a + period] a whole number of periods away.
    const shift = (p: number): number => p + Math.ceil((a + 1 - p) / period) * period;
    return known.points.map(shift).sort((x, y) => x - y);
  }
}
