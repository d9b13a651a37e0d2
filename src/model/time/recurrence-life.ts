/**
 * Where a recurrence cannot match at all: before its dtstart, and after until + duration (the
 * proxy's own order of tests, timerec-match.ts `matchesAt`). A stretch of wall seconds wholly there
 * holds no change point, so it is not asked (change-points.ts). Pure.
 */
import type { Timerec } from './timerec.js';

/**
 * Whether every wall second of [lo, hi) answers no for `rec`, whose dtstart is the real instant
 * `dtstart` and whose until + duration `untilEnd` (undefined without until), in a zone whose
 * offsets over the range are `offsets`: each such second is at a real instant `wall - o` for one of
 * them (the zone's conversion takes the offset before or after a change: timerec-zone.ts
 * `epochOf`), so the instants of [lo, hi) lie within [lo - max, hi - 1 - min]. Before dtstart the
 * proxy answers no whatever the window; after until + duration too, unless the duration is none
 * (which matches from dtstart on) or that instant is still within the first window. 160 one-minute
 * windows starting on the horizon's first day were each asked from its midnight on (issue 36 §2).
 */
export function neverMatchesIn(
  rec: Timerec,
  dtstart: number,
  untilEnd: number | undefined,
  offsets: readonly number[],
): (lo: number, hi: number) => boolean {
  if (offsets.length === 0) return () => false;
  const min = Math.min(...offsets);
  const max = Math.max(...offsets);
  // The first instant from which every later one answers no: none without until or a duration.
  const ended = untilEnd === undefined || rec.duration === 0 ? Infinity : Math.max(untilEnd, dtstart + rec.duration + 1);
  return (lo, hi) => hi - 1 - min < dtstart || lo - max >= ended;
}
