import { describe, expect, it } from 'vitest';
import { routeCall } from '../../src/routing/match.js';
import { sameOrderedContent, sameUnorderedContent, sharedPrepared } from '../../src/routing/prepared-share.js';
import { inventoryOf, withGatewayLabels } from '../../src/routing/rule-set.js';
import type { GatewayGroup } from '../../src/model/group.js';
import { MONDAY_10, rules, type TestRoute } from './build.js';

/**
 * Copies of the same rules share one preparation (routing/prepared-share.ts), so it must hold exactly
 * what decides a call: a copy with other words shares it and keeps its own words; one whose
 * gateways load other rules, or whose rules come in another order, does not.
 */
const GROUPS = [
  { gwgroupid: 1, name: 'Carrier A', type: 'carrier', gwids: ['11'] },
  { gwgroupid: 2, name: 'Carrier B', type: 'carrier', gwids: ['12'] },
] as unknown as GatewayGroup[];

const ROUTES: TestRoute[] = [
  { name: 'Customer 1', prefix: '1', gwgroupid: '1', from_prefix: '2001' },
  { name: 'Customer 2', prefix: '1', gwgroupid: '2', from_prefix: '2002' },
  { name: 'Default', prefix: '', gwgroupid: '1' },
];
const TIED = { direction: 'outbound', from: '20012002', to: '15551234', at: MONDAY_10 } as const;

describe('prepared rules shared between copies', () => {
  it('a copy with other gateway words decides alike, each with its own words', () => {
    const plain = rules([], ROUTES, inventoryOf(GROUPS));
    const renamed = [{ ...GROUPS[0]!, name: 'Carrier A (Frankfurt)' }, GROUPS[1]!];
    const named = withGatewayLabels(rules([], ROUTES, inventoryOf(renamed)), [{ gwid: 11, name: 'edge', address: '192.0.2.11' }]);
    expect(sameOrderedContent(named, plain)).toBe(true);
    const call = { direction: 'outbound', from: '2001', to: '15551234', at: MONDAY_10 } as const;
    const a = routeCall(plain, call);
    const b = routeCall(named, call);
    expect(b.result).toBe('routed');
    expect({ ...b, gwlist_words: undefined, steps: undefined }).toEqual({ ...a, gwlist_words: undefined, steps: undefined });
    expect(JSON.stringify(b.gwlist_words)).toContain('Frankfurt');
    expect(JSON.stringify(a.gwlist_words ?? '')).not.toContain('Frankfurt');
  });

  it('a copy whose platform lacks a gateway loads other rules: it is prepared anew', () => {
    const full = rules([], ROUTES, inventoryOf(GROUPS));
    const lacking = rules([], ROUTES, inventoryOf([GROUPS[0]!, { ...GROUPS[1]!, gwids: [] }]));
    expect(sameOrderedContent(lacking, full)).toBe(false);
    const call = { direction: 'outbound', from: '2002', to: '15551234', at: MONDAY_10 } as const;
    expect(routeCall(full, call).result).toBe('routed');
    expect(routeCall(lacking, call).result).toBe('no_route');
  });

  it('a copy in another order is prepared anew: a tie lists its candidates in its own order', () => {
    const ordered = rules([], ROUTES);
    const reversed = rules([], [...ROUTES].reverse());
    expect(sameOrderedContent(reversed, ordered)).toBe(false);
    const keys = (d: ReturnType<typeof routeCall>): string[] => d.candidates.map((c) => c.key);
    expect(keys(routeCall(ordered, TIED))).toEqual(['Customer 1', 'Customer 2']);
    expect(keys(routeCall(reversed, TIED))).toEqual(['Customer 2', 'Customer 1']);
  });
});

describe('a copy holding the same rule objects', () => {
  it('shares the preparation without reading a rule (the rules after a plan that changes none are the live ones)', () => {
    const live = rules([], ROUTES, inventoryOf(GROUPS));
    const made: unknown[] = [];
    const make = (): object => {
      const value = {};
      made.push(value);
      return value;
    };
    const first = sharedPrepared(live, make);
    // Every field a rule's text or comparison reads, counted from here on.
    let reads = 0;
    const counted = live.rules.map((rule) => {
      const copy = { ...rule };
      for (const field of ['kind', 'key', 'ruleid', 'groupid', 'prefix', 'priority', 'timerec', 'gwlist', 'lcr_pattern'] as const) {
        const value = copy[field];
        Object.defineProperty(copy, field, {
          enumerable: true,
          get: () => {
            reads++;
            return value;
          },
        });
      }
      return copy;
    });
    const countedLive = { ...live, rules: counted };
    expect(sharedPrepared(countedLive, make)).toBe(first);
    const readsFirst = reads;
    reads = 0;
    // The plan's copy: fresh lists of the same rule objects. Writing its content as text read every
    // field of every rule (27 here) on 2157ee6; compared rule by rule, it reads none.
    const after = { ...countedLive, rules: [...counted], lcr: [...countedLive.lcr] };
    expect(sharedPrepared(after, make)).toBe(first);
    expect(reads).toBe(0);
    // A copy of other objects with the same fields is still the same content, compared field by field.
    expect(readsFirst).toBeGreaterThan(0);
    // One field changed: prepared anew.
    const madeBefore = made.length;
    const moved = { ...live, rules: live.rules.map((r, i) => (i === 0 ? { ...r, prefix: `${r.prefix}9` } : r)) };
    expect(sharedPrepared(moved, make)).not.toBe(first);
    expect(made.length).toBe(madeBefore + 1);
  });
});

describe('the same rules in another order (the decision memo shares their decisions)', () => {
  const DUPLICATES: TestRoute[] = [
    { name: 'Twice', prefix: '1', gwgroupid: '1', from_prefix: '2001' },
    { name: 'Twice', prefix: '1', gwgroupid: '2', from_prefix: '2002' },
    { name: 'Default', prefix: '', gwgroupid: '1' },
  ];

  it('holds for a copy in another order, with other words, and for the set itself', () => {
    const ordered = rules([], ROUTES, inventoryOf(GROUPS));
    const renamed = [{ ...GROUPS[0]!, name: 'Carrier A (Frankfurt)' }, GROUPS[1]!];
    expect(sameUnorderedContent(ordered, ordered)).toBe(true);
    expect(sameUnorderedContent(ordered, rules([], [...ROUTES].reverse(), inventoryOf(renamed)))).toBe(true);
    expect(sameUnorderedContent(rules([], DUPLICATES), rules([], [...DUPLICATES].reverse()))).toBe(true);
  });

  it('does not hold when one field of one rule, an LCR record or the gateways differ', () => {
    const base = rules([], ROUTES, inventoryOf(GROUPS));
    const changed = (route: Partial<TestRoute>): boolean =>
      sameUnorderedContent(base, rules([], [ROUTES[0]!, { ...ROUTES[1]!, ...route }, ROUTES[2]!].reverse(), inventoryOf(GROUPS)));
    expect(changed({})).toBe(true);
    expect(changed({ gwgroupid: '1' })).toBe(false);
    expect(changed({ from_prefix: '2003' })).toBe(false);
    expect(changed({ prefix: '12' })).toBe(false);
    expect(changed({ priority: 5 })).toBe(false);
    expect(changed({ timerec: '20260101T090000|1H|daily' })).toBe(false);
    expect(changed({ name: 'Customer 3' })).toBe(false);
    const lacking = rules([], ROUTES, inventoryOf([GROUPS[0]!, { ...GROUPS[1]!, gwids: [] }]));
    expect(sameUnorderedContent(base, lacking)).toBe(false);
    // One LCR record moved to another route: the rules alike, the records not.
    const moved = { ...base, lcr: base.lcr.map((l, i) => (i === 0 ? { ...l, key: 'Customer 2' } : l)) };
    expect(sameUnorderedContent(base, moved)).toBe(false);
  });

  it('counts each rule once: two routes of one name are not matched twice by one of them', () => {
    const twice = rules([], DUPLICATES);
    const first = DUPLICATES[0]!;
    expect(sameUnorderedContent(twice, rules([], [first, { ...first }, DUPLICATES[2]!]))).toBe(false);
    expect(sameUnorderedContent(rules([], [first, { ...first }, DUPLICATES[2]!]), twice)).toBe(false);
  });
});
