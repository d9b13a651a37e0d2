import { describe, expect, it } from 'vitest';
import { wallPeriod } from '../../src/model/time/periodic-points.js';
import { changePoints, exactChangePoints } from '../../src/model/time/windows.js';
import { AROUND_CLOCK_CHANGES, FROM, rec, TO } from './recurrence-fixtures.js';

/**
 * A daily or weekly recurrence's change points over a long horizon are one period's, repeated,
 * away from where real time enters (model/time/periodic-points.ts): held equal to asking the
 * recurrence at every candidate of every day, over four years in zones with and without clock
 * changes, for recurrences that start, end or sit at the hour the clocks skip within the horizon.
 */
const RECS = AROUND_CLOCK_CHANGES;
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'];

describe('changePoints of a recurrence that repeats', () => {
  it.each(ZONES)('are those found day by day, in %s', (tz) => {
    let periodic = 0;
    for (const text of RECS) {
      const r = rec(text);
      if (wallPeriod(r) !== null) periodic++;
      const want = exactChangePoints(r, tz, FROM, TO);
      expect([text, [...changePoints(r, tz, FROM, TO)]]).toEqual([text, want]);
      // A short range (under two periods between the moments real time enters) too.
      const short = [FROM + 3 * 86_400 + 7, FROM + 12 * 86_400] as const;
      expect([text, [...changePoints(r, tz, ...short)]]).toEqual([text, exactChangePoints(r, tz, ...short)]);
    }
    // Most of the list takes the periodic way (a byday under daily or weekly too); the yearly one
    // and the bymonthday do not.
    expect(periodic).toBe(RECS.length - 2);
  });
});

/**
 * A yearly recurrence without filters is asked on and around its days only (change-points.ts
 * `yearlyDays`): held equal to asking it at every candidate of every day, on days of a clock
 * change and off them, across midnight, on a 29 February, and starting or ending within the horizon.
 */
const YEARLY = [
  '20260704T090000|8H|yearly',
  '20261225T230000|2H|yearly',
  '20260308T020000|1H|yearly',
  '20261101T013000|30M|yearly',
  '20260329T010000|24H|yearly||2',
  '20280229T120000|1H|yearly',
  '20271231T000000|24H|yearly|20291231T000000',
  '20260101T000000|0|yearly',
];

describe('changePoints of a yearly recurrence', () => {
  it.each(ZONES)('are those found day by day, in %s', (tz) => {
    for (const text of YEARLY) {
      const r = rec(text);
      expect([text, [...changePoints(r, tz, FROM, TO)]]).toEqual([text, exactChangePoints(r, tz, FROM, TO)]);
    }
  });
});
