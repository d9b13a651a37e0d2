import { describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules } from './build.js';
import { BOOK, customersAtEveryHour, START } from './invariant-fixtures.js';

/**
 * The surely tied callers of an invariant check (routing/invariant-ties.ts) are folded by one
 * folder for the check, not one per table: what it reads is the rule set's LCR patterns reaching a
 * number, alike for every `during` (issue 36 §2, tenth round), and the same index the classes'
 * callers are made from (fourteenth round). Counted as the LCR indexes built (each K patterns
 * gathered by To-part), not timed.
 */
const indexed = vi.hoisted(() => ({ sets: [] as number[] }));
vi.mock('../../src/routing/callers.js', async (original) => {
  const real = await original<typeof import('../../src/routing/callers.js')>();
  return {
    ...real,
    lcrIndex: (...args: Parameters<typeof real.lcrIndex>) => {
      indexed.sets.push(args[0].reduce((n, s) => n + s.lcr.length, 0));
      return real.lcrIndex(...args);
    },
  };
});

/** The bench's sets by caller (bench/invariants.mjs): three tables, by `during`. */
const BLOCK = [
  { kind: 'builtin', builtin: 'no_dead_rule', name: 'no_dead_rule' },
  { kind: 'always', name: 'US', set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '' } },
  {
    kind: 'always',
    name: 'office hours',
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '2005', during: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' },
  },
  {
    kind: 'never',
    name: 'nights',
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '2011', during: '20260105T220000|6H|daily', reaches: { gateways: ['9'] } },
  },
  {
    kind: 'never',
    name: 'area 2007',
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '2007', during: '', reaches: { gateways: ['9'] } },
  },
] as unknown as Invariant[];

describe('the tied callers of a check folded by one folder', () => {
  it("indexes the rule set's K LCR patterns once for the folding, not once per table", () => {
    const k = 150;
    indexed.sets.length = 0;
    const results = checkInvariants(rules([], customersAtEveryHour(k)), BLOCK, START, BOOK);
    expect(results.map((r) => r.status)).toEqual(['held', 'violated', 'violated', 'held', 'held']);
    // The tie of every customer's pattern (from 2000 and 2001 at once), and 2005 before another customer's part.
    expect(results.map((r) => r.counterexample?.from)).toEqual([undefined, '20002001', '20052000', undefined, undefined]);
    // The classes' callers (number-classes.ts, one index per rule set's patterns), which the folder
    // reads too: one index of the K patterns; two when the folder made its own (1dbfe0d), and before
    // that one more per further table (4).
    expect(indexed.sets.filter((n) => n === k)).toHaveLength(1);
  });
});
