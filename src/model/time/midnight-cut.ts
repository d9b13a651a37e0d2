/**
 * A recurring time window that runs past midnight (timerec-quirks.ts `midnight_cut`). drouting
 * checks a recurring window by the time of day, from the window's start to start + duration, and
 * a time of day stops at 24:00: after the first window (which matches whole) only the part before
 * midnight matches. What to write instead is two rules: the part before midnight, and the part
 * after it starting the next day. Pure.
 */
import type { Timerec } from './timerec.js';
import type { TimerecQuirk } from './timerec-quirks.js';

const DAY = 86_400;
const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** `18:00`, `07:30`, `06:00:30`. */
function clock(seconds: number): string {
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${s ? `:${String(s).padStart(2, '0')}` : ''}`;
}

/** `PT6H`, `PT7H30M`: a duration the proxy reads as written. */
function duration(seconds: number): string {
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || seconds === 0 ? `${s}S` : ''}`;
}

/** `8 h`, `7 h 30 min`, `44 h`. */
function span(seconds: number): string {
  const [h, m] = [Math.floor(seconds / 3600), Math.round((seconds % 3600) / 60)];
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || `${seconds} s`;
}

/** `20260102T000000`: the day after `rec`'s dtstart, at midnight. */
function nextMidnight(rec: Timerec): string {
  const d = new Date(Date.UTC(rec.start.year, rec.start.month - 1, rec.start.day + 1));
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T000000`;
}

/**
 * The two rules' recurrences, when the text is one the split can be written for: daily or weekly,
 * with at most a `byday` (each day moved one on for the part after midnight), and the part after
 * midnight shorter than a day. Else null.
 */
function split(rec: Timerec, text: string, before: number, after: number): [string, string] | null {
  const fields = text.split('|');
  if (after > DAY || (rec.freq !== 'daily' && rec.freq !== 'weekly')) return null;
  if (rec.bymonthday || rec.byyearday || rec.byweekno || rec.bymonth) return null;
  const first = [...fields];
  first[1] = duration(before);
  const second = [...fields];
  second[0] = nextMidnight(rec);
  second[1] = duration(after);
  if (rec.byday) second[5] = rec.byday.map((d) => CODES[(d.weekday + 1) % 7]).join(',');
  const trim = (f: string[]): string => f.join('|').replace(/\|+$/, '');
  return [trim(first), trim(second)];
}

/**
 * The `midnight_cut` quirk of a recurring window that runs past midnight, or null. `text` is the
 * recurrence as written (the hint then spells the two rules to write when it can).
 */
export function midnightQuirk(rec: Timerec, text?: string): TimerecQuirk | null {
  if (rec.freq === undefined || rec.duration === 0) return null;
  const start = rec.start.hour * 3600 + rec.start.minute * 60 + rec.start.second;
  if (start + rec.duration <= DAY) return null;
  const before = DAY - start;
  const after = start + rec.duration - DAY;
  const lost = after < DAY ? `00:00–${clock(after)} the next day` : `the ${span(after)} after midnight`;
  const two = text === undefined ? null : split(rec, text, before, after);
  return {
    code: 'midnight_cut',
    message: `the window starts at ${clock(start)} and lasts ${span(rec.duration)}, past midnight: after the first window the proxy matches only ${clock(start)}–24:00 of each day it recurs on (it compares the time of day with the window, and a time of day ends at 24:00), so ${lost} is never matched`,
    hint: two
      ? `write it as two rules: timerec "${two[0]}" (${clock(start)}–24:00) and timerec "${two[1]}" (00:00–${clock(after)}, the day after)`
      : `write it as rules that each end by 24:00: one from ${clock(start)} to 24:00 (duration ${duration(before)}), then one from 00:00 of each following day for the rest, its days moved one on`,
  };
}
