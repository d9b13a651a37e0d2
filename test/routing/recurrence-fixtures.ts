// What the tests of a recurrence's change points share: a recurrence parsed from its text, the four
// years they look over, and the recurrences that start, end or sit at the hours clocks skip or repeat.
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';

/** A recurrence parsed from its text; a text that does not parse fails the test that wrote it. */
export function rec(text: string): Timerec {
  const parsed = parseTimerec(text);
  if (!('value' in parsed) || parsed.value === null) throw new Error(`bad timerec ${text}`);
  return parsed.value;
}

/** Four years from 2026-11-30 (UTC), in seconds: every clock change of four years, and a 29 February. */
export const FROM = Date.UTC(2026, 10, 30) / 1000;
export const TO = Date.UTC(2030, 10, 30) / 1000;

/** Recurrences that start, end or sit at the hour a clock change skips or repeats, or cross it. */
export const AROUND_CLOCK_CHANGES = [
  '20260101T000100|1M|daily',
  '20260101T013000|1H|daily',
  '20260308T020000|30M|daily',
  '20260101T023000|1H|daily',
  '20270310T013000|90M|daily||3',
  '20261101T013000|2H|daily|20281201T000000',
  '20260101T230000|3H|daily',
  '20260101T120000|0|daily',
  '20260105T090000|8H|weekly',
  '20270328T010000|2H|weekly||2',
  '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR',
  '20260103T220000|4H|daily||3|SA,SU',
  '20261026T003000|90M|weekly||2|MO,FR',
  '20280229T000000|24H|yearly||4',
  '20260101T080000|1H|daily||||1,15',
];
