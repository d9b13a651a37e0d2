/**
 * What the proxy does with a time recurrence's by-fields that differs from what they say
 * (docs/routing-model.md "Time recurrences"). drouting's own recurrence code (dr_time.c) counts
 * months and days of the year from 0, reduces every position modulo its count, and needs an
 * ordinal on a weekday under monthly or yearly. Each quirk is one sentence saying what the proxy
 * will do, and what to write instead where something can be. The by-fields count only after the
 * first window and only with a freq, so a recurrence without one has no quirks here. Pure.
 */
import type { ByDay, Timerec } from './timerec.js';
import { proxyInterval } from './timerec-match.js';
import { midnightQuirk } from './midnight-cut.js';

/** One by-field that the proxy reads other than it reads: a lint code, the sentence, and what to do. */
export interface TimerecQuirk {
  readonly code:
    | 'bymonth_from_zero'
    | 'byyearday_from_zero'
    | 'bymonthday_wraps'
    | 'byday_never'
    | 'byday_ordinal'
    | 'byweekno_ignored'
    | 'interval_digits'
    | 'midnight_cut';
  readonly message: string;
  readonly hint: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** `a`, `a and b`, `a, b and c`. */
function and(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The position the proxy compares with: `(n + count) % count`, C's `%` (0 or less: none). */
function reduced(n: number, count: number): number {
  return (n + count) % count;
}

/** bymonth: the proxy compares the month counted from 0, so a positive value names the month after. */
function bymonthQuirk(values: readonly number[]): TimerecQuirk | null {
  const shifted = values.filter((n) => n > 0);
  if (shifted.length === 0) return null;
  const written = shifted.join(',');
  const matches = and(shifted.map((n) => MONTHS[reduced(n, 12)] as string));
  const meant = and(shifted.map((n) => MONTHS[n - 1] as string));
  const fix = values.map((n) => (n > 0 ? (n === 1 ? 12 : n - 1) : n)).join(',');
  return {
    code: 'bymonth_from_zero',
    message: `bymonth ${written} matches ${matches} on the proxy (drouting counts months from 0): to mean ${meant} write ${fix}`,
    hint: `write bymonth ${fix}: each month one lower, 12 for January (a count from the end, -1 for December, is read as meant)`,
  };
}

/** byyearday: the day of the year counted from 0. */
function byyeardayQuirk(values: readonly number[]): TimerecQuirk | null {
  const shifted = values.filter((n) => n > 0);
  if (shifted.length === 0) return null;
  const days = and(shifted.map((n) => ordinal(n + 1)));
  const fixable = shifted.every((n) => n > 1);
  const fix = values.map((n) => (n > 0 ? n - 1 : n)).join(',');
  return {
    code: 'byyearday_from_zero',
    message: `byyearday ${shifted.join(',')} matches the ${days} day of the year on the proxy (drouting counts days of the year from 0, so one day late)${fixable ? `: to mean the ${and(shifted.map(ordinal))} write ${fix}` : ''}`,
    hint: fixable
      ? `write byyearday ${fix}: each day one lower (a count from the end, -1 for 31 December, is read as meant)`
      : 'write each day one lower; no byyearday names 1 January every year: use bymonthday 1 with bymonth -12',
  };
}

/** bymonthday: the day reduced modulo the month's length, so a day at or past the end of a month misses or wraps. */
function bymonthdayQuirk(values: readonly number[]): TimerecQuirk | null {
  const parts: string[] = [];
  for (const n of values.filter((v) => v >= 28)) {
    const odd: string[] = [];
    for (const length of [31, 30, 29, 28]) {
      const meant = n <= length ? n : 0;
      const got = reduced(n, length);
      if (got === meant) continue;
      odd.push(`${got === 0 ? 'no day' : `the ${ordinal(got)}`} in a month of ${length} days`);
    }
    if (odd.length > 0) parts.push(`${n} matches ${and(odd)}`);
  }
  if (parts.length === 0) return null;
  return {
    code: 'bymonthday_wraps',
    message: `bymonthday ${values.join(',')}: on the proxy ${parts.join('; ')} (drouting reduces the day modulo the month's length)`,
    hint: 'for the last days of a month count from the end (-1 is the last day, -2 the one before), which the proxy reads as meant',
  };
}

/** The occurrence a numbered weekday reaches in a month or year with `count` of them (0: none). */
function occurrence(nth: number, count: number): number {
  const r = reduced(nth, count);
  return r > 0 ? r : 0;
}

/** What the user means by an ordinal: the nth from the start or from the end (0: none). */
function meantOccurrence(nth: number, count: number): number {
  if (nth > 0) return nth <= count ? nth : 0;
  return -nth <= count ? count + 1 + nth : 0;
}

/** byday under monthly or yearly: a weekday without an ordinal never matches; an ordinal is reduced by the count of that weekday. */
function bydayQuirks(byday: readonly ByDay[], freq: Timerec['freq']): TimerecQuirk[] {
  const written = (d: ByDay): string => `${d.nth === 0 ? '' : d.nth}${CODES[d.weekday]}`;
  const out: TimerecQuirk[] = [];
  if (freq !== 'monthly' && freq !== 'yearly') {
    const numbered = byday.filter((d) => d.nth !== 0);
    if (numbered.length === 0) return [];
    return [
      {
        code: 'byday_ordinal',
        message: `byday ${numbered.map(written).join(',')} under ${freq}: the proxy ignores the number and matches every ${and(numbered.map((d) => DAYS[d.weekday] as string))}`,
        hint: 'number the days only under monthly or yearly; under daily or weekly write the weekday alone (MO)',
      },
    ];
  }
  const unit = freq === 'monthly' ? 'month' : 'year';
  const bare = byday.filter((d) => d.nth === 0);
  if (bare.length > 0) {
    const all = bare.length === byday.length;
    out.push({
      code: 'byday_never',
      message: `byday ${all ? byday.map(written).join(',') : `${bare.map(written).join(',')} (of ${byday.map(written).join(',')})`} under ${freq} never matches after the first window on the proxy (drouting needs a number before each day there): use weekly, or number the days (1${CODES[bare[0]?.weekday ?? 1]})`,
      hint: `for every ${and(bare.map((d) => DAYS[d.weekday] as string))} write freq weekly (or daily) with byday ${bare.map(written).join(',')}; for the first ${DAYS[bare[0]?.weekday ?? 1]} of the ${unit} write 1${CODES[bare[0]?.weekday ?? 1]}`,
    });
  }
  const counts = freq === 'monthly' ? [4, 5] : [52, 53];
  const odd: string[] = [];
  for (const d of byday.filter((e) => e.nth !== 0)) {
    const day = DAYS[d.weekday] as string;
    const per = counts
      .filter((c) => occurrence(d.nth, c) !== meantOccurrence(d.nth, c))
      .map((c, i) => {
        const got = occurrence(d.nth, c);
        const what = got === 0 ? (i === 0 ? `no ${day}` : 'none') : `the ${ordinal(got)}${i === 0 ? ` ${day}` : ''}`;
        return `${what} in a ${unit} with ${c}${i === 0 ? ` ${day}s` : ''}`;
      });
    if (per.length > 0) odd.push(`${written(d)} matches ${and(per)}`);
  }
  if (odd.length > 0) {
    const first = byday.find((e) => e.nth !== 0)?.weekday ?? 5;
    const [lastDay, lastCode] = [DAYS[first] as string, CODES[first] as string];
    out.push({
      code: 'byday_ordinal',
      message: `byday ${byday.map(written).join(',')} under ${freq}: on the proxy ${odd.join('; ')} (drouting reduces the number modulo the ${unit}'s count of that weekday, so a count from the end lands one too early)`,
      hint:
        freq === 'monthly'
          ? `numbers 1 to 3 are read as meant; for the last ${lastDay} of a month write freq daily with byday ${lastCode} and bymonthday -7,-6,-5,-4,-3,-2,-1`
          : `numbers 1 to 51 are read as meant; for the last ${lastDay} of the year write freq daily with byday ${lastCode} and byyearday -7,-6,-5,-4,-3,-2,-1`,
    });
  }
  return out;
}

/** byweekno outside yearly: ignored, and it still makes a monthly or yearly rule repeat weekly. */
function byweeknoQuirk(rec: Timerec): TimerecQuirk | null {
  if (!rec.byweekno || rec.freq === 'yearly') return null;
  const weekly = rec.freq === 'monthly' && !rec.byday && !rec.bymonthday && !rec.byyearday;
  const weekday = DAYS[(Math.floor(Date.UTC(rec.start.year, rec.start.month - 1, rec.start.day) / 86_400_000) + 4) % 7] as string;
  return {
    code: 'byweekno_ignored',
    message: `byweekno ${rec.byweekno.join(',')} under ${rec.freq} is ignored on the proxy (it counts weeks only under yearly)${weekly ? `, and it makes the rule repeat every week on dtstart's weekday (${weekday}) instead of once a month` : ''}`,
    hint: 'use byweekno only with freq yearly, or remove it',
  };
}

/** interval from 10 on: drouting adds its digits up (`12` is every 3rd unit, `10` every one). */
function intervalQuirk(rec: Timerec): TimerecQuirk | null {
  if (rec.interval < 10) return null;
  const read = proxyInterval(rec.interval);
  const unit = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' }[rec.freq ?? 'daily'];
  return {
    code: 'interval_digits',
    message: `interval ${rec.interval} is read as ${read} on the proxy (drouting adds the digits up instead of reading the number): the rule repeats every ${read === 1 ? unit : `${ordinal(read)} ${unit}`}, not every ${ordinal(rec.interval)}`,
    hint: 'the proxy reads an interval of 1 to 9 as written; for a longer period use a larger freq (weekly for 14 days is interval 2) or by-fields',
  };
}

/**
 * Every by-field of a time recurrence the proxy reads other than it says: months and days of the
 * year counted from 0 (`bymonth_from_zero`, `byyearday_from_zero`), days of the month at or past a
 * month's end (`bymonthday_wraps`), weekdays without a number under monthly or yearly
 * (`byday_never`), numbers on weekdays it reduces or ignores (`byday_ordinal`), and byweekno
 * outside yearly (`byweekno_ignored`), and an interval from 10 on (`interval_digits`), and a
 * window past midnight, which matches only until 24:00 after the first (`midnight_cut`, with the
 * two rules to write when `text`, the recurrence as written, is given). Empty for a recurrence
 * without freq or with a duration of 0 (no by-field counts then).
 */
export function timerecQuirks(rec: Timerec, text?: string): TimerecQuirk[] {
  if (rec.freq === undefined || rec.duration === 0) return [];
  const out: TimerecQuirk[] = [];
  const push = (q: TimerecQuirk | null): void => {
    if (q !== null) out.push(q);
  };
  if (rec.byday) out.push(...bydayQuirks(rec.byday, rec.freq));
  if (rec.bymonthday) push(bymonthdayQuirk(rec.bymonthday));
  if (rec.byyearday) push(byyeardayQuirk(rec.byyearday));
  push(byweeknoQuirk(rec));
  if (rec.bymonth) push(bymonthQuirk(rec.bymonth));
  push(intervalQuirk(rec));
  push(midnightQuirk(rec, text));
  return out;
}
