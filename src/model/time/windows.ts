/**
 * Time windows of the routing analysis (docs/routing-model.md "Classes of calls and time windows"):
 * the horizon examined (one full period of the longest time recurrence involved), the moments at
 * which a recurrence starts or stops matching within it, and windows in words. Exact, not sampled:
 * a recurrence's answer (model/time/timerec-match.ts) can change only at a time of day it names (its
 * dtstart's, dtstart + duration), at midnight (its day, week, month and year filters), at its
 * absolute dtstart, first-window end and until + duration, and where the zone's clock changes; every
 * such moment is a candidate, and the recurrence is asked at each (change-points.ts). Pure.
 */
import { InternalError } from '../errors.js';
import { proxyInterval } from './timerec-match.js';
import type { Horizon, TimeWindow } from '../routing.js';
import type { Timerec } from './timerec.js';
import { wallTimeAt } from './timerec-zone.js';
import { formatWallTime, wallSeconds, wallTimeOf } from './wall-clock.js';

const DAY = 86_400;
/** Approximate days of each unit, to find the longest period. */
const UNIT_DAYS = { day: 1, week: 7, month: 31, year: 366 } as const;
/** The longest horizon examined: four years (a yearly recurrence every 4 years, a leap day). */
const MAX_DAYS = 4 * 366;
/** Weekday names, Sunday first (as `Date.getUTCDay`). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export type { Horizon, TimeWindow } from '../routing.js';
export { changePointList, changePoints, exactChangePoints, repeatShape, timeOfDay } from './change-points.js';

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

/** A window as wall seconds. */
export interface Stretch {
  readonly from: number;
  readonly to: number;
}

/** A stretch as a {@link TimeWindow}. */
export function windowOf(s: Stretch): TimeWindow {
  return { start: wallAt(s.from), end: wallAt(s.to) };
}
