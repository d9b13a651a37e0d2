/**
 * Overlap checks for the lints (lint.ts, lcr-ties.ts). Can two time recurrences both match one
 * instant: conservative, `true` unless the rules prove the opposite. Can two LCR patterns both
 * match one call: exact, for callers an E.164 From can be (at most 15 digits, a leading `+`
 * allowed): a From-prefix no such From holds never ties. Each check costs at most the length of
 * its From-prefixes (at most 16 characters are looked at), never their square. Pure.
 */
import { parseTimerec, type Timerec } from '../model/time/timerec.js';

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

/** The most digits a From holds: E.164's 15, after an optional leading `+`. */
export const E164_DIGITS = 15;

/**
 * A From-prefix as an E.164 From can hold it: its digits, and whether it starts with `+` (which
 * only a From's first character can be). `null` when no From of at most 15 digits holds it (a `*`
 * or `#`, a `+` further in, more than 15 digits).
 */
export interface CallerPart {
  readonly plus: boolean;
  readonly digits: string;
}

const DIGITS = /^[0-9]*$/;

/** The From-prefix `from` as an E.164 From holds it, or null (see {@link CallerPart}). */
export function callerPart(from: string): CallerPart | null {
  const plus = from.startsWith('+');
  // Checked on the length first: a From-prefix of 60,000 digits is turned away without a scan.
  if (from.length > E164_DIGITS + (plus ? 1 : 0)) return null;
  const digits = plus ? from.slice(1) : from;
  return DIGITS.test(digits) ? { plus, digits } : null;
}

/** The shortest digits that start with `x` and hold `y`: `x` itself, or `x` overlapped with `y`'s head. */
function startingWith(x: string, y: string): string {
  if (x.includes(y)) return x;
  for (let k = Math.min(x.length, y.length); k > 0; k--) if (x.endsWith(y.slice(0, k))) return x + y.slice(k);
  return x + y;
}

/**
 * The shortest From that holds both From-prefixes, each followed only by digits to its end (as the
 * proxy's LCR test needs), when that From is E.164: at most 15 digits, `+` only first. It is their
 * shortest common superstring, the `+` one (if any) first. `null` when none is that short: the
 * two callers never meet.
 */
export function sharedCaller(a: CallerPart, b: CallerPart): string | null {
  let digits: string;
  if (a.plus && b.plus) {
    if (!(a.digits.startsWith(b.digits) || b.digits.startsWith(a.digits))) return null;
    digits = a.digits.length >= b.digits.length ? a.digits : b.digits;
  } else if (a.plus) digits = startingWith(a.digits, b.digits);
  else if (b.plus) digits = startingWith(b.digits, a.digits);
  else {
    const ab = startingWith(a.digits, b.digits);
    const ba = startingWith(b.digits, a.digits);
    // The shorter; of two as short, the smaller, so that the answer does not depend on the order asked in.
    digits = ba.length < ab.length || (ba.length === ab.length && ba < ab) ? ba : ab;
  }
  if (digits.length > E164_DIGITS) return null;
  return `${a.plus || b.plus ? '+' : ''}${digits}`;
}

/** `<from>-<to>` into its two parts (no `-`: all From). */
export function splitPattern(pattern: string): [string, string] {
  const dash = pattern.indexOf('-');
  return dash < 0 ? [pattern, ''] : [pattern.slice(0, dash), pattern.slice(dash + 1)];
}

/**
 * A call two LCR patterns (`<from>-<to>`) both match, from a caller an E.164 From can be, or null
 * when there is none. The proxy's test is `from[0-9]*-to[0-9]*` unanchored and case-insensitive:
 * the To-user starts with `to` (so the two `to`s are prefixes of one another; the call goes to the
 * longer), and the From-user holds `from` followed only by digits (so the From is
 * {@link sharedCaller}). Callers beyond E.164 (a `*` code, more than 15 digits) are not looked at.
 */
export function lcrTie(p: string, q: string): { from: string; to: string } | null {
  const [pf, pt] = splitPattern(p);
  const [qf, qt] = splitPattern(q);
  const [lp, lq] = [pt.toLowerCase(), qt.toLowerCase()];
  if (!(lp.startsWith(lq) || lq.startsWith(lp))) return null;
  const [a, b] = [callerPart(pf), callerPart(qf)];
  const from = a && b ? sharedCaller(a, b) : null;
  return from === null ? null : { from, to: pt.length >= qt.length ? pt : qt };
}
