import { describe, expect, it } from 'vitest';
import { timerecMatches, timerecMatchesWall } from '../../src/model/time/timerec-match.js';
import { wallTimeAt } from '../../src/model/time/timerec-zone.js';
import { formatWallTime } from '../../src/model/time/wall-clock.js';
import { rec } from './recurrence-fixtures.js';

/**
 * The analysis asks a recurrence at wall seconds (model/time/windows.ts `changePoints`), not at
 * their text: the answer must be the one `timerecMatches` gives at that text, in every zone, on
 * the days the clocks change (a skipped wall time is the moment after the change) too.
 */
const RECS = [
  '20260101T013000|1H|daily',
  '20260101T000100|1M|daily',
  '20260308T020000|30M|daily',
  '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR',
  '20280229T000000|24H|yearly||4',
  '20260301T000000|24H|monthly||2|||1,15',
  '20261101T013000|2H|daily|20261201T000000',
  '20270101T000000|1H',
];

describe('timerecMatchesWall', () => {
  it.each(['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'])('agrees with timerecMatches in %s', (tz) => {
    // Every 7 minutes for the days around both clock changes of 2026, and every 3 hours 1 minute over three years.
    const moments: number[] = [];
    for (const day of [Date.UTC(2026, 2, 7), Date.UTC(2026, 2, 27), Date.UTC(2026, 9, 24), Date.UTC(2026, 10, 0)])
      for (let s = day / 1000; s < day / 1000 + 3 * 86_400; s += 7 * 60) moments.push(s);
    for (let s = Date.UTC(2026, 0, 1) / 1000; s < Date.UTC(2029, 0, 1) / 1000; s += 3 * 3600 + 60) moments.push(s);
    let matched = 0;
    for (const text of RECS) {
      const r = rec(text);
      for (const s of moments) {
        const want = timerecMatches(r, formatWallTime(wallTimeAt(s)), tz);
        expect(timerecMatchesWall(r, s, tz), `${text} at ${formatWallTime(wallTimeAt(s))} ${tz}`).toBe(want);
        if (want) matched++;
      }
    }
    expect(matched).toBeGreaterThan(1000);
  });
});
