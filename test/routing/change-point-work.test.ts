import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules } from './build.js';
import { BOOK, holidays, minuteWindows, pad, START } from './invariant-fixtures.js';
import { parseTimerec } from '../../src/model/time/timerec.js';
import { changePoints } from '../../src/model/time/windows.js';

/**
 * A recurrence's change points are found once per recurrence and horizon, and only where they can
 * be (model/time/change-points.ts, issue 36 §2): a yearly recurrence on and around its days, not a
 * few times every day of the horizon. Counted as questions to the recurrence, not timed.
 */
// Counts how often a recurrence is asked whether it matches at a wall second (change-points.ts asks
// it at each moment its answer may change).
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

/** K one-minute daily windows on one prefix by priority and a leap day, over a catch-all. */
const minutes = minuteWindows;

const OFFICE: Invariant = {
  name: 'routed in office hours',
  kind: 'always',
  set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' },
};
const DEAD: Invariant = { name: 'dead', kind: 'builtin', builtin: 'no_dead_rule' };

describe('a recurrence is asked where its answer can change, not every day of its horizon', () => {
  beforeEach(() => {
    questions.count = 0;
  });

  it.each([
    ['every year', '', 'a year'],
    ['every four years', '||4', 'four years'],
  ])('K holidays %s, the built-ins and a set in office hours: under 150 questions per recurrence', (_, every) => {
    const k = 40;
    const results = checkInvariants(rules([], holidays(k, 3, every)), [DEAD, OFFICE], START, BOOK);
    // Every holiday's rule is taken on its day, and every call is routed (the catch-all).
    expect(results.map((r) => r.status)).toEqual(['held', 'held']);
    // Asked on every day of the horizon, the 40 recurrences were 15,479 questions over a year and
    // 61,599 over four (c65fb55); now 1,455 and 5,282, on and around their days and the clock changes.
    expect(questions.count).toBeLessThan(150 * k);
  });

  it('K one-minute windows over four years, the built-ins and a set in office hours: a few questions per clock change', () => {
    const k = 40;
    const results = checkInvariants(rules([], minutes(k)), [DEAD, OFFICE], START, BOOK);
    expect(results.map((r) => r.status)).toEqual(['held', 'held']);
    // Asked within a day of each of the eight clock changes, and one period found again after each,
    // the 41 recurrences were 13,405 questions (d9632cf); now over the hour skipped or repeated with
    // an hour each side, and one period found once for the stretches the wall clock alone decides: 3,792.
    expect(questions.count).toBeLessThan(100 * (k + 1));
  });
});

describe('the ends of the stretches a long horizon is cut into', () => {
  beforeEach(() => {
    questions.count = 0;
  });

  // Each stretch asked exactly (around a clock change) and each repeated one between them begins
  // with a question: is its first second a change point? And the seconds a clock change jumps from
  // and to were asked of every window. Both are asked now only where a time of day of the window
  // can be (model/time/change-points.ts `mayChangeAt`, `jumpMatters`).
  it('are not asked where no time of day of the window can be: 40 one-minute windows over four years', () => {
    const tz = 'America/New_York';
    const from = Date.UTC(2026, 10, 30) / 1000;
    const to = Date.UTC(2030, 10, 30) / 1000;
    const recs = Array.from({ length: 40 }, (_, i) => {
      const minute = 600 + i * 9;
      const parsed = parseTimerec(`20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`);
      if (!('value' in parsed) || parsed.value === null) throw new Error(`minute ${minute}`);
      return parsed.value;
    });
    const found = recs.map((r) => changePoints(r, tz, from, to).length);
    const asked = questions.count;
    // Two points a day, none lost: 1,461 days (the first point of the horizon's first day is its start).
    expect(new Set(found)).toEqual(new Set([2 * 1461]));
    // 2,400 questions on a59bd6b (60 a window; it fails there), 1,280 now.
    expect(asked).toBeLessThan(35 * recs.length);
  });
});

describe('a clock change the window does not feel', () => {
  beforeEach(() => {
    questions.count = 0;
  });

  // A window far from the hour skipped, or any window at an hour repeated, answers there as the
  // wall clock does: its points are the repeated period's (model/time/change-points.ts `felt`), so
  // the stretch around the change is not asked apart (its ends were questions of every window).
  it('is not asked apart: 40 one-minute windows at 10:00-15:51 over four years from their dtstart', () => {
    const tz = 'America/New_York';
    const from = Date.UTC(2026, 0, 1) / 1000;
    const to = Date.UTC(2030, 0, 1) / 1000;
    const recs = Array.from({ length: 40 }, (_, i) => {
      const minute = 601 + i * 9;
      const parsed = parseTimerec(`20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`);
      if (!('value' in parsed) || parsed.value === null) throw new Error(`minute ${minute}`);
      return parsed.value;
    });
    const found = recs.map((r) => changePoints(r, tz, from, to).length);
    // Two points a day over 1,461 days, none lost.
    expect(new Set(found)).toEqual(new Set([2 * 1461]));
    // 1,600 questions on b682208 (40 a window: eight clock changes asked apart; it fails there), 480 now.
    expect(questions.count).toBeLessThan(15 * recs.length);
  });
});
