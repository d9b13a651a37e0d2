/**
 * Time windows of the routing analysis (docs/routing-model.md "Classes of calls and time windows"):
 * the horizon examined (one full period of the longest time recurrence involved), the moments at
 * which a recurrence starts or stops matching within it, and windows in words. Exact, not sampled:
 * a recurrence's answer (model/time/timerec-match.ts) can change only at a time of day it names (its
 * dtstart's, dtstart + duration), at midnight (its day, week, month and year filters), at its
 * absolute dtstart, first-window end and until + duration, and where the zone's clock changes; every
 * such moment is a candidate, and the recurrence is asked at each. Pure.
 */
import { InternalError } from '../errors.js';
import { periodicChangePoints, wallPeriod } from './periodic-points.js';
import { proxyInterval, timerecMatchesWall } from './timerec-match.js';
import type { Horizon, TimeWindow } from '../routing.js';
import type { Timerec } from './timerec.js';
import { wallTimeAt, zoneClock } from './timerec-zone.js';
import { formatWallTime, wallSeconds, wallTimeOf } from './wall-clock.js';

const DAY = 86_400;
/** Approximate days of each unit, to find the longest period. */
const UNIT_DAYS = { day: 1, week: 7, month: 31, year: 366 } as const;
/** The longest horizon examined: four years (a yearly recurrence every 4 years, a leap day). */
const MAX_DAYS = 4 * 366;
/** Weekday names, Sunday first (as `Date.getUTCDay`). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export type { Horizon, TimeWindow } from '../routing.js';

/** A recurrence's period: `count` units. */
export interface Period {
  readonly unit: keyof typeof UNIT_DAYS;
  readonly count: number;
}

/** A horizon with its bounds as wall seconds (read as UTC), for the arithmetic. */
export interface Examined {
  readonly horizon: Horizon;
  /** Wall seconds of the start (inclusive) and end (exclusive). */
  readonly from: number;
  readonly to: number;
  /** The unit windows are named in: `day` (every day alike), `week` (weekdays) or `date`. */
  readonly naming: 'day' | 'week' | 'date' | 'instant' | 'always';
}

/**
 * The period after which a recurrence repeats: its freq times its interval as the proxy reads the
 * interval, or longer when a filter names a longer unit (a `bymonthday` repeats monthly, a
 * `bymonth` yearly). A recurrence without freq has no period: a day, so its absolute window is
 * seen when it falls within the horizon.
 */
export function periodOf(rec: Timerec): Period {
  if (rec.freq === undefined) return { unit: 'day', count: 1 };
  const unit = ({ daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' } as const)[rec.freq];
  let best: Period = { unit, count: Math.max(1, proxyInterval(rec.interval)) };
  const filters: Period['unit'][] = [];
  if (rec.byday) filters.push('week');
  if (rec.bymonthday) filters.push('month');
  if (rec.byyearday || rec.byweekno || rec.bymonth) filters.push('year');
  for (const f of filters) if (UNIT_DAYS[f] > UNIT_DAYS[best.unit] * best.count) best = { unit: f, count: 1 };
  return best;
}

/** The longest of some periods (`null` when there is none). */
function longest(periods: readonly Period[]): Period | null {
  let best: Period | null = null;
  for (const p of periods) if (best === null || UNIT_DAYS[p.unit] * p.count > UNIT_DAYS[best.unit] * best.count) best = p;
  if (best !== null && UNIT_DAYS[best.unit] * best.count > MAX_DAYS)
    best = { unit: best.unit, count: Math.floor(MAX_DAYS / UNIT_DAYS[best.unit]) };
  return best;
}

function wallAt(seconds: number): string {
  return formatWallTime(wallTimeAt(seconds));
}

/** `Mon 2026-11-30` of a wall second. */
export function dayLabel(seconds: number): string {
  const t = wallTimeAt(seconds);
  return `${WEEKDAYS[new Date(seconds * 1000).getUTCDay()]} ${formatWallTime(t).slice(0, 10)}`;
}

function unitWords(p: Period): string {
  return p.count === 1 ? `one ${p.unit}` : `${p.count} ${p.unit}s`;
}

/**
 * The horizon for recurrences seen from `local` (`YYYY-MM-DDTHH:MM:SS` in `tz`): one full period
 * of the longest, from the start of the day holding `local` (of its week from Monday, of its month,
 * of its year, by the period's unit). Without recurrences, every moment is alike: one day, in words
 * "at any time".
 */
export function horizonFor(recs: readonly Timerec[], local: string, tz: string): Examined {
  const wall = wallTimeOf(local);
  if (wall === null) throw new InternalError(`the call time is not a wall time: ${local}`);
  const day = Date.UTC(wall.year, wall.month - 1, wall.day) / 1000;
  const period = longest(recs.map(periodOf));
  if (period === null) {
    const horizon = { start: wallAt(day), end: wallAt(day + DAY), tz, words: 'checked at any time (no time recurrence is involved)' };
    return { horizon, from: day, to: day + DAY, naming: 'always' };
  }
  let from = day;
  let to: number;
  switch (period.unit) {
    case 'day':
      to = from + period.count * DAY;
      break;
    case 'week':
      from = day - ((new Date(day * 1000).getUTCDay() + 6) % 7) * DAY;
      to = from + period.count * 7 * DAY;
      break;
    case 'month':
      from = Date.UTC(wall.year, wall.month - 1, 1) / 1000;
      to = Date.UTC(wall.year, wall.month - 1 + period.count, 1) / 1000;
      break;
    default:
      from = Date.UTC(wall.year, 0, 1) / 1000;
      to = Date.UTC(wall.year + period.count, 0, 1) / 1000;
  }
  const naming = period.unit === 'day' && period.count === 1 ? 'day' : period.unit === 'week' && period.count === 1 ? 'week' : 'date';
  const horizon = {
    start: wallAt(from),
    end: wallAt(to),
    tz,
    words: `checked over ${unitWords(period)} from ${dayLabel(from)} 00:00 ${tz}`,
  };
  return { horizon, from, to, naming };
}

/** The horizon of `plan --at`: that one instant only. */
export function instantHorizon(local: string, tz: string): Examined {
  const wall = wallTimeOf(local);
  if (wall === null) throw new InternalError(`the call time is not a wall time: ${local}`);
  const from = wallSeconds(wall);
  const horizon = { start: local, end: wallAt(from + 1), tz, words: `checked at ${local.replace('T', ' ')} ${tz} only (--at)` };
  return { horizon, from, to: from + 1, naming: 'instant' };
}

/** A clock change within a stretch of time: the real instant and the zone's offsets before and after it. */
interface ClockChange {
  readonly at: number;
  readonly before: number;
  readonly after: number;
}

/** A zone's offsets and clock changes over a range. */
interface ZoneChanges {
  readonly offsets: readonly number[];
  readonly changes: readonly ClockChange[];
}

const changesMemo = new Map<string, ZoneChanges>();

/** The zone's offsets and clock changes around wall seconds [from, to). */
function clockChanges(tz: string, from: number, to: number): ZoneChanges {
  const key = `${tz}\u0000${from}\u0000${to}`;
  const known = changesMemo.get(key);
  if (known) return known;
  const clock = zoneClock(tz);
  const offsetAt = (e: number): number => clock.wallOf(e) - e;
  const changes: ClockChange[] = [];
  const offsets = new Set<number>();
  let prev = from - 2 * DAY;
  let prevOffset = offsetAt(prev);
  offsets.add(prevOffset);
  for (let e = prev + DAY; e <= to + 2 * DAY; e += DAY) {
    const o = offsetAt(e);
    offsets.add(o);
    if (o !== prevOffset) {
      // The first second of the new offset, by halving.
      let lo = prev;
      let hi = e;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid) === prevOffset) lo = mid;
        else hi = mid;
      }
      changes.push({ at: hi, before: prevOffset, after: o });
    }
    prev = e;
    prevOffset = o;
  }
  const value = { offsets: [...offsets], changes };
  if (changesMemo.size > 256) changesMemo.clear();
  changesMemo.set(key, value);
  return value;
}

/** Seconds since midnight of a wall second. */
export function timeOfDay(seconds: number): number {
  return ((seconds % DAY) + DAY) % DAY;
}

/**
 * Every moment at which a recurrence's answer may change within wall seconds [from, to), a superset:
 * see the module comment. Clock changes add the moment the clock jumps, and each time of day shifted
 * by the jump (a wall time the clocks skip is judged as the time after the change).
 */
function candidates(rec: Timerec, tz: string, from: number, to: number, zone = clockChanges(tz, from, to)): number[] {
  const clock = zoneClock(tz);
  const { offsets, changes } = zone;
  const dtstart = clock.epochOf(rec.dtstart);
  const tods = new Set<number>([0]);
  for (const start of [timeOfDay(rec.dtstart), timeOfDay(clock.wallOf(dtstart))]) {
    tods.add(start);
    if (start + rec.duration < DAY) tods.add(start + rec.duration);
  }
  const out: number[] = [];
  for (let d = from - timeOfDay(from) - DAY; d <= to; d += DAY) for (const t of tods) out.push(d + t);
  const absolute = [dtstart, dtstart + rec.duration + 1];
  if (rec.until !== undefined) absolute.push(clock.epochOf(rec.until) + rec.duration);
  for (const e of absolute) for (const o of offsets) out.push(e + o);
  for (const c of changes) {
    const jump = c.after - c.before;
    out.push(c.at + c.before, c.at + c.after);
    const near = c.at + c.before;
    for (let d = near - timeOfDay(near) - DAY; d <= near + 2 * DAY; d += DAY) for (const t of tods) out.push(d + t - jump, d + t + jump);
  }
  return out;
}

const pointsMemo = new WeakMap<Timerec, Map<string, readonly number[]>>();

/**
 * The wall seconds within (from, to) at which the recurrence's answer differs from the moment
 * before, ascending: between two of them (and from `from` to the first) every moment is alike.
 * A daily or weekly recurrence is asked over one period between the moments where real time enters
 * (periodic-points.ts): 160 one-minute windows over four years were 900,000 questions.
 */
export function changePoints(rec: Timerec, tz: string, from: number, to: number): readonly number[] {
  let byRange = pointsMemo.get(rec);
  if (!byRange) pointsMemo.set(rec, (byRange = new Map<string, readonly number[]>()));
  const key = `${tz}\u0000${from}\u0000${to}`;
  const known = byRange.get(key);
  if (known) return known;
  const period = wallPeriod(rec);
  // The zone's changes over the whole range, found once: each stretch asked exactly takes those near it.
  const zone = period === null ? null : clockChanges(tz, from, to);
  const points =
    zone === null || period === null
      ? exactChangePoints(rec, tz, from, to)
      : periodicChangePoints(period, irregularMoments(rec, tz, zone), from, to, {
          within: (lo, hi) => exactChangePoints(rec, tz, lo, hi, nearOf(zone, lo, hi)),
          changesAt: (wall) => timerecMatchesWall(rec, wall, tz) !== timerecMatchesWall(rec, wall - 1, tz),
        });
  byRange.set(key, points);
  return points;
}

/**
 * Whether a recurrence's answer repeats with a wall period over wall seconds [from, to) away from
 * some moments (periodic-points.ts): its period and those moments, or `null` when it does not.
 */
export function repeatShape(rec: Timerec, tz: string, from: number, to: number): { period: number; irregular: number[] } | null {
  const period = wallPeriod(rec);
  return period === null ? null : { period, irregular: irregularMoments(rec, tz, clockChanges(tz, from, to)) };
}

/** The wall seconds around which real time enters a recurrence's answer: its absolute moments at each offset, and each clock change. */
function irregularMoments(rec: Timerec, tz: string, { offsets, changes }: ZoneChanges): number[] {
  const clock = zoneClock(tz);
  const dtstart = clock.epochOf(rec.dtstart);
  const absolute = [dtstart, dtstart + rec.duration + 1];
  if (rec.until !== undefined) absolute.push(clock.epochOf(rec.until) + rec.duration);
  const out: number[] = [];
  for (const e of absolute) for (const o of offsets) out.push(e + o);
  for (const c of changes) out.push(c.at + c.before, c.at + c.after);
  return out;
}

/** The zone's offsets and the clock changes within a few days of wall seconds [lo, hi), as `clockChanges(tz, lo, hi)` finds them. */
function nearOf(zone: ZoneChanges, lo: number, hi: number): ZoneChanges {
  return { offsets: zone.offsets, changes: zone.changes.filter((c) => c.at >= lo - 3 * DAY && c.at <= hi + 3 * DAY) };
}

/**
 * {@link changePoints} found by asking the recurrence at every candidate of the range (one or more
 * a day): exact for any recurrence. Exported for the test that holds the periodic way equal to it.
 */
export function exactChangePoints(rec: Timerec, tz: string, from: number, to: number, zone?: ZoneChanges): number[] {
  const sorted = [...new Set(candidates(rec, tz, from, to, zone).filter((c) => c > from && c < to))].sort((a, b) => a - b);
  const points: number[] = [];
  // Asked at wall seconds, not at their text: the same answer, without writing and reading each.
  let state = timerecMatchesWall(rec, from, tz);
  for (const c of sorted) {
    const now = timerecMatchesWall(rec, c, tz);
    if (now !== state) points.push(c);
    state = now;
  }
  return points;
}

/** A window as wall seconds. */
export interface Stretch {
  readonly from: number;
  readonly to: number;
}

/** A stretch as a {@link TimeWindow}. */
export function windowOf(s: Stretch): TimeWindow {
  return { start: wallAt(s.from), end: wallAt(s.to) };
}
