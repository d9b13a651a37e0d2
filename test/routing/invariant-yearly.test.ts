import { describe, expect, it, vi } from 'vitest';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules, type TestRoute } from './build.js';
import { benchBlock, BOOK, holidays, pad, START } from './invariant-fixtures.js';
import { shown } from './invariant-shown.js';

/**
 * The invariant check on K prefixes with a yearly recurrence each (issue 36 §2, the bench's `yearly`
 * shape). Its two tables, the built-ins' and the office-hours set's, each swept every class over
 * the horizon: the built-ins' with their probes, the office-hours table by the rules alone to screen
 * each class (routing/classes.ts `classSpansLazily`). The second sweep met the outcomes the first
 * had met; they are now kept (routing/horizon-outcomes.ts) and read. Counted as the sweeps' requests
 * for a recurrence's changes (one per recurrence of each caller swept), not timed.
 */
const asked = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/model/time/windows.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/windows.js')>();
  return {
    ...real,
    changePointList: (...args: Parameters<typeof real.changePointList>) => {
      asked.count++;
      return real.changePointList(...args);
    },
  };
});

/** K prefixes each open one hour a day (its own hour), and a catch-all: a horizon of one day, the office hours' a week. */
function dailies(k: number): TestRoute[] {
  const out: TestRoute[] = Array.from({ length: k }, (_, i) => ({
    name: `daily ${i}`,
    prefix: String(100_000 + i),
    gwgroupid: String(1 + (i % 9)),
    timerec: `20260101T${pad(i % 24)}0000|1H|daily`,
  }));
  return [...out, { name: 'default', prefix: '', gwgroupid: '1' }];
}

const HELD = 'held';
/** 1900 is routed by the catch-all, at the horizon's first moment (the year's first day). */
const PREMIUM = ['violated', '1900', '', '2026-01-01T00:00:00', true];

// The expected results are the base's (b682208), where each class was swept again for the screen.
describe("a yearly recurrence per prefix, the bench's block", () => {
  it('K = 60: each class swept once over the horizon, not again to screen the office-hours set', () => {
    const k = 60;
    const set = rules([], holidays(k));
    asked.count = 0;
    const results = checkInvariants(set, benchBlock('always'), START, BOOK);
    // 2K on the base: the built-ins' table K, the office-hours table's screen K more.
    expect(asked.count).toBeLessThanOrEqual(k + 2);
    expect(shown(set, results)).toEqual([HELD, HELD, HELD, HELD, PREMIUM, HELD, HELD, HELD]);
  });

  it.each([
    ['always', 'every call routed', true, [HELD, HELD, HELD, HELD, PREMIUM, HELD, HELD, HELD]],
    [
      'never',
      'every call routed',
      true,
      [HELD, HELD, HELD, HELD, PREMIUM, HELD, ['violated', '100005', '2005', '2026-01-05T09:00:00', true], HELD],
    ],
    // Without the catch-all a holiday's number is routed on its day only (100005: 2026-01-06).
    [
      'always',
      'routed on its day only',
      false,
      [
        HELD,
        HELD,
        HELD,
        HELD,
        HELD,
        ['violated', '1', '', '2026-01-01T00:00:00', true],
        ['violated', '100005', '2005', '2026-01-05T09:00:00', true],
        HELD,
      ],
    ],
    [
      'never',
      'routed on its day only',
      false,
      [
        HELD,
        HELD,
        HELD,
        HELD,
        HELD,
        ['violated', '1', '', '2026-01-01T00:00:00', true],
        ['violated', '100005', '2005', '2026-01-06T09:00:00', true],
        HELD,
      ],
    ],
  ] as const)(
    'office hours %s on one holiday, %s: the outcomes read, the call decided with the window as before',
    (office, _, catchAll, expected) => {
      const routes = holidays(60);
      const set = rules([], catchAll ? routes : routes.slice(0, -1));
      asked.count = 0;
      const results = checkInvariants(set, benchBlock(office, '100005'), START, BOOK);
      expect(shown(set, results)).toEqual(expected);
      // The built-ins' K, and the holiday's caller from 2005 with the window when the screen lets it through.
      expect(asked.count).toBeLessThanOrEqual(60 + 3);
    },
  );

  it('tables of different horizons (a day, a week) share nothing: each swept, the same results', () => {
    const k = 24;
    const set = rules([], dailies(k));
    asked.count = 0;
    const results = checkInvariants(set, benchBlock('always'), START, BOOK);
    // The office-hours table sweeps its week itself: the built-ins' outcomes are of one day.
    expect(asked.count).toBeGreaterThanOrEqual(2 * k);
    expect(shown(set, results)).toEqual([HELD, HELD, HELD, HELD, ['violated', '1900', '', '2026-11-30T00:00:00', true], HELD, HELD, HELD]);
  });
});
