import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changePoints, exactChangePoints } from '../../src/model/time/windows.js';
import { FROM, rec, TO } from './recurrence-fixtures.js';
import { pad } from './invariant-fixtures.js';

/**
 * A stretch of a recurrence's horizon where it cannot match (before its dtstart, after until +
 * duration: model/time/recurrence-life.ts) holds no change point and is not asked
 * (change-points.ts). Counted as questions to the recurrence, and the points held equal to asking
 * every candidate of the horizon.
 */
const questions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/model/time/timerec-match.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/timerec-match.js')>();
  return {
    ...real,
    timerecMatchesWall: (...args: Parameters<typeof real.timerecMatchesWall>) => {
      questions.count++;
      return real.timerecMatchesWall(...args);
    },
  };
});

const TZ = 'America/New_York';
/** The horizon's first day as a timerec date (2026-11-30). */
const FIRST_DAY = '20261130';

describe('a recurrence is not asked where it cannot match', () => {
  beforeEach(() => {
    questions.count = 0;
  });

  it('40 one-minute daily windows starting on the first day of four years: not asked before each starts', () => {
    const recs = Array.from({ length: 40 }, (_, i) => {
      const minute = 60 + i * 31;
      return rec(`${FIRST_DAY}T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`);
    });
    const found = recs.map((r) => [...changePoints(r, TZ, FROM, TO)]);
    // 702 questions on 2b2320e (each window asked from midnight to an hour before it: it fails
    // there); 624 now, two fewer a window.
    expect(questions.count).toBeLessThan(660);
    questions.count = 0;
    // The same points as asking every candidate of every day.
    expect(found).toEqual(recs.map((r) => exactChangePoints(r, TZ, FROM, TO)));
    expect(found.every((points) => points.length > 2 * 1450)).toBe(true);
  });

  it.each(['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'])(
    'finds the points asking every candidate finds, starting or ending within the horizon, in %s',
    (tz) => {
      for (const text of [
        // Starting in the hour the clocks skip, in the hour they repeat, and within a day of the start.
        '20270314T023000|1H|daily',
        '20281105T013000|30M|daily',
        `${FIRST_DAY}T000100|1M|daily`,
        `${FIRST_DAY}T233000|1H|daily`,
        // Ending within the horizon: with no duration (matching from dtstart on, until or not), and
        // an until before dtstart (only the first window matches).
        '20261201T120000|2H|daily|20280101T000000',
        '20261201T120000|0|daily|20280101T000000',
        '20270101T100000|2H|daily|20261201T000000',
        '20290107T090000|8H|weekly|||MO,TU',
        '20271002T220000|4H|daily||3|SA,SU',
      ]) {
        const r = rec(text);
        expect([text, [...changePoints(r, tz, FROM, TO)]]).toEqual([text, exactChangePoints(r, tz, FROM, TO)]);
      }
    },
  );
});
