import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routingImpact } from '../../src/routing/impact.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules } from './build.js';
import { benchBlock, BOOK, customers, START } from './invariant-fixtures.js';

/**
 * A plan as users run it (issue 36 §2, the bench's `lcrTimed` shape): its routing impact decides
 * every customer over the horizon from today, then the invariant check decides them over the same
 * horizon. Each analysis makes its own horizon object, and the cut of each customer's window
 * (routing/flat-sweep.ts) was kept by that object: the check cut the 1,440 windows of 4,000
 * customers again. Counted as the windows asked for their change points (model/time/windows.ts).
 */
const asked = vi.hoisted(() => ({ points: 0 }));
vi.mock('../../src/model/time/windows.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/windows.js')>();
  return {
    ...real,
    changePointList: (...args: Parameters<typeof real.changePointList>) => {
      asked.points++;
      return real.changePointList(...args);
    },
  };
});

describe('a plan and its check over one horizon: each window cut once', () => {
  beforeEach(() => {
    asked.points = 0;
  });

  it.each([
    // Each K on its own day: no test reads another's cuts.
    [120, '2026-11-30T00:00:00'],
    [240, '2026-12-01T00:00:00'],
  ])('K = %i', (k, local) => {
    const start = { local, tz: START.tz };
    const after = rules([], customers(k));
    routingImpact(rules([], []), after, start);
    const byImpact = asked.points;
    // Every customer's window, once (K windows, each its own minute of the day).
    expect(byImpact).toBeGreaterThanOrEqual(k);
    // The check, on its own copy of the rules (a plan's is in the files' order), from the same moment.
    const results = checkInvariants(rules([], customers(k)), benchBlock(), start, BOOK);
    const byCheck = asked.points - byImpact;
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'held', 'held', 'violated', 'violated', 'violated', 'held']);
    expect(results.map((r) => r.counterexample && [r.counterexample.to, r.counterexample.from])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      ['1900', ''],
      ['1', '2000'],
      ['1', '2005'],
      undefined,
    ]);
    // The base cut every window again for the check (K more); now only the office hours' table,
    // whose week is another horizon, cuts its few callers' windows (those of area 2005).
    expect(byCheck).toBeLessThan(10);
  });
});
