import { afterEach, describe, expect, it, vi } from 'vitest';
import { callerClasses, lcrIndex, partsIn, type Caller } from '../../src/routing/callers.js';
import { callersStarting } from '../../src/routing/invariant-callers.js';
import type { NumberClass } from '../../src/routing/number-classes.js';
import { rules, type TestRoute } from './build.js';
import { customersAtEveryHour } from './invariant-fixtures.js';

/**
 * The callers of class 1 starting with an invariant's `from_prefix` (routing/invariant-callers.ts),
 * beside K per-customer LCR routes (issue 36 §2, tenth round): the class's list of callers is read
 * once for every prefix asked (it was read again to name the list on every call, and once more per
 * prefix), and each candidate From looks up only substrings of the parts' lengths (K candidates
 * of 8 digits against parts of 4 looked up 26 substrings each, 5 now). Counted, not timed; the
 * lists are held equal to those of the way they were made before (`before`, below).
 */

/** Class 1 of these routes, with its callers (number-classes.ts makes it so). */
function classOne(routes: readonly TestRoute[], wrap = (c: readonly Caller[]): readonly Caller[] => c): NumberClass {
  const callers = wrap(callerClasses(lcrIndex([rules([], routes)]), '1'));
  return { direction: 'outbound', prefix: '1', except: [], to: '1', recs: [], met: [], callers };
}

/** The callers starting with `prefix` as the base (ce0fbb2) made them: the reference for exactness. */
function before(callers: readonly Caller[], prefix: string): Caller[] {
  const parts = [...new Set(callers.flatMap((c) => c.from_parts))].sort();
  const candidates = [prefix];
  for (const p of parts) {
    if (p.startsWith(prefix)) candidates.push(p);
    candidates.push(prefix + p);
    for (let k = 1; k < p.length; k++) if (prefix.endsWith(p.slice(0, k))) candidates.push(prefix + p.slice(k));
  }
  for (const c of callers) if (c.from !== '') candidates.push(prefix + c.from);
  const known = new Set(parts);
  const longest = parts.reduce((n, p) => Math.max(n, p.length), 0);
  const out = new Map<string, Caller>();
  for (const from of new Set(candidates)) {
    const matched = partsIn(from, parts, known, longest);
    const key = matched.join('\u0000');
    const had = out.get(key);
    if (!had || from.length < had.from.length) out.set(key, { from, from_parts: matched });
  }
  return [...out.values()];
}

/** Routes on prefix 1 with From prefixes that overlap, nest and differ in length, some of one length (ties). */
const MIXED: TestRoute[] = ['2007', '07', '7', '0712', '20', '2', '123456', '5', '0', '700', '3141', '4141', '41', '9'].map(
  (from_prefix, i) => ({ name: `r${i}`, prefix: '1', gwgroupid: String(1 + (i % 3)), from_prefix }),
);

describe('the callers starting with a from_prefix, from the list read once', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['per-customer parts of one length', customersAtEveryHour(120)],
    ['overlapping and nested parts of many lengths', MIXED],
    ['no LCR part at all', [{ name: 'd', prefix: '1', gwgroupid: '1' }]],
  ])('%s: each prefix gives the list made before, caller for caller', (_, routes) => {
    const nc = classOne(routes);
    for (const prefix of ['2007', '20', '2', '7', '07', '0', '41', '4', '99', '123', '31', '2005']) {
      expect(callersStarting(nc, prefix), prefix).toEqual(before(nc.callers, prefix));
    }
  });

  it("reads the class's K callers once for all its prefixes, not once per call and prefix", () => {
    const k = 300;
    let reads = 0;
    // The list as number-classes.ts shares it (one array per LCR To-part), its entries counted as read.
    const nc = classOne(customersAtEveryHour(k), (callers) => {
      const counted = new Proxy(callers as Caller[], {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      return counted;
    });
    // Three prefixes, each asked twice (two tables of a check, or class 1 and class 1900).
    for (const prefix of ['2005', '2007', '2011', '2005', '2007', '2011']) expect(callersStarting(nc, prefix).length).toBeGreaterThan(0);
    // The base read all K + 2 to name the list on every call (6) and twice more per prefix (3): 12K.
    expect(reads).toBeLessThanOrEqual(2 * (k + 2));
  });

  it('looks up the substrings of the parts’ lengths only: 5 per From of 8 digits against parts of 4, not 26', () => {
    // A list no other test here made (the base kept lists by their content).
    const k = 310;
    const nc = classOne(customersAtEveryHour(k));
    const has = vi.spyOn(Set.prototype, 'has');
    const callers = callersStarting(nc, '2013');
    const lookups = has.mock.calls.length;
    vi.restoreAllMocks();
    expect(callers.length).toBeGreaterThan(k);
    // Some K + 2 candidate Froms of 8 digits ("2013" before each part): 26 lookups each on the base.
    expect(lookups).toBeGreaterThan(4 * k);
    expect(lookups).toBeLessThan(8 * k);
  });
});
