/**
 * Wall clock against real time in the proxy's zone, as the C library the proxy runs on converts
 * them. drouting reads dtstart and until with `mktime` (daylight saving left to the library) and
 * compares the call's `time()` with dtstart + duration and until + duration in real seconds, while
 * it compares the time of day, the weekday and the date on the wall clock. Across a clock change
 * the two differ by the hour the clocks moved. Pure: the zone is named, never the machine's.
 */
import type { WallTime } from './wall-clock.js';

/** A zone's conversions: wall clock (seconds read as UTC) to real seconds since 1970 and back. */
export interface ZoneClock {
  /**
   * The real instant of a wall time, as `mktime` with daylight saving unknown gives it: in the hour
   * the clocks repeat, the first of the two (summer time: `mktime` takes either, depending on the
   * conversion it made before, so this is a choice, not a simulation); in the hour they skip, the wall time read
   * with the offset before the change (02:30 where 02:00 jumps to 03:00 is 03:30 summer time).
   */
  epochOf(wall: number): number;
  /** The wall clock (seconds read as UTC) at a real instant. */
  wallOf(epoch: number): number;
}

const DAY = 86_400;
/** `month/day/year, hour:minute:second`, as the en-US format below writes a date of years 1 to 275760. */
const EN_US = /^(\d{1,2})\/(\d{1,2})\/(\d{1,6}), (\d{2}):(\d{2}):(\d{2})$/;
const clocks = new Map<string, ZoneClock>();

/** The identity: a zone without clock changes that is UTC. */
const UTC_CLOCK: ZoneClock = { epochOf: (w) => w, wallOf: (e) => e };

/** The clock of an IANA zone (one per zone, kept). */
export function zoneClock(tz: string): ZoneClock {
  if (tz === 'UTC' || tz === 'Etc/UTC') return UTC_CLOCK;
  const known = clocks.get(tz);
  if (known) return known;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  /** The zone's offset from UTC (seconds) at a real instant, asked of Intl (slow: kept). */
  const exactOffset = (epoch: number): number => {
    const cached = offsets.get(epoch);
    if (cached !== undefined) return cached;
    const date = new Date(epoch * 1000);
    // The text as en-US writes it (`1/15/2027, 03:00:00`) read back: a third of the time of its parts
    // (a horizon of four years asks every day once); any other shape is read by its parts.
    const m = EN_US.exec(format.format(date));
    let wall: number;
    if (m !== null) wall = Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4]) % 24, Number(m[5]), Number(m[6])) / 1000;
    else {
      const parts = format.formatToParts(date);
      const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
      wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) / 1000;
    }
    const offset = wall - epoch;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(epoch, offset);
    return offset;
  };
  /**
   * The offset at a real instant: that of the start of its UTC day when the day ends with the same
   * one (no zone changes its clock twice within a day and back), else that of the day's one change,
   * found by halving, on its side of it (no zone changes its clock twice within a day). The analysis
   * of a horizon of four years asks this millions of times, of a few thousand days.
   */
  const steady = new Map<number, number>();
  const offsetAt = (epoch: number): number => {
    const day = Math.floor(epoch / DAY) * DAY;
    // A day without a change: its one offset, in one lookup (NaN: the day holds a change).
    const known = steady.get(day);
    if (known !== undefined && !Number.isNaN(known)) return known;
    const first = exactOffset(day);
    const last = exactOffset(day + DAY);
    if (steady.size > 10_000) steady.clear();
    steady.set(day, first === last ? first : NaN);
    if (first === last) return first;
    // The day of a change: its instant found once (asking Intl of every second asked filled the cache).
    return epoch < changeIn(day, first) ? first : last;
  };
  const changes = new Map<number, number>();
  /** The first second of the new offset within a UTC day that starts with `first` and ends with another. */
  const changeIn = (day: number, first: number): number => {
    const known = changes.get(day);
    if (known !== undefined) return known;
    let lo = day;
    let hi = day + DAY;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (exactOffset(mid) === first) lo = mid;
      else hi = mid;
    }
    changes.set(day, hi);
    return hi;
  };
  const clock: ZoneClock = {
    wallOf: (epoch) => epoch + offsetAt(epoch),
    epochOf: (wall) => {
      const before = offsetAt(wall - DAY);
      const after = offsetAt(wall + DAY);
      if (before === after) return wall - before;
      // Within a day of a change (the analysis asks thousands of moments there): the instants the
      // wall time can be, the earlier of those that are it, else (skipped) the one read before the change.
      const early = Math.min(wall - before, wall - after);
      const late = Math.max(wall - before, wall - after);
      if (early + offsetAt(early) === wall) return early;
      if (late + offsetAt(late) === wall) return late;
      return wall - before;
    },
  };
  clocks.set(tz, clock);
  return clock;
}

/** Wall-clock seconds (read as UTC) as a wall time. */
export function wallTimeAt(seconds: number): WallTime {
  const d = new Date(seconds * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}
