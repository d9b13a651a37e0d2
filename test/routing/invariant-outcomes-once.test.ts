import { describe, expect, it, vi } from 'vitest';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules } from './build.js';
import { benchBlock, BOOK, customers, customersAtEveryHour, START } from './invariant-fixtures.js';
import { shown } from './invariant-shown.js';

/**
 * The outcomes the built-ins' table keeps for the office hours' screen (routing/horizon-outcomes.ts)
 * are kept by number, then by From: each of a class's K callers asked the memo for its call's
 * identity again and wrote its number's key beside its From (issue 36 §2: 4,000 per-customer
 * callers of class 1, each a string key). Counted as the identities asked of the memo, not timed.
 */
const asked = vi.hoisted(() => ({ identities: 0 }));
vi.mock('../../src/routing/decision-memo.js', async (original) => {
  const real = await original<typeof import('../../src/routing/decision-memo.js')>();
  return {
    ...real,
    callIdentity: (...args: Parameters<typeof real.callIdentity>) => {
      asked.identities++;
      return real.callIdentity(...args);
    },
  };
});

// The expected results are the base's (1dbfe0d), where each caller's outcomes were kept by a key of their own.
describe("the built-ins' outcomes kept by number, then by From", () => {
  it.each([
    [
      'K per-customer routes at every hour',
      customersAtEveryHour(300),
      [
        ['violated', '1900', '', '2026-11-30T00:00:00', true],
        ['violated', '1', '20002001', '2026-11-30T00:00:00', true],
        ['violated', '1', '20052000', '2026-11-30T09:00:00', true],
      ],
    ],
    [
      'K per-customer routes open one hour a day',
      customers(120),
      [
        ['violated', '1900', '', '2026-11-30T00:00:00', true],
        ['violated', '1', '2000', '2026-11-30T01:00:00', true],
        ['violated', '1', '2005', '2026-11-30T09:00:00', true],
      ],
    ],
  ])('%s: the identity asked once per number and horizon, not once per caller', (_, routes, violated) => {
    const set = rules([], routes);
    asked.identities = 0;
    const results = checkInvariants(set, benchBlock('always'), START, BOOK);
    const shownResults = shown(set, results);
    expect(shownResults.slice(0, 4)).toEqual(['held', 'held', 'held', 'held']);
    expect(shownResults.slice(4, 7)).toEqual(violated);
    expect(shownResults[7]).toBe('held');
    // One per number kept or read: class 1 (its K callers and their ties), the catch-all's, the
    // inbound class's and 1900's; on the base one per caller kept (312 and 130 here).
    expect(asked.identities).toBeLessThan(10);
  });
});
