import { describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { rules } from './build.js';
import { BOOK, customersAtEveryHour, START } from './invariant-fixtures.js';

/**
 * The callers of a class starting with an invariant's `from_prefix` (routing/invariant-callers.ts)
 * are worked out once per list of callers: beside K per-customer LCR routes, class 1, the class
 * 1900 a `never 1900` probe cuts under it and the table of a set with a window of its own all hold
 * the same K callers, and each list cost some 2K tests of a From against the class's parts
 * (issue 36 §2). Counted as those tests, not timed.
 */
const tested = vi.hoisted(() => ({ froms: 0 }));
vi.mock('../../src/routing/callers.js', async (original) => {
  const real = await original<typeof import('../../src/routing/callers.js')>();
  return {
    ...real,
    partsIn: (...args: Parameters<typeof real.partsIn>) => {
      tested.froms++;
      return real.partsIn(...args);
    },
  };
});

/**
 * An invariant table's callers of a class (routing/invariant-table.ts: the class's own, the callers
 * starting with each `from_prefix`, the surely tied ones folded, those that route alike shared
 * out) are made once per list of the class's callers and LCR patterns reaching its number: class 1
 * and the class 1900 a `never 1900` probe cuts under it hold the same K per-customer callers, and
 * each made its list again (issue 36 §2). Counted as the lists shared out and the Froms matched, not timed.
 */
const lists = vi.hoisted(() => ({ sizes: [] as number[] }));
vi.mock('../../src/routing/invariant-shared.js', async (original) => {
  const real = await original<typeof import('../../src/routing/invariant-shared.js')>();
  return {
    ...real,
    sharedCallers: (...args: Parameters<typeof real.sharedCallers>) => {
      lists.sizes.push(args[0].length);
      return real.sharedCallers(...args);
    },
  };
});

/** The bench's block (bench/invariants.mjs): a built-in, a `never 1900` probe, two sets by caller, one with a window. */
const INVARIANTS = [
  { kind: 'builtin', builtin: 'no_dead_rule', name: 'no_dead_rule' },
  { kind: 'never', name: 'premium', set: { direction: 'outbound', to_prefix: '1900', from_prefix: '', during: '' } },
  {
    kind: 'always',
    name: 'office hours',
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '2005', during: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' },
  },
  {
    kind: 'never',
    name: 'area 2007',
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '2007', during: '', reaches: { gateways: ['9'] } },
  },
] as unknown as Invariant[];

/** The bench's block (bench/invariants.mjs) without the set with a window: one table. */
const ONE_TABLE = [
  { kind: 'builtin', builtin: 'no_dead_rule', name: 'no_dead_rule' },
  { kind: 'builtin', builtin: 'no_unreached_group', name: 'no_unreached_group' },
  { kind: 'never', name: 'premium', set: { direction: 'outbound', to_prefix: '1900', from_prefix: '', during: '' } },
  { kind: 'always', name: 'US', set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '' } },
  {
    kind: 'never',
    name: 'area 2007',
    set: { direction: 'outbound', to_prefix: '', from_prefix: '2007', during: '', reaches: { gateways: ['9'] } },
  },
] as unknown as Invariant[];

describe('the callers starting with a from_prefix, worked out once per list', () => {
  it('tests each From of each prefix once, not once per class and table', () => {
    const k = 300;
    tested.froms = 0;
    const results = checkInvariants(rules([], customersAtEveryHour(k)), INVARIANTS, START, BOOK);
    expect(results.map((r) => r.status)).toEqual(['held', 'violated', 'violated', 'held']);
    expect(results[2]?.counterexample?.from.startsWith('2005')).toBe(true);
    // Two prefixes, some K distinct candidate Froms each (the prefix before each part, and before
    // each caller: the same From for a caller of one part, matched once; 605 here, 1,207 when each
    // was matched twice); before, a third list was worked out again (1,810).
    expect(tested.froms).toBeGreaterThan(2 * k);
    expect(tested.froms).toBeLessThan(2 * (2 * k + 20));
  });
});

describe("an invariant table's callers of a class, made once per list", () => {
  it('class 1 and class 1900 share their K callers: one list made, not one per class, each From matched once', () => {
    const k = 200;
    lists.sizes.length = 0;
    tested.froms = 0;
    const results = checkInvariants(
      rules([], customersAtEveryHour(k, [{ name: 'UK', prefix: '44', gwgroupid: '2' }])),
      ONE_TABLE,
      START,
      BOOK,
    );
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'violated', 'violated', 'held']);
    expect(results[2]?.counterexample).toMatchObject({ to: '1900', from: '' });
    // Before: 1 and 1900 each (2); the numbers under 44 and those no prefix holds meet no LCR pattern.
    expect(lists.sizes.filter((n) => n > k)).toHaveLength(1);
    // The callers starting with 2007: 2007 before each of the K parts, matched once each; before,
    // each customer's own caller (its part) wrote the same From again (some 2K matched).
    expect(tested.froms).toBeGreaterThan(k);
    expect(tested.froms).toBeLessThan(1.5 * k);
  });
});
