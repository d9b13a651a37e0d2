import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import { rules } from './build.js';
import { BOOK, customers, START } from './invariant-fixtures.js';

/**
 * LCR chooses a caller's group whatever the time (routing/match.ts), yet a plan chose it again for
 * every question about the caller: its impact decides it at the plan's instant, then the invariant
 * check asks the groups it reaches and decides it with its window open and shut (issue 36 §2: K
 * customers with a daily window each, each matched against the LCR patterns three times or more).
 * Counted as the lookups of the LCR index (one per choice made), not timed; what is decided is
 * held equal to a choice explained (made afresh for its words) and to the check's counterexamples.
 */
const looked = vi.hoisted(() => ({ up: 0 }));
vi.mock('../../src/routing/lcr-index.js', async (original) => {
  const real = await original<typeof import('../../src/routing/lcr-index.js')>();
  return {
    ...real,
    lcrCandidates: (...args: Parameters<typeof real.lcrCandidates>) => {
      looked.up++;
      return real.lcrCandidates(...args);
    },
  };
});

const INVARIANTS: Invariant[] = [
  { name: 'dead', kind: 'builtin', builtin: 'no_dead_rule' },
  { name: 'unreached', kind: 'builtin', builtin: 'no_unreached_group' },
  { name: 'us', kind: 'always', set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '' } },
];

describe("a caller's LCR choice is made once per rules", () => {
  beforeEach(() => {
    looked.up = 0;
  });

  it('K = 60 customers with a daily window each: decided at an instant, then checked over the day', () => {
    const k = 60;
    const set = rules([], customers(k));
    // As a plan's impact: each customer's call at the plan's instant.
    const atInstant = Array.from({ length: k }, (_, i) =>
      routeCall(set, { direction: 'outbound', from: String(2000 + i), to: '1', at: START }, { explain: false }),
    );
    const chosen = looked.up;
    expect(chosen).toBeGreaterThanOrEqual(k);
    const results = checkInvariants(set, INVARIANTS, START, BOOK);
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'violated']);
    expect(results[2]?.counterexample?.from).toBe('2000');
    // The check asks each customer's groups and decides its window open and shut: on the base three
    // choices more per customer (183 at K = 60), 2 now.
    expect(looked.up - chosen).toBeLessThan(10);
    // A choice read again decides as one explained (made afresh, with its words).
    for (let i = 0; i < k; i++) {
      const call = { direction: 'outbound', from: String(2000 + i), to: '1', at: START } as const;
      const { steps, ...explained } = routeCall(set, call);
      expect(steps.length).toBeGreaterThan(0);
      expect({ ...atInstant[i], steps: undefined }).toEqual({ ...explained, steps: undefined });
    }
  });
});
