/**
 * Conservative overlap checks for the lints (lint.ts): can two time recurrences both match one
 * instant, can two LCR patterns both match one call. "Conservative" means: `true` unless the rules
 * prove the opposite, so a lint may warn about a pair that never meets, never the other way round
 * for what these checks look at. Pure.
 */
import { parseTimerec, type Timerec } from '../model/timerec.js';

const DAY = 86400;

/** A parsed recurrence (`null`: always), or `undefined` when it does not parse (the loader drops it). */
function parsed(text: string): Timerec | null | undefined {
  const p = parseTimerec(text);
  return 'value' in p ? p.value : undefined;
}

/** The seconds (wall clock) a recurrence can be active in: [from, to). */
function activeRange(t: Timerec): [number, number] {
  // A duration of 0 (one the proxy could not read) has no end: every moment from dtstart on.
  if (t.duration === 0) return [t.dtstart, Number.POSITIVE_INFINITY];
  if (t.freq === undefined) return [t.dtstart, t.dtstart + t.duration + 1];
  return [t.dtstart, t.until === undefined ? Number.POSITIVE_INFINITY : t.until + t.duration];
}

/** The recurring window's time of day, [from, to) in seconds; a window past midnight is cut there, as the proxy checks it. */
function dayWindow(t: Timerec): [number, number] {
  const from = t.start.hour * 3600 + t.start.minute * 60 + t.start.second;
  return [from, Math.min(from + t.duration, DAY)];
}

/** The weekdays (0 = Sunday) a recurrence can match on, or null when it may match on any. */
function weekdays(t: Timerec): Set<number> | null {
  if (t.byday && t.byday.length > 0) return new Set(t.byday.map((d) => d.weekday));
  if (t.freq === 'weekly' && !t.bymonthday && !t.byyearday) {
    const days = Math.floor(Date.UTC(t.start.year, t.start.month - 1, t.start.day) / 86_400_000);
    return new Set([(days + 4) % 7]);
  }
  return null;
}

/** The months (1-12) a recurrence can match in, or null when any (negative entries count from the end: any). */
function months(t: Timerec): Set<number> | null {
  if (!t.bymonth || t.bymonth.some((m) => m < 1)) return null;
  return new Set(t.bymonth);
}

function disjointSets(a: Set<number> | null, b: Set<number> | null): boolean {
  return a !== null && b !== null && ![...a].some((x) => b.has(x));
}

/**
 * Whether two time recurrences can both match some instant. Empty (always) overlaps everything.
 * Proven apart only when their active ranges (dtstart to until) do not meet, or both recur and
 * their times of day, their weekdays (byday, or a weekly dtstart's day) or their months (bymonth)
 * do not meet. The very first window of a recurrence (which may run past midnight) is not looked
 * at separately, nor the end instant of that first window. Anything else counts as overlapping.
 */
export function timesMayOverlap(a: string, b: string): boolean {
  const ta = parsed(a);
  const tb = parsed(b);
  if (!ta || !tb) return true;
  const [a0, a1] = activeRange(ta);
  const [b0, b1] = activeRange(tb);
  if (a1 <= b0 || b1 <= a0) return false;
  if (ta.freq === undefined || tb.freq === undefined || ta.duration === 0 || tb.duration === 0) return true;
  const [x0, x1] = dayWindow(ta);
  const [y0, y1] = dayWindow(tb);
  if (x1 <= y0 || y1 <= x0) return false;
  return !disjointSets(weekdays(ta), weekdays(tb)) && !disjointSets(months(ta), months(tb));
}

const DIGITS = /^[0-9]*$/;

/** Whether some From can hold `a` followed only by digits to its end, with `b` ending right where `a` starts or inside `a`'s digits. */
function aligned(a: string, b: string): boolean {
  for (let k = 0; k < b.length; k++) {
    const s = b.slice(k);
    if (a.startsWith(s) && DIGITS.test(a.slice(s.length))) return true;
    if (s.startsWith(a) && DIGITS.test(s.slice(a.length))) return true;
  }
  return false;
}

/**
 * Whether two LCR patterns (`<from>-<to>`) can both match one call. The proxy's test is
 * `from[0-9]*-to[0-9]*` unanchored: the To-user starts with `to`, and the From-user holds `from`
 * followed only by digits to its end. So the two `to`s must be prefixes of one another, and one
 * From must end with both `from`s (each followed by digits): always so when either is all digits.
 */
export function lcrPatternsMayMeet(p: string, q: string): boolean {
  const [pf = '', pt = ''] = splitPattern(p);
  const [qf = '', qt = ''] = splitPattern(q);
  if (!(pt.startsWith(qt) || qt.startsWith(pt))) return false;
  if (DIGITS.test(pf) || DIGITS.test(qf)) return true;
  return aligned(pf, qf) || aligned(qf, pf);
}

function splitPattern(pattern: string): [string, string] {
  const dash = pattern.indexOf('-');
  return dash < 0 ? [pattern, ''] : [pattern.slice(0, dash), pattern.slice(dash + 1)];
}

/**
 * A call both LCR patterns match, when one is easy to show (From = one From-prefix followed by the
 * other, when that other is all digits; To = the longer To-prefix), else null. Only when
 * `lcrPatternsMayMeet` holds.
 */
export function sharedLcrCall(p: string, q: string): { from: string; to: string } | null {
  const [pf, pt] = splitPattern(p);
  const [qf, qt] = splitPattern(q);
  const to = pt.length >= qt.length ? pt : qt;
  if (pf.includes(qf) && DIGITS.test(pf.slice(pf.lastIndexOf(qf) + qf.length))) return { from: pf, to };
  if (qf.includes(pf) && DIGITS.test(qf.slice(qf.lastIndexOf(pf) + pf.length))) return { from: qf, to };
  if (DIGITS.test(qf)) return { from: pf + qf, to };
  if (DIGITS.test(pf)) return { from: qf + pf, to };
  return null;
}
