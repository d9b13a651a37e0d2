import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inventoryOf } from '../../src/routing/rule-set.js';
import { lintRules } from '../../src/routing/lint.js';
import { lcrTie, timesMayOverlap } from '../../src/routing/overlap.js';
import { lcrRegex } from '../../src/routing/lcr-match.js';
import { ruleSetFromState } from '../../src/routing/rule-set.js';
import type { RoutingState } from '../../src/routing/types.js';
import { rules, type TestRoute } from './build.js';

const BOTH = { inbound: true, outbound: true };
const NONE = { inbound: false, outbound: false };
const DEFAULT: TestRoute = { name: 'Default', prefix: '', gwgroupid: '1' };
const WEEKDAYS = '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR';
const WEEKEND = '20260101T090000|8H|weekly|||SA,SU';
const EVENINGS = '20260101T170000|4H|daily';

/** `code key` of each finding, in order. */
function codes(mappings: { did: string; servers: string[] }[], routes: TestRoute[], manages = NONE): string[] {
  return lintRules(rules(mappings, routes), manages).map((f) => `${f.severity} ${f.code}${f.key !== undefined ? ` ${f.key}` : ''}`);
}

describe('lintRules', () => {
  it.each<[string, { did: string; servers: string[] }[], TestRoute[], string[]]>([
    ['a clean set', [{ did: '', servers: ['#1'] }], [DEFAULT, { name: 'UK', prefix: '44', gwgroupid: '5' }], []],
    [
      'two routes with the same prefix and priority, no time',
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5' },
        { name: 'B', prefix: '44', gwgroupid: '6' },
      ],
      ['warning ambiguous_rules B'],
    ],
    [
      'the same prefix, different priorities: the lower one is shadowed',
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5', priority: 10 },
        { name: 'B', prefix: '44', gwgroupid: '6', priority: 1 },
      ],
      ['warning shadowed B'],
    ],
    [
      'a higher-priority rule with a time recurrence shadows nothing',
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5', priority: 10, timerec: WEEKDAYS },
        { name: 'B', prefix: '44', gwgroupid: '6', priority: 1 },
      ],
      [],
    ],
    [
      'weekdays and weekend at one priority do not overlap',
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5', timerec: WEEKDAYS },
        { name: 'B', prefix: '44', gwgroupid: '6', timerec: WEEKEND },
      ],
      [],
    ],
    [
      'office hours and evenings do not overlap',
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5', timerec: WEEKDAYS },
        { name: 'B', prefix: '44', gwgroupid: '6', timerec: EVENINGS },
      ],
      [],
    ],
    [
      'weekdays and every day overlap',
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5', timerec: WEEKDAYS },
        { name: 'B', prefix: '44', gwgroupid: '6', timerec: '20260101T100000|2H|daily' },
      ],
      ['warning ambiguous_rules B'],
    ],
    [
      'a rule with a time and one without at one priority overlap',
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5', timerec: WEEKDAYS },
        { name: 'B', prefix: '44', gwgroupid: '6' },
      ],
      ['warning ambiguous_rules B'],
    ],
    [
      'two LCR patterns of equal length that can meet',
      [],
      [
        { name: 'L1', prefix: '44', from_prefix: '1555', gwgroupid: '5' },
        { name: 'L2', prefix: '4420', from_prefix: '15', gwgroupid: '6' },
      ],
      ['warning ambiguous_lcr L2'],
    ],
    [
      'LCR patterns of equal length whose prefixes part',
      [],
      [
        { name: 'L1', prefix: '44', from_prefix: '1555', gwgroupid: '5' },
        { name: 'L2', prefix: '33', from_prefix: '1555', gwgroupid: '6' },
      ],
      [],
    ],
    [
      'LCR patterns of different lengths: the longer wins',
      [],
      [
        { name: 'L1', prefix: '44', from_prefix: '1555', gwgroupid: '5' },
        { name: 'L2', prefix: '44', from_prefix: '155', gwgroupid: '6' },
      ],
      [],
    ],
    [
      'two mappings of one DID',
      [
        { did: '1555', servers: ['66'] },
        { did: '1555', servers: ['67'] },
      ],
      [],
      ['warning ambiguous_rules 1555'],
    ],
    ['a mixed server list is dropped', [{ did: '1555', servers: ['66', '#5'] }], [], ['error dropped 1555']],
    ['a bad time recurrence is dropped', [], [{ name: 'A', prefix: '1', gwgroupid: '5', timerec: 'sometimes' }], ['error dropped A']],
  ])('%s', (_name, mappings, routes, expected) => {
    expect(codes(mappings, routes)).toEqual(expected);
  });

  it.each<[string, boolean, boolean, { did: string; servers: string[] }[], TestRoute[], string[]]>([
    ['outbound managed, no catch-all', false, true, [], [{ name: 'UK', prefix: '44', gwgroupid: '5' }], ['warning no_default_outbound']],
    ['outbound managed, a catch-all', false, true, [], [DEFAULT], []],
    [
      'outbound managed, a catch-all with a time only',
      false,
      true,
      [],
      [{ ...DEFAULT, timerec: WEEKDAYS }],
      ['warning no_default_outbound'],
    ],
    ['outbound not managed', false, false, [], [], []],
    ['inbound managed, no default mapping', true, false, [{ did: '1555', servers: ['66'] }], [], ['warning no_default_inbound']],
    ['inbound managed, a default mapping', true, false, [{ did: '', servers: ['66'] }], [], []],
  ])('%s', (_name, inbound, outbound, mappings, routes, expected) => {
    expect(codes(mappings, routes, { inbound, outbound })).toEqual(expected);
  });

  it('finds nothing in a clean set that manages both kinds', () => {
    expect(codes([{ did: '', servers: ['#1'] }], [DEFAULT, { name: 'UK', prefix: '44', gwgroupid: '5' }], BOTH)).toEqual([]);
  });

  it('names both rules of a pair, places the finding at the later one from the files, and gives a hint', () => {
    const a = { file: 'routes.yaml', line: 3, col: 5 };
    const b = { file: 'routes.yaml', line: 7, col: 5 };
    const state: RoutingState = {
      outbound_routes: [
        { name: 'A', prefix: '44', from_prefix: null, gwgroupid: '5', priority: 0, timerec: '', routeid: '', origin: a },
        { name: 'B', prefix: '44', from_prefix: null, gwgroupid: '6', priority: 0, timerec: '', routeid: '', origin: b },
      ],
    };
    const [finding, ...rest] = lintRules(ruleSetFromState(state), NONE);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ severity: 'warning', code: 'ambiguous_rules', key: 'B', origin: b });
    expect(finding?.message).toBe(
      'route "B" and route "A" (routes.yaml:3:5) share prefix "44" and priority 0, and neither has a time recurrence: the proxy picks one in an undefined order',
    );
    expect(finding?.hint).toMatch(/priority/);
  });

  it('places a missing catch-all at the first rule of that kind from the files', () => {
    const at = { file: 'in.yaml', line: 4, col: 5 };
    const set = ruleSetFromState({ inbound_mappings: [{ did: '1555', servers: ['66'], notes: '', origin: at }] });
    expect(lintRules(set, { inbound: true, outbound: false })).toMatchObject([{ code: 'no_default_inbound', origin: at }]);
  });

  it('reports one warning per pair, or per prefix and priority when more tie, never per call; errors first', () => {
    const found = codes(
      [{ did: '1', servers: ['66,#5'] }],
      [
        { name: 'A', prefix: '44', gwgroupid: '5' },
        { name: 'B', prefix: '44', gwgroupid: '6' },
        { name: 'C', prefix: '44', gwgroupid: '7' },
      ],
    );
    expect(found).toEqual(['error dropped 1', 'warning ambiguous_rules C']);
    const [tie] = lintRules(
      rules(
        [],
        ['A', 'B', 'C'].map((name, i) => ({ name, prefix: '44', gwgroupid: String(5 + i) })),
      ),
      NONE,
    );
    expect(tie?.keys).toEqual(['A', 'B', 'C']);
    expect(tie?.message).toBe(
      '3 rules share prefix "44" and priority 0, and none has a time recurrence: where two of them match, the proxy picks one in an undefined order. The rules: route "A", route "B", route "C"',
    );
  });

  it('drops a live rule naming a group the platform does not have (with the inventory)', () => {
    const set = rules(
      [],
      [DEFAULT, { name: 'Gone', prefix: '44', gwgroupid: '9' }],
      inventoryOf([{ gwgroupid: 1, name: 'c', type: 'carrier', gwids: ['66'] }]),
    );
    expect(lintRules(set, NONE).map((f) => `${f.code} ${f.key}: ${f.message}`)).toEqual([
      'dropped Gone: route "Gone": gwgroupid names group 9, which does not exist on the platform: the proxy drops the rule',
    ]);
  });
});

describe('timesMayOverlap', () => {
  it.each([
    ['', WEEKDAYS, true],
    [WEEKDAYS, WEEKEND, false],
    [WEEKDAYS, EVENINGS, false],
    [WEEKDAYS, WEEKDAYS, true],
    ['20260101T090000|8H|weekly|||||||1,2,3', '20260101T090000|8H|weekly|||||||6,7', false],
    ['20260101T090000|8H|daily|20260201T000000', '20260301T090000|8H|daily', false],
    ['20260101T090000|8H|weekly', '20260102T090000|8H|weekly', false],
  ])('%s and %s: %s', (a, b, overlap) => {
    expect(timesMayOverlap(a, b)).toBe(overlap);
    expect(timesMayOverlap(b, a)).toBe(overlap);
  });
});

describe('lcrTie', () => {
  it.each([
    ['1555-44', '15-4420', '1555', '4420'],
    ['1555-44', '1555-33', null, ''],
    ['+44-1', '+1-1', null, ''],
    ['+44-1', '1-1', '+441', '1'],
    ['+1555-1', '+15-1', '+1555', '1'],
    ['#1-1', '*1-1', null, ''],
    ['1555-44', '1666-44', '15551666', '44'],
    // Two full caller IDs: no From of at most 15 digits holds both.
    ['15550001000-1', '15550001001-1', null, ''],
    ['15550001000-1', '0001000123-123', '15550001000123', '123'],
    ['1234567890123456-1', '1-1', null, ''],
    ['123456789012345-1', '5-1', '123456789012345', '1'],
    ['12345678-1', '9876543-1', '123456789876543', '1'],
    ['12345678-1', '98765432-1', null, ''],
    ['+12345-1', '4567-1', '+1234567', '1'],
    ['+12345-1', '0123-1', '+123450123', '1'],
  ])('%s and %s: a call from %s', (p, q, from, to) => {
    for (const [x, y] of [
      [p, q],
      [q, p],
    ] as const) {
      const call = lcrTie(x, y);
      expect(call?.from ?? null).toBe(from);
      if (call) {
        expect(call.to).toBe(to);
        expect(call.from.replace('+', '').length).toBeLessThanOrEqual(15);
        for (const pattern of [x, y]) expect(lcrRegex(pattern).test(`${call.from}-${call.to}1234`), pattern).toBe(true);
      }
    }
  });

  it('finds a From whenever one of at most 15 digits (a + first allowed) holds both From-prefixes, and only then', () => {
    // The definition: every placement of one From-prefix against the other whose overlapping
    // characters agree, a "+" only at the very start; the shortest such From.
    const shortest = (f: string, g: string): number => {
      const [fp, gp] = [f.startsWith('+'), g.startsWith('+')];
      const [x, y] = [fp ? f.slice(1) : f, gp ? g.slice(1) : g];
      let best = Infinity;
      for (let o = -y.length; o <= x.length; o++) {
        const start = Math.min(0, o);
        if ((fp && start !== 0) || (gp && start !== o)) continue;
        let agree = true;
        for (let i = Math.max(0, o); i < Math.min(x.length, o + y.length); i++) if (x[i] !== y[i - o]) agree = false;
        if (agree) best = Math.min(best, Math.max(x.length, o + y.length) - start);
      }
      return best;
    };
    const part = fc.stringMatching(/^\+?[12]{0,10}$/);
    fc.assert(
      fc.property(part, part, (f, g) => {
        const call = lcrTie(`${f}-1`, `${g}-1`);
        expect(call !== null, `${f} and ${g}`).toBe(shortest(f, g) <= 15);
        if (call) {
          expect(call.from.replace('+', '')).toHaveLength(shortest(f, g));
          for (const pattern of [`${f}-1`, `${g}-1`]) expect(lcrRegex(pattern).test(`${call.from}-1`), pattern).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('ambiguous_lcr over many routes', () => {
  // The lint finds its ties through indexes of the From-prefixes; this is the plain definition it
  // must agree with: the routes that tie with some route of another LCR group (equal pattern
  // length, lcrTie), each named once, at the shorter To-prefix of the tie.
  const part = fc.stringMatching(/^\+?[12]{0,9}$/);
  const to = fc.stringMatching(/^[12]{1,3}$/);
  const route = fc.record({ from: part.filter((f) => f !== '' && f !== '+'), to, group: fc.integer({ min: 1, max: 3 }) });

  it('names exactly the routes the definition gives', () => {
    fc.assert(
      fc.property(fc.array(route, { maxLength: 30 }), (drawn) => {
        const routes: TestRoute[] = drawn.map((r, i) => ({
          name: `R${i}`,
          prefix: r.to,
          from_prefix: r.from,
          gwgroupid: '1',
          // Some routes share an LCR group (their ties are not warned about), most do not.
          groupid: 10_000 + (r.group === 1 ? 0 : i + 1),
        }));
        const set = rules([], routes);
        const tying = new Set<string>();
        for (const p of set.lcr)
          for (const q of set.lcr)
            if (p !== q && p.pattern.length === q.pattern.length && p.groupid !== q.groupid && lcrTie(p.pattern, q.pattern))
              tying.add(p.key);
        const found = lintRules(set, NONE)
          .filter((f) => f.code === 'ambiguous_lcr')
          .flatMap((f) => f.keys ?? []);
        expect(new Set(found).size, 'each route named once').toBe(found.length);
        expect([...found].sort()).toEqual([...tying].sort());
      }),
      { numRuns: 500 },
    );
  });
});
