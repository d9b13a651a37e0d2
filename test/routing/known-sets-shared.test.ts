import { describe, expect, it, vi } from 'vitest';
import { checkInvariants } from '../../src/routing/invariants.js';
import type { KnownAnswers } from '../../src/routing/known-answers.js';
import { rules } from './build.js';
import { benchBlock, BOOK, sharingHours, START } from './invariant-fixtures.js';

/**
 * A caller decided by its own daily window alone (issue 36 §2, the bench's `lcrTimed` shape: 4,000
 * customers hold 1,440 windows) tells the simulation which recurrences it knows and which match
 * (routing/known-answers.ts), and the simulation keeps, per set of known recurrences, the rules it
 * does not know (a weak table each). Those sets were made per caller, and the matching ones per
 * decision: garbage at once, and a weak table per caller. Counted as the distinct sets of known
 * recurrences and of matching ones the simulation is told (match.ts `routeCall`).
 */
const told = vi.hoisted(() => ({ known: new Set<unknown>(), matching: new Set<unknown>(), calls: 0 }));
vi.mock('../../src/routing/match.js', async (original) => {
  const real = await original<typeof import('../../src/routing/match.js')>();
  return {
    ...real,
    routeCall: (...args: Parameters<typeof real.routeCall>) => {
      const answers: KnownAnswers | undefined = args[2]?.answers;
      if (answers !== undefined) {
        told.calls++;
        told.known.add(answers.known);
        told.matching.add(answers.matching);
      }
      return real.routeCall(...args);
    },
  };
});

describe('callers of one window tell the simulation the same sets', () => {
  it.each([
    [120, 4, '2026-12-07T00:00:00'],
    [240, 4, '2026-12-08T00:00:00'],
  ])('K = %i customers sharing %i daily hours', (k, hours, local) => {
    told.known.clear();
    told.matching.clear();
    told.calls = 0;
    const results = checkInvariants(rules([], sharingHours(k, hours)), benchBlock(), { local, tz: START.tz }, BOOK);
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'held', 'held', 'violated', 'violated', 'violated', 'held']);
    expect([4, 5, 6].map((i) => [results[i]?.counterexample?.from, results[i]?.counterexample?.at.local.slice(11)])).toEqual([
      ['', '00:00:00'],
      ['2000', '00:00:00'],
      ['2005', '10:00:00'],
    ]);
    // Every customer is simulated with its window shut and open (two calls each, at least).
    expect(told.calls).toBeGreaterThanOrEqual(2 * k);
    // The base made a set of known recurrences per caller (K and more) and a matching one per call;
    // now one per window (and a few for the office hours' table, whose callers of area 2005 also
    // know its window).
    expect(told.known.size).toBeLessThan(hours + 10);
    expect(told.matching.size).toBeLessThan(hours + 10);
  });
});
