import { afterEach, describe, expect, it } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import { rules } from './build.js';
import { benchBlock, BOOK, holidays, START } from './invariant-fixtures.js';

/**
 * The never/always sets of one invariant table (routing/invariant-table.ts) read it in one walk
 * (routing/invariant-read.ts): each set walked the table on its own, through a generator of the
 * table's classes kept for the next set, another of the spans it reads and the class's callers made
 * into entries, so that on K prefixes with a yearly recurrence each (issue 36 §2, the bench's
 * `yearly` shape) three sets took every class and span of the table through those steps again.
 * Counted as the steps of every generator the check resumes (the classes' own, classes.ts, are
 * resumed once per caller either way), not timed.
 */
/** Every generator's `next` (%GeneratorPrototype%), counted while a check runs. */
const generatorProto = Object.getPrototypeOf(function* () {}).prototype as { next: (...args: unknown[]) => unknown };
const realNext = generatorProto.next;
const counted = { steps: 0 };

function countSteps<T>(run: () => T): { steps: number; result: T } {
  counted.steps = 0;
  generatorProto.next = function (this: Generator, ...args: unknown[]) {
    counted.steps++;
    return realNext.apply(this, args);
  };
  try {
    const result = run();
    return { steps: counted.steps, result };
  } finally {
    generatorProto.next = realNext;
  }
}

afterEach(() => {
  generatorProto.next = realNext;
});

describe('the sets of an invariant table read it in one walk', () => {
  it('K = 60 yearly prefixes: the generators step once per caller, not once per class, span and set; the results are the base', () => {
    const k = 60;
    const set = rules([], holidays(k));
    const { steps, result } = countSteps(() => checkInvariants(set, benchBlock(), START, BOOK));
    // The tables' callers, each class's one decided caller stepped once (the built-ins' table of
    // K + 3 classes, the office hours' of K + 1): 127. 759 on the base, where each of three sets
    // walked the built-ins' table (its classes kept, their entries, the spans read) and the fourth its own.
    expect(steps).toBeLessThanOrEqual(2 * (k + 3) + 10);
    // The base's results, word for word; the counterexample is the call route gives.
    expect(result.map((r) => [r.invariant.name, r.status, r.message])).toEqual([
      ['dids', 'held', undefined],
      ['dead', 'held', undefined],
      ['unreached', 'held', undefined],
      ['inbound', 'held', undefined],
      [
        'premium',
        'violated',
        'an outbound call is routed: the call to 1900 at 2026-01-01T00:00:00 (America/New_York) took route "default" (prefix "", priority 0) to #1; so does every such call always',
      ],
      ['us', 'held', undefined],
      ['office', 'held', undefined],
      ['gateway 9', 'held', undefined],
    ]);
    const c = result[4]!.counterexample!;
    expect(routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at }).rule?.key).toBe(c.decision.rule?.key);
  });

  // Each set's first counterexample is the one it found walking alone: sets of one table breaking at
  // different classes and callers (one by caller, shown as its own From), one holding, one at the first class.
  it('sets breaking at different places of one table: each its own first counterexample, as on the base', () => {
    const routes = holidays(30);
    const set = rules([], routes.slice(0, -1));
    const block: Invariant[] = [
      { name: 'dead', kind: 'builtin', builtin: 'no_dead_rule' },
      { name: 'late', kind: 'always', set: { direction: 'outbound', to_prefix: '100020', from_prefix: '', during: '' } },
      { name: 'by 2007', kind: 'always', set: { direction: 'outbound', to_prefix: '10001', from_prefix: '2007', during: '' } },
      { name: 'first', kind: 'never', set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '' } },
      { name: 'none', kind: 'never', set: { direction: 'outbound', to_prefix: '1900', from_prefix: '', during: '' } },
    ] as Invariant[];
    const result = checkInvariants(set, block, START, BOOK);
    expect(result.map((r) => [r.invariant.name, r.status, r.message])).toEqual([
      ['dead', 'held', undefined],
      [
        'late',
        'violated',
        'an outbound call is not routed: the call to 100020 at 2026-01-01T00:00:00 (America/New_York) took no route (the call fails); so does every such call always except Wed 2026-01-21 00:00 – Thu 2026-01-22 00:00:01 America/New_York',
      ],
      [
        'by 2007',
        'violated',
        'an outbound call is not routed: the call to 10001 from 2007 at 2026-01-01T00:00:00 (America/New_York) took no route (the call fails); so does every such call always',
      ],
      [
        'first',
        'violated',
        'an outbound call is routed: the call to 100000 at 2026-01-01T00:00:00 (America/New_York) took route "holiday 0" (prefix "100000", priority 0) to #1; so does every such call Thu 2026-01-01 00:00 – Fri 2026-01-02 00:00:01 America/New_York',
      ],
      ['none', 'held', undefined],
    ]);
    for (const r of result.filter((x) => x.counterexample)) {
      const c = r.counterexample!;
      expect(routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at }).result).toBe(c.decision.result);
    }
  });
});
