import { describe, expect, it } from 'vitest';
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';
import { changePoints } from '../../src/model/time/windows.js';
import { timerecMatchesWall } from '../../src/model/time/timerec-match.js';
import { zoneClock } from '../../src/model/time/timerec-zone.js';

const RECS = [
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
  '20260101T140000|1M|daily',
  '20260101T030000|1M|daily',
  '20260101T015900|2M|daily',
  '20260101T000000|1M|daily',
  '20260101T235900|2M|daily',
  '20260101T010000|1H|daily',
  '20260101T020000|1H|daily',
  '20260101T025900|1M|daily',
  '20260101T030000|1S|daily',
  '20260101T015959|1S|daily',
];
const ZONES = ['America/New_York', 'Australia/Lord_Howe'];
const FROM = Date.UTC(2026, 10, 30) / 1000;
const TO = Date.UTC(2030, 10, 30) / 1000;
const DAY = 86400;

function rec(text: string): Timerec {
  const parsed = parseTimerec(text);
  if (!('value' in parsed) || parsed.value === null) throw new Error(text);
  return parsed.value;
}

/**
 * Around a clock change a recurrence is asked only at its candidates (model/time/change-points.ts):
 * the moments the clock jumps from and to only when a time of day of its window is within a jump
 * of them (`jumpMatters`). Held equal to asking every second of the day around each of a year's
 * clock changes, for windows at, next to and far from the hour skipped or repeated (a half-hour
 * jump at Lord Howe); it fails with the jump's moments never asked.
 */
describe('change points around a clock change', () => {
  it.each(ZONES)(
    'are those found second by second, in %s',
    (tz) => {
      const clock = zoneClock(tz);
      const changes: number[] = [];
      for (let e = Date.UTC(2027, 0, 1) / 1000; e < Date.UTC(2028, 0, 1) / 1000; e += DAY) {
        if (clock.wallOf(e) - e !== clock.wallOf(e + DAY) - (e + DAY)) changes.push(clock.wallOf(e));
      }
      expect(changes.length).toBe(2);
      for (const text of RECS) {
        const r = rec(text);
        const all = changePoints(r, tz, FROM, TO);
        for (const w0 of changes) {
          const lo = w0 - 4 * 3600;
          const hi = w0 + 28 * 3600;
          const brute: number[] = [];
          let prev = timerecMatchesWall(r, lo, tz);
          for (let w = lo + 1; w < hi; w++) {
            const now = timerecMatchesWall(r, w, tz);
            if (now !== prev) brute.push(w);
            prev = now;
          }
          expect([text, tz, all.filter((p) => p > lo && p < hi)]).toEqual([text, tz, brute]);
        }
      }
    },
    600_000,
  );
});
