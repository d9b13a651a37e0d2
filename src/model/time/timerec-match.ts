/**
 * Whether a call time falls in a time recurrence, exactly as Kamailio 5.6's drouting decides it.
 * drouting carries its own copy of the recurrence code (`dr_time.c`, not the core's `tmrec.c`), and
 * that copy compares the C library's 0-based fields (`tm_mon`, `tm_yday`) with the 1-based values
 * written, reduces every position modulo its count with C's truncating `%`, and needs an ordinal on
 * a `byday` under monthly or yearly. Held to the real proxy by test/proxy; docs/routing-model.md
 * ("Time recurrences") says what that means for a user. Pure, wall-clock arithmetic (wall-clock.ts).
 */
import type { Timerec } from './timerec.js';
import { wallSeconds, type WallTime, wallTimeOf } from './wall-clock.js';
import { wallTimeAt, zoneClock } from './timerec-zone.js';

const DAY = 86_400;

/** Days since 1970-01-01 of a wall time's date. */
function dayNumber(t: { year: number; month: number; day: number }): number {
  return Math.floor(Date.UTC(t.year, t.month - 1, t.day) / 1000 / DAY);
}

/** Weekday, 0 = Sunday (1970-01-01 was a Thursday). */
function weekdayOf(t: { year: number; month: number; day: number }): number {
  return (dayNumber(t) + 4) % 7;
}

/** The C library's view of a date: `tm_mon` and `tm_yday` from 0, `tm_wday` 0 = Sunday. */
interface Tm {
  readonly mon: number;
  readonly mday: number;
  readonly yday: number;
  readonly wday: number;
  /** Days in this month and in this year (the proxy's `dr_ac_get_maxval`). */
  readonly daysInMonth: number;
  readonly daysInYear: number;
}

function tmOf(t: WallTime): Tm {
  const daysInYear = (t.year % 4 === 0 && t.year % 100 !== 0) || t.year % 400 === 0 ? 366 : 365;
  return {
    mon: t.month - 1,
    mday: t.day,
    yday: dayNumber(t) - dayNumber({ year: t.year, month: 1, day: 1 }),
    wday: weekdayOf(t),
    daysInMonth: new Date(Date.UTC(t.year, t.month, 0)).getUTCDate(),
    daysInYear,
  };
}

/**
 * The interval as drouting reads it (`strz2int` in dr_time.c): it adds the digits up instead of
 * reading a number, so `10` is 1, `12` is 3 and `21` is 3; from 1 to 9 as written.
 */
export function proxyInterval(interval: number): number {
  let sum = 0;
  for (const digit of String(interval)) sum += Number(digit);
  return sum;
}

/**
 * The interval, counted in the freq's unit from dtstart (`dr_check_freq_interval`), `a` dtstart as
 * the proxy holds it; the call on `day` (days since 1970), its date `date` (given when the freq is
 * monthly or yearly: {@link needsDate}).
 */
function intervalMatches(rec: Timerec, a: Anchored, day: number, date: WallTime | null): boolean {
  const interval = proxyInterval(rec.interval);
  if (interval <= 1) return true;
  const s = a.start;
  switch (rec.freq) {
    case 'daily':
      return (day - a.day) % interval === 0;
    case 'weekly': {
      // Weeks start on Monday.
      const monday = (d: number): number => d - ((d + 3) % 7);
      return ((monday(day) - monday(a.day)) / 7) % interval === 0;
    }
    case 'monthly':
      return (((date as WallTime).year - s.year) * 12 + (date as WallTime).month - s.month) % interval === 0;
    default:
      return ((date as WallTime).year - s.year) % interval === 0;
  }
}

/**
 * The smallest unit a recurrence repeats in (`dr_get_min_interval`): a day when freq is daily or a
 * byday, bymonthday or byyearday is given; else a week for weekly or a byweekno; else a month for
 * monthly or a bymonth; else a year. So yearly with a bymonth repeats on dtstart's day of each month.
 */
function minUnit(rec: Timerec): 'day' | 'week' | 'month' | 'year' {
  if (rec.freq === 'daily' || rec.byday || rec.bymonthday || rec.byyearday) return 'day';
  if (rec.freq === 'weekly' || rec.byweekno) return 'week';
  if (rec.freq === 'monthly' || rec.bymonth) return 'month';
  return 'year';
}

/**
 * The smallest unit against dtstart, then the time of day in `[start, start + duration)`
 * (`dr_check_min_unit`), of the call at wall second `wall` on `day`, its date `date` when the unit
 * is a month or a year ({@link needsDate}).
 */
function unitMatches(rec: Timerec, a: Anchored, wall: number, day: number, date: WallTime | null): boolean {
  const unit = minUnit(rec);
  const s = a.start;
  if (unit === 'week' && (a.day + 4) % 7 !== (day + 4) % 7) return false;
  if (unit === 'month' && s.day !== (date as WallTime).day) return false;
  if (unit === 'year' && (s.month !== (date as WallTime).month || s.day !== (date as WallTime).day)) return false;
  const t0 = s.hour * 3600 + s.minute * 60 + s.second;
  const t1 = wall - day * DAY;
  return t1 >= t0 && t1 < t0 + rec.duration;
}

/**
 * Whether deciding the recurrence reads the call's date (year, month, day), not only its day number
 * and time of day: a monthly or yearly freq or smallest unit, or a by-filter. The analysis asks a
 * daily or weekly window tens of thousands of times; the date made for each cost more than the answer.
 */
function needsDate(rec: Timerec): boolean {
  const unit = minUnit(rec);
  const filters = rec.byday || rec.bymonthday || rec.byyearday || rec.byweekno || rec.bymonth;
  return unit === 'month' || unit === 'year' || rec.freq === 'monthly' || rec.freq === 'yearly' || filters !== undefined;
}

/**
 * The proxy's count of the weekday `tm` falls on in its year (`dr_ac_get_maxval`'s `ywday`): its
 * own formula, which is not always the true count, kept as it is.
 */
function weekdaysInYear(tm: Tm, year: number): number {
  const dec31 = weekdayOf({ year, month: 12, day: 31 });
  const back = tm.wday > dec31 ? tm.wday - dec31 + 1 : dec31 - tm.wday;
  return Math.trunc((tm.daysInYear - 1 - back) / 7) + 1;
}

/** How many times the weekday of `tm` falls in its month (`dr_ac_get_maxval`'s `mwday`). */
function weekdaysInMonth(tm: Tm): number {
  return Math.trunc((tm.daysInMonth - 1 - ((tm.daysInMonth - tm.mday) % 7)) / 7) + 1;
}

/** Monday-first week of the year, the days before the first Monday being week 0 (`%W`). */
function weekOfYear(yday: number, wday: number): number {
  return Math.trunc((yday + 7 - (wday === 0 ? 6 : wday - 1)) / 7);
}

/**
 * `(n + count) % count` with C's `%` (JavaScript's `%` truncates the same way): the position the
 * proxy compares with. A value equal to its count gives 0, a larger one wraps, and a negative one
 * past the count stays negative (never a position).
 */
function reduced(n: number, count: number): number {
  return (n + count) % count;
}

/** Whether one `byday` entry matches (`dr_check_byxxx`): an ordinal counts only under monthly and yearly, and is needed there. */
function dayEntryMatches(rec: Timerec, tm: Tm, year: number, entry: { weekday: number; nth: number }): boolean {
  if (tm.wday !== entry.weekday) return false;
  // Without an ordinal (0) this compares an occurrence, counted from 1, with 0: never.
  if (rec.freq === 'yearly') return Math.trunc(tm.yday / 7) + 1 === reduced(entry.nth, weekdaysInYear(tm, year));
  if (rec.freq === 'monthly') return Math.trunc((tm.mday - 1) / 7) + 1 === reduced(entry.nth, weekdaysInMonth(tm));
  return true;
}

/** Every by-filter given (`dr_check_byxxx`), with the proxy's 0-based comparisons. */
function filtersMatch(rec: Timerec, at: WallTime): boolean {
  const tm = tmOf(at);
  // The month from 0 against the value written: bymonth 2 is March, 12 January; -1 December.
  if (rec.bymonth && !rec.bymonth.some((n) => tm.mon === reduced(n, 12))) return false;
  if (rec.freq === 'yearly' && rec.byweekno) {
    const weeks = weekOfYear(tm.daysInYear - 1, weekdayOf({ year: at.year, month: 12, day: 31 })) + 1;
    const week = weekOfYear(tm.yday, tm.wday);
    if (!rec.byweekno.some((n) => week === reduced(n, weeks))) return false;
  }
  // The day of the year from 0: byyearday 1 is 2 January.
  if (rec.byyearday && !rec.byyearday.some((n) => tm.yday === reduced(n, tm.daysInYear))) return false;
  // The day of the month from 1, but reduced by the month's length: 31 never in a 31-day month.
  if (rec.bymonthday && !rec.bymonthday.some((n) => tm.mday === reduced(n, tm.daysInMonth) + (n < 0 ? 1 : 0))) return false;
  if (rec.byday && !rec.byday.some((entry) => dayEntryMatches(rec, tm, at.year, entry))) return false;
  return true;
}

/** dtstart and until of a recurrence as the proxy holds them in one zone: real instants, and dtstart's wall time after `mktime`. */
interface Anchored {
  readonly dtstart: number;
  readonly start: WallTime;
  /** `start`'s day (days since 1970), and whether a call's date is read ({@link needsDate}). */
  readonly day: number;
  readonly dated: boolean;
  readonly until?: number;
}

const anchors = new WeakMap<Timerec, Map<string, Anchored>>();

/** dtstart and until read with `mktime` in `tz` (a dtstart the clocks skip moves on by the hour skipped). */
function anchored(rec: Timerec, tz: string | undefined): Anchored {
  let byZone = anchors.get(rec);
  if (!byZone) anchors.set(rec, (byZone = new Map<string, Anchored>()));
  const known = byZone.get(tz ?? '');
  if (known) return known;
  // Without a zone, wall clock throughout: dtstart and until as written.
  const clock = tz === undefined ? { epochOf: (w: number) => w, wallOf: (e: number) => e } : zoneClock(tz);
  const dtstart = clock.epochOf(rec.dtstart);
  const start = wallTimeAt(clock.wallOf(dtstart));
  const base = { dtstart, start, day: dayNumber(start), dated: needsDate(rec) };
  const value: Anchored = rec.until === undefined ? base : { ...base, until: clock.epochOf(rec.until) };
  byZone.set(tz ?? '', value);
  return value;
}

/** A call's wall time (as fields and as wall seconds) and its instant. */
interface CallInstant {
  readonly at: WallTime;
  readonly wall: number;
  readonly t: number;
}

/** The last call time converted: a call is judged against many rules at one time. */
let lastCall: { local: string; tz: string | undefined; value: CallInstant | null } | null = null;

/** A call's wall time and its instant (real seconds in `tz`; wall seconds without one). */
function callInstant(local: string, tz: string | undefined): CallInstant | null {
  if (lastCall !== null && lastCall.local === local && lastCall.tz === tz) return lastCall.value;
  const wall = wallTimeOf(local);
  let value: CallInstant | null = null;
  if (wall !== null && tz === undefined) value = { at: wall, wall: wallSeconds(wall), t: wallSeconds(wall) };
  else if (wall !== null) {
    const clock = zoneClock(tz as string);
    const t = clock.epochOf(wallSeconds(wall));
    // A wall time the clocks skip is the moment after the change, as the proxy's clock shows it.
    const shown = clock.wallOf(t);
    value = { at: wallTimeAt(shown), wall: shown, t };
  }
  lastCall = { local, tz, value };
  return value;
}

/**
 * Whether a call at wall-clock time `local` (`YYYY-MM-DDTHH:MM:SS` in the proxy's zone `tz`) falls
 * in the recurrence (`null`: always), as drouting's `dr_check_tmrec` decides: before dtstart never;
 * a duration of 0 (one the proxy could not read) every moment from dtstart on; within the first
 * window always; past until + duration never; without freq never; then the interval, the smallest
 * unit with the time of day, and every by-filter, each as the proxy compares it. dtstart, the
 * first window and until are real time in `tz` (a window across a clock change is as many real
 * hours long as its duration says); without `tz`, wall clock throughout (a zone with no clock change).
 */
export function timerecMatches(parsed: Timerec | null, local: string, tz?: string): boolean {
  if (parsed === null) return true;
  const call = callInstant(local, tz);
  if (call === null) return false;
  return matchesAt(parsed, call.wall, call.t, tz, call.at);
}

/**
 * {@link timerecMatches} at one call's moment for many recurrences: the moment read once, not once
 * per recurrence (the decisions of an instant read for thousands of callers' windows, decision-memo.ts).
 */
export function matchesAtCall(local: string, tz?: string): (parsed: Timerec | null) => boolean {
  const call = callInstant(local, tz);
  return (parsed) => parsed === null || (call !== null && matchesAt(parsed, call.wall, call.t, tz, call.at));
}

/** Whether a rule's recurrence holds at a call's local time in its zone; `null`: always (no recurrence). */
export type TimeMatcher = ((local: string, tz: string) => boolean) | null;

/**
 * A parsed recurrence as a matcher, made once where the rules are loaded: {@link timerecMatches}
 * on it. `null` (always) stays `null`, so a rule without a recurrence costs a decision no call.
 */
export function timerecMatcher(parsed: Timerec | null): TimeMatcher {
  return parsed === null ? null : (local, tz) => timerecMatches(parsed, local, tz);
}

/**
 * {@link timerecMatches} at a wall second (read as UTC) in `tz`, the same answer as at its
 * `YYYY-MM-DDTHH:MM:SS` text: the analysis (windows.ts `changePoints`) asks hundreds of thousands
 * of moments, and writing each as text to read it back cost more than the answer.
 */
export function timerecMatchesWall(parsed: Timerec | null, wall: number, tz: string): boolean {
  if (parsed === null) return true;
  const clock = zoneClock(tz);
  const t = clock.epochOf(wall);
  // A wall time the clocks skip is the moment after the change, as in callInstant.
  return matchesAt(parsed, clock.wallOf(t), t, tz);
}

/**
 * Whether the answer at wall second `wall` in `tz` is the wall clock's alone: past the first window
 * and before until + duration, with a duration and a freq (before dtstart it is no, within the first
 * window yes, whatever the clock shows). A daily or weekly recurrence answers alike at every such
 * moment one period apart, in every stretch of them (change-points.ts finds one period once).
 */
export function wallClockDecides(parsed: Timerec, wall: number, tz: string): boolean {
  const t = zoneClock(tz).epochOf(wall);
  const anchor = anchored(parsed, tz);
  if (parsed.duration === 0 || parsed.freq === undefined || t <= anchor.dtstart + parsed.duration) return false;
  return anchor.until === undefined || t < anchor.until + parsed.duration;
}

/** The answer at real instant `t`, whose wall clock is `wall` (seconds read as UTC) and, when known, `at`. */
function matchesAt(parsed: Timerec, wall: number, t: number, tz: string | undefined, at?: WallTime): boolean {
  const anchor = anchored(parsed, tz);
  if (t < anchor.dtstart) return false;
  if (parsed.duration === 0) return true;
  if (t <= anchor.dtstart + parsed.duration) return true;
  if (anchor.until !== undefined && t >= anchor.until + parsed.duration) return false;
  if (parsed.freq === undefined) return false;
  const day = Math.floor(wall / DAY);
  const date = anchor.dated ? (at ?? wallTimeAt(wall)) : null;
  return (
    intervalMatches(parsed, anchor, day, date) &&
    unitMatches(parsed, anchor, wall, day, date) &&
    (date === null || filtersMatch(parsed, date))
  );
}
