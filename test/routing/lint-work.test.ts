import { afterEach, describe, expect, it, vi } from 'vitest';
import { lcrEntries, lcrPartners } from '../../src/routing/lcr-ties.js';
import { lintRules } from '../../src/routing/lint.js';
import { loadRules } from '../../src/routing/load.js';
import { samePrefixFindings } from '../../src/routing/same-prefix-lints.js';
import type { RoutingRule } from '../../src/routing/types.js';
import { rules, type TestRoute } from './build.js';

/*
 * The work the routing lints do for a big platform's rules (issue 33 §4: a no-change plan of 5,000
 * routes and 10,000 mappings), counted rather than timed: each case counts what a lint did per rule
 * before and no longer does, and the answers stay those of the lints' own tests.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

/** `n` routes, each on its own prefix; every third an LCR route (`from_prefix`), as the users' file of the benchmark has. */
function perPrefix(n: number): TestRoute[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `Route ${i}`,
    prefix: String(100_000 + i),
    gwgroupid: String(1 + (i % 9)),
    priority: i % 10,
    ...(i % 3 === 0 ? { from_prefix: '1555' } : {}),
  }));
}

describe('the routing lints on one rule per prefix', () => {
  it('probes no LCR route for a tie when no other LCR route shares or nests its To-prefix (each is its own group)', () => {
    const set = rules([], perPrefix(1_500));
    const ruleOf = new Map(set.rules.filter((r) => r.lcr_pattern !== undefined).map((r) => [r.key, r]));
    const entries = lcrEntries(set.lcr, ruleOf);
    expect(entries).toHaveLength(500);
    // Pairing a route with the routes it can meet looks for one of another group with `find`; at
    // the branch point each of the 500 routes was paired with itself (at least 1,000 finds).
    const find = vi.spyOn(Array.prototype, 'find');
    const partners = lcrPartners(entries);
    // Only the finds over a list of LCR routes (pairing), not over a prefix's sides.
    const finds = find.mock.contexts.filter(
      (list) => Array.isArray(list) && (list as unknown[]).some((e) => (e as { record?: unknown }).record !== undefined),
    ).length;
    find.mockRestore();
    expect(partners.size).toBe(0);
    expect(finds).toBe(0);
  });

  it('still finds the ties of LCR routes of two groups on one To-prefix, and of one nested in another', () => {
    const found = lintRules(
      rules(
        [],
        [
          { name: 'a', prefix: '44', from_prefix: '1555', gwgroupid: '1', groupid: 10_001 },
          { name: 'b', prefix: '44', from_prefix: '1666', gwgroupid: '2', groupid: 10_002 },
          { name: 'c', prefix: '4420', from_prefix: '17', gwgroupid: '3', groupid: 10_003 },
          { name: 'd', prefix: '442', from_prefix: '177', gwgroupid: '3', groupid: 10_004 },
        ],
      ),
      { inbound: false, outbound: false },
    ).filter((f) => f.code === 'ambiguous_lcr');
    // Every From-prefix here fits beside another in 15 digits: a, b and c tie on "44", d with c.
    expect(found.map((f) => f.keys)).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('makes no list for a rule alone on its prefix, and keeps the lists in the order of their first rule', () => {
    const set = rules([], perPrefix(3_000));
    // Lists pushed into the list of lists: one per prefix at the branch point (3,000), now none.
    // Counted by a wrapper, not a spy: a spy records each call with `push` itself.
    const push = Array.prototype.push;
    let lists = 0;
    Array.prototype.push = function (this: unknown[], ...items: unknown[]): number {
      if (Array.isArray(items[0])) lists += 1;
      return push.apply(this, items);
    };
    let found;
    try {
      found = samePrefixFindings(set.rules);
    } finally {
      Array.prototype.push = push;
    }
    expect(found).toEqual([]);
    expect(lists).toBe(0);

    // Prefix "2" is met second but its first rule comes first: its warnings come first.
    const shared = rules(
      [],
      [
        { name: 'two-a', prefix: '2', gwgroupid: '1' },
        { name: 'three-a', prefix: '3', gwgroupid: '1' },
        { name: 'three-b', prefix: '3', gwgroupid: '2' },
        { name: 'two-b', prefix: '2', gwgroupid: '2' },
      ],
    );
    expect(samePrefixFindings(shared.rules).map((f) => [f.code, f.keys])).toEqual([
      ['ambiguous_rules', ['two-b', 'two-a']],
      ['ambiguous_rules', ['three-b', 'three-a']],
    ]);
  });

  it('judges each gateway list by the list itself: no key made per rule', () => {
    const set = rules(
      Array.from({ length: 2_000 }, (_, i) => ({ did: String(15_550_000_000 + i), servers: [String(1 + (i % 3))] })),
      perPrefix(1_000),
    );
    // At the branch point each rule's list was looked up by its kind and list joined with a NUL.
    const get = vi.spyOn(Map.prototype, 'get');
    const loaded = loadRules(set);
    const joined = get.mock.calls.filter((args) => typeof args[0] === 'string' && args[0].includes('\u0000')).length;
    get.mockRestore();
    expect(joined).toBe(0);
    expect(loaded.kept.length + loaded.dropped.length).toBe(3_000);
    const kinds = (list: readonly RoutingRule[]): number[] => [
      list.filter((r) => r.kind === 'inbound_mapping').length,
      list.filter((r) => r.kind === 'outbound_route').length,
    ];
    expect(kinds(loaded.kept)).toEqual([2_000, 1_000]);
  });
});
