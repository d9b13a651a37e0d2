import { describe, expect, it } from 'vitest';
import type { RouteDecision } from '../../src/model/routing.js';
import { horizonFor, type Examined } from '../../src/model/time/windows.js';
import { keepOutcomes, keptOutcomes } from '../../src/routing/horizon-outcomes.js';
import { routeCall } from '../../src/routing/match.js';
import { rules } from './build.js';
import { customers, START } from './invariant-fixtures.js';

/**
 * The outcomes an invariant table keeps for each caller (routing/horizon-outcomes.ts) are kept by
 * horizon, whose key is its bounds and zone written as text. The bounds are wall seconds past 2^30,
 * so each is written as a double's text: the built-ins' table kept every caller's outcomes and the
 * office hours' table read them, writing the same key twice per caller (4,000 customers with a
 * daily window each: 16,000 numbers written as text). Counted as reads of the horizon's bounds.
 */
function counted(examined: Examined): { examined: Examined; reads: () => number } {
  let reads = 0;
  const wrapped = {
    horizon: examined.horizon,
    naming: examined.naming,
    get from(): number {
      reads++;
      return examined.from;
    },
    get to(): number {
      reads++;
      return examined.to;
    },
  };
  return { examined: wrapped, reads: () => reads };
}

describe('kept outcomes: the horizon written once', () => {
  it.each([50, 200])('K = %i callers kept and read: the bounds read once, not per caller', (k) => {
    const set = rules([], customers(k));
    const horizon = horizonFor([], START.local, START.tz);
    const { examined, reads } = counted(horizon);
    const outcomes = Array.from({ length: k }, (_, i): RouteDecision[] => [
      routeCall(set, { direction: 'outbound', from: `${2000 + i}555`, to: '15551230000', at: START }, { explain: false }),
    ]);
    for (let i = 0; i < k; i++) keepOutcomes(set, 'outbound', `${2000 + i}555`, '15551230000', examined, outcomes[i] as RouteDecision[]);
    const read = Array.from({ length: k }, (_, i) => keptOutcomes(set, 'outbound', `${2000 + i}555`, '15551230000', examined));
    // Each caller reads back its own outcomes; the base read the bounds for every keep and read (4 K).
    read.forEach((r, i) => expect(r).toBe(outcomes[i]));
    expect(reads()).toBe(2);
    // Another object of the same horizon (the impact's and the check's tables each make theirs) reads them too.
    const again = horizonFor([], START.local, START.tz);
    expect(again).not.toBe(horizon);
    expect(keptOutcomes(set, 'outbound', '2003555', '15551230000', again)).toBe(outcomes[3]);
    // Another horizon does not.
    const later = horizonFor([], '2026-12-01T00:00:00', START.tz);
    expect(keptOutcomes(set, 'outbound', '2003555', '15551230000', later)).toBeUndefined();
  });
});
