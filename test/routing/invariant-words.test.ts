import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import type { NameBook } from '../../src/routing/expect-names.js';
import { expectationFailures } from '../../src/routing/expect.js';
import { rules } from './build.js';
import { customersAtEveryHour, START } from './invariant-fixtures.js';

/**
 * An invariant judges every class of calls by its expectation without wording what each call
 * breaks (routing/expect.ts `meetsExpectation`): a `never … reaches` set that holds is broken by
 * none of the many calls it judges, and wrote the words of each one's failure, then dropped them.
 * Counted as the reached gateways worded (expect-names.ts `reachedWords`).
 */
const worded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/routing/expect-names.js', async (original) => {
  const real = await original<typeof import('../../src/routing/expect-names.js')>();
  return {
    ...real,
    reachedWords: (...args: Parameters<typeof real.reachedWords>) => {
      worded.count++;
      return real.reachedWords(...args);
    },
  };
});

/** Each carrier group 1-9 holds one gateway, named: a call's gateways are known, and worded as they are named. */
const BOOK: NameBook = {
  groups: new Map(),
  lists: new Map(Array.from({ length: 9 }, (_, i) => [String(i + 1), [String(60 + i)]] as const)),
  unnumbered: new Map(),
  gateways: new Map(
    Array.from({ length: 9 }, (_, i) => [String(60 + i), { gwid: 60 + i, name: `gw ${60 + i}`, address: `10.0.0.${i}:5060` }] as const),
  ),
};

const NEVER_GATEWAY_9: Invariant = {
  name: 'area 2007 never leaves through gateway 9',
  kind: 'never',
  set: { direction: 'outbound', to_prefix: '', from_prefix: '2007', during: '', reaches: { gateways: ['9'] } },
};

describe('an invariant of destinations', () => {
  beforeEach(() => {
    worded.count = 0;
  });

  it('words no call it judges when it holds: 40 per-customer LCR routes', () => {
    const set = rules([], customersAtEveryHour(40));
    const results = checkInvariants(set, [NEVER_GATEWAY_9], START, BOOK);
    expect(results.map((r) => r.status)).toEqual(['held']);
    // Every call judged was worded on b682208 (it fails there); none is now.
    expect(worded.count).toBe(0);
  });

  it('still words a routing test that fails, as before', () => {
    const set = rules([], customersAtEveryHour(3));
    const d = checkInvariants(set, [{ ...NEVER_GATEWAY_9, kind: 'always' }], START, BOOK)[0]?.counterexample?.decision;
    expect(d).toBeDefined();
    const failures = expectationFailures(
      { name: 't', direction: 'outbound', from: '2007', to: '1', expect: { gateways: ['9'] } },
      d!,
      BOOK,
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^expected gateways \["9"\], but the call took .*, whose gateways are 60 "gw 60" 10\.0\.0\.0:5060$/);
    expect(worded.count).toBe(1);
  });
});
