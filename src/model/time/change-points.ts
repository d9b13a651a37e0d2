/**
 * The moments at which a recurrence starts or stops matching within a horizon (windows.ts says
 * why they are exact): every candidate asked (`exactChangePoints`), or, over a long horizon, asked
 * only near the moments where real time enters and, between them, one period repeated
 * (periodic-points.ts) or nothing for a yearly recurrence away from its days. Found once per
 * recurrence, zone and horizon, and kept as those pieces (point-list.ts): a sweep reads the few it
 * needs. Pure (bounded memos).
 */
import { MARGIN, type NearStretch, periodicPieces, wallPeriod } from './periodic-points.js';
import { PointList, type PointPiece } from './point-list.js';
import { neverMatchesIn } from './recurrence-life.js';
import { timerecMatchesWall, wallClockDecides } from './timerec-match.js';
import type { Timerec } from './timerec.js';
import { wallTimeAt, zoneClock } from './timerec-zone.js';

const DAY = 86_400;

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

/** A recurrence's times of day and moments of its own in one zone (`ownMoments`), made once. */
interface RecInZone {
  readonly tods: ReadonlySet<number>;
  readonly absolute: readonly number[];
}

const inZone = new WeakMap<Timerec, Map<string, RecInZone>>();

/**
 * {@link timesOfDay} and {@link absoluteMoments} of a recurrence in `tz`, made once: each stretch of
 * it asked exactly, its near stretches and its screen (`mayChangeAt`) asked them again, each a
 * conversion of dtstart through the zone (160 one-minute windows: some 800 times, issue 36 §2).
 */
function ownMoments(rec: Timerec, tz: string): RecInZone {
  let byZone = inZone.get(rec);
  if (!byZone) inZone.set(rec, (byZone = new Map<string, RecInZone>()));
  let known = byZone.get(tz);
  if (known === undefined) {
    const clock = zoneClock(tz);
    byZone.set(tz, (known = { tods: timesOfDay(rec, clock), absolute: absoluteMoments(rec, clock) }));
  }
  return known;
}

/**
 * The times of day at which a recurrence's answer may change on any day: midnight, and each start
 * and end of its window (as written and as the zone places dtstart).
 */
function timesOfDay(rec: Timerec, clock: ReturnType<typeof zoneClock>): Set<number> {
  const tods = new Set<number>([0]);
  for (const start of [timeOfDay(rec.dtstart), timeOfDay(clock.wallOf(clock.epochOf(rec.dtstart)))]) {
    tods.add(start);
    if (start + rec.duration < DAY) tods.add(start + rec.duration);
  }
  return tods;
}

/** The real instants at which real time enters the answer: dtstart, the end of the first window, until + duration. */
function absoluteMoments(rec: Timerec, clock: ReturnType<typeof zoneClock>): number[] {
  const dtstart = clock.epochOf(rec.dtstart);
  const absolute = [dtstart, dtstart + rec.duration + 1];
  if (rec.until !== undefined) absolute.push(clock.epochOf(rec.until) + rec.duration);
  return absolute;
}

/**
 * Every moment at which a recurrence's answer may change within wall seconds [from, to), a superset:
 * see the module comment. Clock changes add the moment the clock jumps, and each time of day shifted
 * by the jump (a wall time the clocks skip is judged as the time after the change).
 */
function candidates(rec: Timerec, tz: string, from: number, to: number, zone = clockChanges(tz, from, to)): number[] {
  const { offsets, changes } = zone;
  const { tods, absolute } = ownMoments(rec, tz);
  const out: number[] = [];
  for (let d = from - timeOfDay(from) - DAY; d <= to; d += DAY) for (const t of tods) out.push(d + t);
  for (const e of absolute) for (const o of offsets) out.push(e + o);
  for (const c of changes) {
    const jump = c.after - c.before;
    if (jumpMatters(tods, c)) out.push(c.at + c.before, c.at + c.after);
    const near = c.at + c.before;
    for (let d = near - timeOfDay(near) - DAY; d <= near + 2 * DAY; d += DAY) for (const t of tods) out.push(d + t - jump, d + t + jump);
  }
  return out;
}

/**
 * Whether the answer may change at the wall seconds a clock change jumps from and to. Where the wall
 * clock decides, the answer is one function of the wall time (a skipped one judged as after the
 * change) that changes only at the window's times of day; so it changes at those seconds only when
 * one of them is within a jump of the change. Elsewhere (before the first window ends, after until)
 * it changes at the recurrence's moments of their own alone. Without this, every window was asked
 * at every clock change's two seconds, whatever its time of day (issue 36 §2).
 */
function jumpMatters(tods: ReadonlySet<number>, c: ClockChange): boolean {
  const jump = Math.abs(c.after - c.before);
  const lo = c.at + Math.min(c.before, c.after) - jump - 1;
  const hi = c.at + Math.max(c.before, c.after) + jump + 1;
  // The first second at or after lo with time of day t is lo plus t's distance past lo's time of
  // day; any later one is a day later. Asked of every window at every clock change, so without
  // walking the days (the range is a few hours).
  const start = timeOfDay(lo);
  for (const t of tods) if (lo + timeOfDay(t - start) <= hi) return true;
  return false;
}

/**
 * Whether `candidates` of some range could hold the wall second, for every range and every clock
 * change of `zone`: its time of day is one of the window's (shifted by a jump or not), or it is one
 * of the moments of their own. A second that fails is no change point (the candidates hold them
 * all), so it is not asked: the ends of the stretches a long horizon is cut into were two
 * questions each, 16 of the 60 a one-minute window over four years took (issue 36 §2), nearly all
 * at a time of day the window never has.
 */
function mayChangeAt(rec: Timerec, tz: string, { offsets, changes }: ZoneChanges): (wall: number) => boolean {
  const { tods, absolute } = ownMoments(rec, tz);
  const anyDay = new Set(tods);
  const own = new Set<number>();
  for (const e of absolute) for (const o of offsets) own.add(e + o);
  // The times of day shifted by each jump: a zone's changes jump by one or two amounts.
  const jumps = new Set<number>();
  for (const c of changes) {
    if (jumpMatters(tods, c)) own.add(c.at + c.before).add(c.at + c.after);
    jumps.add(c.after - c.before);
  }
  for (const jump of jumps) for (const t of tods) anyDay.add(timeOfDay(t - jump)).add(timeOfDay(t + jump));
  return (wall) => anyDay.has(timeOfDay(wall)) || own.has(wall);
}

const listsMemo = new WeakMap<Timerec, Map<string, PointList>>();

/**
 * The wall seconds within (from, to) at which the recurrence's answer differs from the moment
 * before, ascending: between two of them (and from `from` to the first) every moment is alike.
 * Found on first read, once per recurrence, zone and range: a daily or weekly recurrence asked over
 * one period between the moments where real time enters (periodic-points.ts: 160 one-minute windows
 * over four years were 900,000 questions), a yearly one only on and around its days (it was asked a
 * few times every day of four years).
 */
export function changePointList(rec: Timerec, tz: string, from: number, to: number): PointList {
  let byRange = listsMemo.get(rec);
  if (!byRange) listsMemo.set(rec, (byRange = new Map<string, PointList>()));
  const key = `${tz}\u0000${from}\u0000${to}`;
  const known = byRange.get(key);
  if (known) return known;
  const made = new PointList(() => piecesOf(rec, tz, from, to));
  byRange.set(key, made);
  return made;
}

/** {@link changePointList} written out: every point, ascending. */
export function changePoints(rec: Timerec, tz: string, from: number, to: number): readonly number[] {
  return changePointList(rec, tz, from, to).all();
}

function piecesOf(rec: Timerec, tz: string, from: number, to: number): readonly PointPiece[] {
  const period = wallPeriod(rec);
  const days = period === null ? yearlyDays(rec, tz, from, to) : null;
  // No more than two periods (a day of daily windows): periodicPieces would ask every stretch of
  // it exactly (nothing repeats twice), after finding where real time enters; asked at once.
  if ((period === null && days === null) || (period !== null && to - from <= 2 * period))
    return [{ lo: from, hi: to, points: exactChangePoints(rec, tz, from, to) }];
  // The zone's changes over the whole range, found once: each stretch asked exactly takes those near it.
  const zone = clockChanges(tz, from, to);
  const may = mayChangeAt(rec, tz, zone);
  // A stretch where the recurrence cannot match (before dtstart, after until) has no change point.
  const { absolute } = ownMoments(rec, tz);
  const never = neverMatchesIn(rec, absolute[0] as number, absolute[2], zone.offsets);
  return periodicPieces(period, [...nearStretches(rec, tz, zone), ...(days ?? [])], from, to, {
    within: (lo, hi) => (never(lo, hi) ? [] : exactChangePoints(rec, tz, lo, hi, nearOf(zone, lo, hi))),
    changesAt: (wall) =>
      !never(wall - 1, wall + 1) && may(wall) && timerecMatchesWall(rec, wall, tz) !== timerecMatchesWall(rec, wall - 1, tz),
    wallOnly: (wall) => wallClockDecides(rec, wall, tz),
  });
}

/**
 * Where a yearly recurrence without by-filters may change its answer, besides where real time
 * enters: each of its days (dtstart's month and day, as the proxy holds dtstart, in every year of
 * the range), with a margin on each side. Elsewhere the proxy compares the month and day and finds
 * them different (timerec-match.ts `unitMatches`), so the answer stays; `null` for any other
 * recurrence.
 */
function yearlyDays(rec: Timerec, tz: string, from: number, to: number): NearStretch[] | null {
  if (rec.freq !== 'yearly' || rec.byday || rec.bymonthday || rec.byyearday || rec.byweekno || rec.bymonth) return null;
  const clock = zoneClock(tz);
  const start = wallTimeAt(clock.wallOf(clock.epochOf(rec.dtstart)));
  const out: NearStretch[] = [];
  const first = new Date(from * 1000).getUTCFullYear() - 1;
  const last = new Date(to * 1000).getUTCFullYear() + 1;
  // A 29 February of a year without one falls on 1 March: one more day asked, never one missed.
  for (let y = first; y <= last; y++) {
    const day = Date.UTC(y, start.month - 1, start.day) / 1000;
    out.push([day - MARGIN, day + DAY + MARGIN]);
  }
  return out;
}

/**
 * Whether a recurrence's answer repeats with a wall period over wall seconds [from, to) away from
 * some stretches (periodic-points.ts): its period and those stretches, or `null` when it does not.
 */
export function repeatShape(rec: Timerec, tz: string, from: number, to: number): { period: number; near: NearStretch[] } | null {
  const period = wallPeriod(rec);
  return period === null ? null : { period, near: nearStretches(rec, tz, clockChanges(tz, from, to)) };
}

/**
 * Where real time enters a recurrence's answer (periodic-points.ts `MARGIN` says why these only),
 * each with a margin: its absolute moments at each of the zone's offsets, and the wall clock
 * between just before and just after each clock change the window feels (`felt`). Elsewhere a
 * clock change leaves the answer the wall clock's: a skipped wall time is judged as the time after
 * the change, and no time of day of the window is within a jump of it; so the answer there repeats
 * with the period, and both the recurrence's points and the sweeps' segments (repeat-segments.ts)
 * go on repeating across it. 160 one-minute windows over four years asked eight stretches each that
 * held no change point, and the sweeps cut their horizon at the four autumn changes none feels.
 */
function nearStretches(rec: Timerec, tz: string, { offsets, changes }: ZoneChanges): NearStretch[] {
  const { tods, absolute } = ownMoments(rec, tz);
  const out: NearStretch[] = [];
  for (const e of absolute) for (const o of offsets) out.push([e + o - MARGIN, e + o + MARGIN]);
  for (const c of changes)
    if (felt(tods, c)) out.push([c.at + Math.min(c.before, c.after) - MARGIN, c.at + Math.max(c.before, c.after) + MARGIN]);
  return out;
}

/**
 * Whether a recurrence's answer near a clock change is other than the wall clock's alone: only
 * where the clocks skip wall times (judged as the time after the change, a jump later) and a time
 * of day of the window is within a jump of them. Where they repeat an hour, the proxy compares the
 * wall clock alone (periodic-points.ts `MARGIN`).
 */
function felt(tods: ReadonlySet<number>, c: ClockChange): boolean {
  return c.after > c.before && jumpMatters(tods, c);
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
  // No candidate, no change: the answer at `from` is not needed (a stretch by a clock change away from the window's times).
  if (sorted.length === 0) return points;
  // Asked at wall seconds, not at their text: the same answer, without writing and reading each.
  let state = timerecMatchesWall(rec, from, tz);
  for (const c of sorted) {
    const now = timerecMatchesWall(rec, c, tz);
    if (now !== state) points.push(c);
    state = now;
  }
  return points;
}
