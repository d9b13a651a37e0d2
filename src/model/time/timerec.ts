/**
 * The proxy's time recurrence (`timerec`, docs/routing-model.md "Time recurrences"):
 * `dtstart|duration|freq|until|interval|byday|bymonthday|byyearday|byweekno|bymonth`, empty = always.
 * Parsed here, in wall-clock arithmetic: a local time is read as if it were UTC, so no machine zone
 * or daylight-saving shift ever enters (the proxy's dtstart is its own local time too); whether a
 * call time matches is timerec-match.ts. Pure: no I/O, no `Date` in the local zone.
 */
import { wallSeconds, type WallTime, wallTimeOf } from './wall-clock.js';

export type { WallTime } from './wall-clock.js';

/** A recurrence's frequency. */
export type Freq = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** One `byday` entry: weekday 0 (Sunday) to 6, and the Nth occurrence (negative from the end; 0 = every). */
export interface ByDay {
  readonly weekday: number;
  readonly nth: number;
}

/** A parsed, non-empty time recurrence. */
export interface Timerec {
  /** Seconds since 1970 of dtstart, read as wall clock. */
  readonly dtstart: number;
  readonly start: WallTime;
  /**
   * Seconds. 0 when the proxy cannot read the duration (empty, malformed, a bare day count such as
   * `1D`): it logs that, keeps the rule, and a duration of 0 matches at every moment from dtstart on.
   */
  readonly duration: number;
  readonly freq?: Freq;
  /** Seconds since 1970 of until, read as wall clock. */
  readonly until?: number;
  /** Every Nth unit counted from dtstart; 1 when absent. */
  readonly interval: number;
  readonly byday?: readonly ByDay[];
  readonly bymonthday?: readonly number[];
  readonly byyearday?: readonly number[];
  readonly byweekno?: readonly number[];
  readonly bymonth?: readonly number[];
}

const FIELDS = ['dtstart', 'duration', 'freq', 'until', 'interval', 'byday', 'bymonthday', 'byyearday', 'byweekno', 'bymonth'] as const;
const FREQS: readonly string[] = ['daily', 'weekly', 'monthly', 'yearly'];
const DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const RANGES: Readonly<Record<string, readonly [number, string]>> = {
  bymonthday: [31, 'a day of the month from 1 to 31 (or -1 to -31 from the end)'],
  byyearday: [366, 'a day of the year from 1 to 366 (or -1 to -366 from the end)'],
  byweekno: [53, 'a week of the year from 1 to 53 (or -1 to -53 from the end)'],
  bymonth: [12, 'a month from 1 to 12 (or -1 to -12 from the end)'],
};

/** The result of parsing: the recurrence (`null` for the empty, always-matching one) or what is wrong. */
export type ParsedTimerec = { readonly value: Timerec | null } | { readonly problem: string };

/** A `YYYYMMDDTHHMMSS` date-time, or `null` when it is not one (exactly 15 characters, a real date). */
function dateTime(text: string): WallTime | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/i.exec(text);
  return m ? wallTimeOf(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`) : null;
}

/** A duration in seconds: `P…W…D[T…H…M…S]` or bare `…H…M…S`; `null` when malformed or zero. */
export function parseDuration(text: string): number | null {
  const full = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(text);
  const bare = /^(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/i.exec(text);
  let parts: number[];
  if (full && !/T$/i.test(text)) parts = full.slice(1).map((p) => Number(p ?? 0));
  else if (bare && text !== '') parts = [0, 0, ...bare.slice(1).map((p) => Number(p ?? 0))];
  else return null;
  const [w = 0, d = 0, h = 0, m = 0, s = 0] = parts;
  const secs = (((w * 7 + d) * 24 + h) * 60 + m) * 60 + s;
  return secs > 0 ? secs : null;
}

/** A comma list of signed integers within ±max (no 0), or the problem. */
function numberList(text: string, field: string): number[] | string {
  const [max, words] = RANGES[field] as readonly [number, string];
  const out: number[] = [];
  for (const item of text.split(',')) {
    const t = item.trim();
    if (!/^[+-]?\d+$/.test(t)) return `${field} "${text}" must be a comma-separated list of numbers, each ${words}`;
    const n = Number(t);
    if (n === 0 || Math.abs(n) > max) return `${field} ${t} is out of range: each entry must be ${words}`;
    out.push(n);
  }
  return out;
}

/** A `byday` list: `MO,TU`, with an optional signed number before a day (`-1FR`, `2MO`). */
function dayList(text: string): ByDay[] | string {
  const out: ByDay[] = [];
  for (const item of text.split(',')) {
    const m = /^([+-]?\d+)?(SU|MO|TU|WE|TH|FR|SA)$/i.exec(item.trim());
    if (!m) return `byday "${text}" must list weekdays MO,TU,WE,TH,FR,SA,SU, each with an optional number before it (-1FR, 2MO)`;
    const nth = m[1] === undefined ? 0 : Number(m[1]);
    if (m[1] !== undefined && (nth === 0 || Math.abs(nth) > 53))
      return `byday ${item.trim()}: the number before the day must be 1 to 53 or -1 to -53`;
    out.push({ weekday: DAYS.indexOf((m[2] as string).toUpperCase()), nth });
  }
  return out;
}

/**
 * Parses a time recurrence. `""` is the always-matching recurrence (`value: null`); anything else
 * needs a dtstart and a duration. Every field is checked, so `problem` says which part is wrong.
 * The answer is frozen (its lists too) and may be shared: callers must not change it.
 */
export function parseTimerec(text: string): ParsedTimerec {
  return memo(parsedTexts, text, parseAndFreeze);
}

/**
 * Answers by text. A plan of a big file asks about the same few recurrences thousands of times (the
 * files' checks, the loader, the lints, the overlap and match of each rule), and parsing is pure.
 * Bounded: emptied when full, so a stream of distinct texts cannot grow it without end.
 */
const MEMO_LIMIT = 4096;
const parsedTexts = new Map<string, ParsedTimerec>();
const problemTexts = new Map<string, string | null>();
const warningTexts = new Map<string, string | null>();

function memo<T>(cache: Map<string, T>, text: string, compute: (text: string) => T): T {
  const known = cache.get(text);
  if (known !== undefined || cache.has(text)) return known as T;
  const answer = compute(text);
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(text, answer);
  return answer;
}

/** {@link parseTimerecText}, frozen all the way down so that one answer can serve every caller. */
function parseAndFreeze(text: string): ParsedTimerec {
  const parsed = parseTimerecText(text);
  if ('value' in parsed && parsed.value !== null) {
    const t = parsed.value;
    Object.freeze(t.start);
    if (t.byday) for (const d of t.byday) Object.freeze(d);
    for (const list of [t.byday, t.bymonthday, t.byyearday, t.byweekno, t.bymonth]) if (list) Object.freeze(list);
    Object.freeze(t);
  }
  return Object.freeze(parsed);
}

function parseTimerecText(text: string): ParsedTimerec {
  if (text === '') return { value: null };
  const parts = text.split('|');
  if (parts.length > FIELDS.length) {
    return { problem: `has ${parts.length} fields separated by "|"; a time recurrence has at most ${FIELDS.length} (${FIELDS.join('|')})` };
  }
  const get = (i: number): string => parts[i] ?? '';
  const start = dateTime(get(0));
  if (get(0) === '') return { problem: 'has no dtstart (its first field): write YYYYMMDDTHHMMSS, e.g. 20260101T090000' };
  if (start === null)
    return {
      problem: `dtstart "${get(0)}" must be exactly 15 characters YYYYMMDDTHHMMSS naming a real date and time, e.g. 20260101T090000`,
    };
  // A duration the proxy cannot read is not a reason to drop the rule: it reads 0 (see durationProblem).
  const duration = parseDuration(get(1)) ?? 0;
  const freqText = get(2);
  if (freqText !== '' && !FREQS.includes(freqText.toLowerCase())) {
    return { problem: `freq "${freqText}" must be daily, weekly, monthly or yearly` };
  }
  let until: number | undefined;
  if (get(3) !== '') {
    const u = dateTime(get(3));
    if (u === null) return { problem: `until "${get(3)}" must be exactly 15 characters YYYYMMDDTHHMMSS naming a real date and time` };
    until = wallSeconds(u);
  }
  let interval = 1;
  if (get(4) !== '') {
    if (!/^\d+$/.test(get(4)) || Number(get(4)) < 1) return { problem: `interval "${get(4)}" must be a whole number of 1 or more` };
    interval = Number(get(4));
  }
  const value: { -readonly [K in keyof Timerec]: Timerec[K] } = { dtstart: wallSeconds(start), start, duration, interval };
  if (freqText !== '') value.freq = freqText.toLowerCase() as Freq;
  if (until !== undefined) value.until = until;
  if (get(5) !== '') {
    const days = dayList(get(5));
    if (typeof days === 'string') return { problem: days };
    value.byday = days;
  }
  for (const [i, field] of [
    [6, 'bymonthday'],
    [7, 'byyearday'],
    [8, 'byweekno'],
    [9, 'bymonth'],
  ] as const) {
    if (get(i) === '') continue;
    const list = numberList(get(i), field);
    if (typeof list === 'string') return { problem: list };
    value[field] = list;
  }
  return { value };
}

/** The duration field of a time recurrence the proxy reads as 0 (it cannot read it), or `null`. */
function zeroDuration(text: string): string | null {
  if (text === '') return null;
  const field = text.split('|')[1] ?? '';
  return parseDuration(field) === null ? field : null;
}

/** The duration a bare count was likely meant as: `1D` → `P1D`, `T8H` → `PT8H`; `null` when there is none. */
function meantDuration(field: string): string | null {
  return field !== '' && parseDuration(`P${field}`) !== null ? `P${field}` : null;
}

/** Why the files should not hold this duration (empty, zero, malformed), or `null`; a bare count such as `1D` only warns. */
function durationProblem(field: string): string {
  if (field === '') return 'has no duration (its second field): write e.g. 8H or PT8H';
  return `duration "${field}" must be P…W…D[T…H…M…S] (PT8H, P1D) or …H…M…S (8H, 30M), and more than 0`;
}

/**
 * What is wrong with a time recurrence, in one sentence starting with `timerec`, or `null` when it
 * is fine for the files. Refused: what the parser refuses (the proxy drops a rule whose dtstart it
 * cannot read), and an empty, zero or malformed duration. A bare count such as `1D` (the proxy
 * takes a day count only after `P`) is not refused: the proxy reads it as 0 and keeps the rule, so
 * it is a warning ({@link timerecWarning}).
 */
export function timerecProblem(text: string): string | null {
  return memo(problemTexts, text, problemOf);
}

function problemOf(text: string): string | null {
  const parsed = parseTimerec(text);
  if ('problem' in parsed) return `timerec "${text}": ${parsed.problem}`;
  const zero = zeroDuration(text);
  if (zero === null || meantDuration(zero) !== null) return null;
  return `timerec "${text}": ${durationProblem(zero)}`;
}

/**
 * What the proxy does not read in a time recurrence it keeps: a duration it reads as 0 (a bare day
 * count such as `1D`, an empty or malformed one), which makes the rule match at every moment from
 * dtstart on. One sentence starting with `timerec`, or `null`. Only for a recurrence that parses.
 */
export function timerecWarning(text: string): string | null {
  return memo(warningTexts, text, warningOf);
}

function warningOf(text: string): string | null {
  const zero = zeroDuration(text);
  if (zero === null || 'problem' in parseTimerec(text)) return null;
  const meant = meantDuration(zero);
  const what =
    zero === ''
      ? 'has no duration'
      : `duration "${zero}" is not one the proxy reads${meant ? ' (it takes a day or week count only after P)' : ''}`;
  const start = text.split('|')[0] ?? '';
  return `timerec "${text}": ${what}: the proxy reads the duration as 0, and a duration of 0 makes the rule match at every moment from dtstart (${start}) on, whatever the other fields say${meant ? `; did you mean "${meant}"?` : ''}`;
}
