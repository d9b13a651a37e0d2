/**
 * Time windows of the routing analysis (docs/routing-model.md "Classes of calls and time windows"):
 * the horizon examined (one full period of the longest time recurrence involved), the moments at
 * which a recurrence starts or stops matching within it, and windows in words. Exact, not sampled:
 * a recurrence's answer (model/timerec-match.ts) can change only at a time of day it names (its
 * dtstart's, dtstart + duration), at midnight (its day, week, month and year filters), at its
 * absolute dtstart, first-window end and until + duration, and where the zone's clock changes; every
 * such moment is a candidate, and the recurrence is asked at each. Pure.
 */
import { proxyInterval, timerecMatches } from '../model/timerec-match.js';
import type { Horizon, TimeWindow } from '../model/routing.js';
import type { Timerec } from '../model/timerec.js';
import { wallTimeAt, zoneClock } from '../model/timerec-zone.js';
import { formatWallTime, wallSeconds, wallTimeOf } from '../model/wall-clock.js';

const DAY = 86_400;
/** Approximate days of each unit, to find the longest period. */
const UNIT_DAYS = { day: 1, week: 7, month: 31, year: 366 } as const;
/** The longest horizon examined: four years (a yearly recurrence every 4 years, a leap day). */
const MAX_DAYS = 4 * 366;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export type { Horizon, TimeWindow } from '../model/routing.js';

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
function dayLabel(seconds: number): string {
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
  if (wall === null) throw new Error(`not a wall time: ${local}`);
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
  if (wall === null) throw new Error(`not a wall time: ${local}`);
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

const changesMemo = new Map<string, { offsets: number[]; changes: ClockChange[] }>();

/** The zone's offsets and clock changes around wall seconds [from, to). */
function clockChanges(tz: string, from: number, to: number): { offsets: number[]; changes: ClockChange[] } {
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
function timeOfDay(seconds: number): number {
  return ((seconds % DAY) + DAY) % DAY;
}

/**
 * Every moment at which a recurrence's answer may change within wall seconds [from, to), a superset:
 * see the module comment. Clock changes add the moment the clock jumps, and each time of day shifted
 * by the jump (a wall time the clocks skip is judged as the time after the change).
 */
function candidates(rec: Timerec, tz: string, from: number, to: number): number[] {
  const clock = zoneClock(tz);
  const { offsets, changes } = clockChanges(tz, from, to);
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
 */
export function changePoints(rec: Timerec, tz: string, from: number, to: number): readonly number[] {
  let byRange = pointsMemo.get(rec);
  if (!byRange) pointsMemo.set(rec, (byRange = new Map<string, readonly number[]>()));
  const key = `${tz}\u0000${from}\u0000${to}`;
  const known = byRange.get(key);
  if (known) return known;
  const sorted = [...new Set(candidates(rec, tz, from, to).filter((c) => c > from && c < to))].sort((a, b) => a - b);
  const points: number[] = [];
  let state = timerecMatches(rec, wallAt(from), tz);
  for (const c of sorted) {
    const now = timerecMatches(rec, wallAt(c), tz);
    if (now !== state) points.push(c);
    state = now;
  }
  byRange.set(key, points);
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

/** `18:00`, `18:00:30`; the end of a day `24:00`. */
function clockWords(seconds: number, end: boolean): string {
  const t = timeOfDay(seconds);
  if (end && t === 0) return '24:00';
  const w = wallTimeAt(seconds);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${p(w.hour)}:${p(w.minute)}${w.second === 0 ? '' : `:${p(w.second)}`}`;
}

/** Day runs in words: `Mon–Fri`, `Mon, Wed`; consecutive weekdays of a week joined by a dash. */
function weekdayRuns(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  const runs: number[][] = [];
  for (const d of sorted) {
    const last = runs[runs.length - 1];
    if (last && ((last[last.length - 1] as number) + 1) % 7 === d) last.push(d);
    else runs.push([d]);
  }
  return runs
    .map((r) => {
      const a = WEEKDAYS[r[0] as number] as string;
      const b = WEEKDAYS[r[r.length - 1] as number] as string;
      return r.length === 1 ? a : r.length === 2 ? `${a}, ${b}` : `${a}–${b}`;
    })
    .join(', ');
}

/** The words of whole days. */
const ALL_DAY = 'all day';

/** How many dates a group of equal windows names before it says how many more. */
const MAX_DATES = 4;

/** Days in words: weekdays grouped (`Mon–Fri`, `every day`), `every day` in a day's horizon, else dates (the first few). */
function daysWords(starts: readonly number[], naming: Examined['naming']): string {
  if (naming === 'week') {
    const weekdays = [...new Set(starts.map((s) => new Date(s * 1000).getUTCDay()))];
    return weekdays.length === 7 ? 'every day' : weekdayRuns(weekdays);
  }
  if (naming === 'day') return 'every day';
  const shown = starts.slice(0, MAX_DATES).map(dayLabel).join(', ');
  return starts.length > MAX_DATES ? `${shown} and ${starts.length - MAX_DATES} more days` : shown;
}

/** A day's label in a window across midnight: the weekday, `every day`, or the date. */
function dayName(s: number, naming: Examined['naming']): string {
  return naming === 'week' ? (WEEKDAYS[new Date(s * 1000).getUTCDay()] as string) : naming === 'day' ? 'every day' : dayLabel(s);
}

/** Parts of words in order of time, joined. */
function joined(parts: { at: number; words: string }[]): string {
  return parts
    .sort((a, b) => a.at - b.at)
    .map((p) => p.words)
    .join('; ');
}

/** Each window as it is: those within one day grouped by their times (`Mon–Fri 18:00–24:00`), one across midnight on its own (`Fri 22:00 – Mon 06:00`). */
function windowsAsTheyAre(stretches: readonly Stretch[], naming: Examined['naming']): string {
  const groups = new Map<string, number[]>();
  const parts: { at: number; words: string }[] = [];
  const add = (times: string, day: number): void => {
    const list = groups.get(times) ?? [];
    if (list.length === 0) groups.set(times, list);
    list.push(day);
  };
  for (const s of stretches) {
    const dayStart = s.from - timeOfDay(s.from);
    if (timeOfDay(s.from) === 0 && timeOfDay(s.to) === 0 && naming !== 'day') for (let d = s.from; d < s.to; d += DAY) add(ALL_DAY, d);
    else if (s.to <= dayStart + DAY) add(`${clockWords(s.from, false)}–${clockWords(s.to, true)}`, s.from);
    else
      parts.push({
        at: s.from,
        words: `${dayName(s.from, naming)} ${clockWords(s.from, false)} – ${dayName(s.to, naming)} ${clockWords(s.to, false)}`,
      });
  }
  for (const [times, starts] of groups) parts.push({ at: starts[0] as number, words: `${daysWords(starts, naming)} ${times}` });
  return joined(parts);
}

/** The windows cut at midnight, each day's times together, days alike grouped: `Mon–Fri 00:00–09:00, 17:00–24:00; Sat, Sun all day`. */
function windowsByDay(stretches: readonly Stretch[], naming: Examined['naming']): string {
  const days = new Map<number, string[]>();
  for (const s of stretches)
    for (let a = s.from; a < s.to;) {
      const day = a - timeOfDay(a);
      const b = Math.min(s.to, day + DAY);
      const list = days.get(day) ?? [];
      if (list.length === 0) days.set(day, list);
      list.push(a === day && b === day + DAY ? ALL_DAY : `${clockWords(a, false)}–${clockWords(b, true)}`);
      a = b;
    }
  const groups = new Map<string, number[]>();
  for (const [day, times] of [...days].sort((x, y) => x[0] - y[0])) {
    const key = times.join(', ');
    const list = groups.get(key) ?? [];
    if (list.length === 0) groups.set(key, list);
    list.push(day);
  }
  return joined([...groups].map(([times, starts]) => ({ at: starts[0] as number, words: `${daysWords(starts, naming)} ${times}` })));
}

/** The time of [from, to) outside the stretches. */
function complement(stretches: readonly Stretch[], from: number, to: number): Stretch[] {
  const out: Stretch[] = [];
  let at = from;
  for (const s of stretches) {
    if (s.from > at) out.push({ from: at, to: s.from });
    at = Math.max(at, s.to);
  }
  if (at < to) out.push({ from: at, to });
  return out;
}

/**
 * Windows in words, in the horizon's zone: `always` when they cover the horizon; else the shortest
 * of: each window as it is (`Mon–Fri 18:00–24:00`, `Fri 22:00 – Mon 06:00`), the windows day by
 * day (`Mon–Fri 00:00–09:00, 17:00–24:00; Sat, Sun all day`), and the time outside them (`always
 * except Mon–Fri 09:00–17:00`). Days are weekdays in a horizon of a week, `every day` in one of a
 * day, dates in a longer one; then the zone.
 */
export function windowWords(stretches: readonly Stretch[], examined: Examined): string {
  const { from, to, naming, horizon } = examined;
  if (naming === 'instant') return `at ${horizon.start.replace('T', ' ')} ${horizon.tz}`;
  const sorted = [...stretches].sort((a, b) => a.from - b.from);
  const rest = complement(sorted, from, to);
  if (naming === 'always' || rest.length === 0) return 'always';
  const candidates = [
    windowsAsTheyAre(sorted, naming),
    windowsByDay(sorted, naming),
    `always except ${windowsAsTheyAre(rest, naming)}`,
    `always except ${windowsByDay(rest, naming)}`,
  ];
  const best = candidates.reduce((a, b) => (b.length < a.length ? b : a));
  return `${best} ${horizon.tz}`;
}
