import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/routing/callers.js';
import { callersStarting } from '../../src/routing/invariant-callers.js';
import { sharedCallers } from '../../src/routing/invariant-shared.js';
import { tieFolder } from '../../src/routing/invariant-ties.js';
import { numberClasses } from '../../src/routing/number-classes.js';
import { rules } from './build.js';
import { customersAtEveryHour } from './invariant-fixtures.js';

/**
 * What an invariant table does for each caller of a class's lists (issue 36 §2, per-customer LCR
 * routes: the callers starting with a `from_prefix` are some K, each the prefix before another
 * customer's part, so tied; class 1 has K callers of its own): the fold listed each tied caller's
 * parts (an array filled per caller) though only a table reading the class's own callers reads them
 * (routing/invariant-ties.ts), and the callers shared out were each written as two texts, its
 * From, kind and parts, and its parts joined (routing/invariant-shared.ts). Counted as the arrays
 * filled (`push`) and the lists joined (`join`) while each runs, not timed.
 */
/**
 * Calls of `method` of every array while `run` runs, and its result. Counted by a stand-in put on
 * the prototype for the run alone (a spy records its calls in arrays: it would count itself).
 */
function counting<T>(method: 'push' | 'join', run: () => T): { calls: number; result: T } {
  const original = Object.getOwnPropertyDescriptor(Array.prototype, method)?.value as (this: unknown[], ...args: unknown[]) => unknown;
  let calls = 0;
  Object.defineProperty(Array.prototype, method, {
    configurable: true,
    writable: true,
    value(this: unknown[], ...args: unknown[]): unknown {
      calls++;
      return original.apply(this, args);
    },
  });
  try {
    const result = run();
    return { calls, result };
  } finally {
    Object.defineProperty(Array.prototype, method, { configurable: true, writable: true, value: original });
  }
}

/** A list of callers as a short digest (the same on the base, 1dbfe0d). */
function digest(callers: readonly Caller[]): string {
  const text = JSON.stringify(callers.map((c) => [c.from, c.from_parts, c.from_holds ?? null, c.tie ? c.tie.length : null]));
  return `${callers.length}:${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}

const K = 300;
const set = rules([], customersAtEveryHour(K));
const one = numberClasses([set], 'outbound', undefined).find((nc) => nc.prefix === '1');

describe("an invariant table's callers of a class: the work per caller", () => {
  it('folds the tied callers after a prefix without listing the parts of each', () => {
    if (one === undefined) throw new Error('no class 1');
    const list = callersStarting(one, '2005');
    expect(list.length).toBeGreaterThan(K);
    // A table of the set alone (the office hours': none of the class's own callers) and one with
    // them (the built-ins' beside 2007), each with its own folder.
    const alone = counting('push', () => tieFolder(set).fold(one, '2005', list, new Set(['2005']), false));
    const withOwn = counting('push', () => tieFolder(set).fold(one, '2005', list, new Set(['2005', '2007']), true));
    expect([digest(alone.result), digest(withOwn.result)]).toEqual(['2:d00cb7eeb79c', '2:d00cb7eeb79c']);
    // 2005 and the first tied caller, 20052000, kept: one push each; on the base two more per tied
    // caller, its parts listed (903 each here).
    expect(alone.calls).toBeLessThan(20);
    expect(withOwn.calls).toBeLessThan(20);
  });

  it('shares out the K callers of a class without writing each as texts', () => {
    if (one === undefined) throw new Error('no class 1');
    const { calls, result } = counting('join', () => sharedCallers(one.callers));
    expect(result).not.toBeNull();
    expect([digest(result?.all ?? []), digest(result?.decided ?? []), result?.standsFor.size]).toEqual([
      '302:942a973fffc0',
      '302:942a973fffc0',
      302,
    ]);
    // Parts joined only for a caller holding none or two or more (a tie class holds its own as a
    // kind, never a key): the one without a From here; on the base two joins per caller (603).
    expect(calls).toBeLessThan(10);
  });
});
