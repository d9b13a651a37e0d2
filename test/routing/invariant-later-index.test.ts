import { describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules } from './build.js';
import { BOOK, customersAtEveryHour, START } from './invariant-fixtures.js';

/**
 * Which classes of an invariant table the built-ins may leave undecided (routing/invariant-later.ts)
 * is read from the rule set's prefix index (number-classes.ts, made once per set for its classes),
 * not from a copy of every rule prefix and LCR To-part made again for each table with built-ins
 * (issue 36 §2: 4,001 prefixes and 4,000 To-parts). Counted as the To-parts read from LCR
 * patterns (callers.ts `lcrTo`), not timed.
 */
const read = vi.hoisted(() => ({ toParts: 0 }));
vi.mock('../../src/routing/callers.js', async (original) => {
  const real = await original<typeof import('../../src/routing/callers.js')>();
  return {
    ...real,
    lcrTo: (...args: Parameters<typeof real.lcrTo>) => {
      read.toParts++;
      return real.lcrTo(...args);
    },
  };
});

/** Built-ins beside probes without a window, on numbers under 1 and beside it: one table, classes 1900 and 44 cut by probes. */
const BLOCK = [
  { kind: 'builtin', builtin: 'no_dead_rule', name: 'no_dead_rule' },
  { kind: 'builtin', builtin: 'no_unreached_group', name: 'no_unreached_group' },
  { kind: 'never', name: 'premium', set: { direction: 'outbound', to_prefix: '1900', from_prefix: '', during: '' } },
  { kind: 'never', name: 'UK mobiles', set: { direction: 'outbound', to_prefix: '447', from_prefix: '', during: '' } },
  { kind: 'always', name: 'US', set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '' } },
] as unknown as Invariant[];

describe("the classes the built-ins leave to the sets, read from the set's prefix index", () => {
  it('reads each LCR To-part for the classes once, not again for the built-ins', () => {
    const k = 300;
    const set = rules([], customersAtEveryHour(k, [{ name: 'UK', prefix: '44', gwgroupid: '2' }]));
    read.toParts = 0;
    const results = checkInvariants(set, BLOCK, START, BOOK);
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'violated', 'violated', 'violated']);
    expect(results.map((r) => [r.counterexample?.to, r.counterexample?.from])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      ['1900', ''],
      ['447', ''],
      ['1', '20002001'],
    ]);
    // The set's prefix index (one per set: K To-parts) and the LCR index of its patterns (K); the
    // base read them a third time for the built-ins (900 here, 600 now).
    expect(read.toParts).toBeLessThan(2 * k + 50);
  });
});
