import { describe, expect, it } from 'vitest';
import { changePoints } from '../../src/model/time/windows.js';
import { timerecMatchesWall } from '../../src/model/time/timerec-match.js';
import { zoneClock } from '../../src/model/time/timerec-zone.js';
import { AROUND_CLOCK_CHANGES, FROM, rec, TO } from './recurrence-fixtures.js';

const RECS = [
  ...AROUND_CLOCK_CHANGES,
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
const DAY = 86400;

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
