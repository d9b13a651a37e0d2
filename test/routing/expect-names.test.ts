import { describe, expect, it } from 'vitest';
import type { GatewayGroup } from '../../src/model/group.js';
import type { RoutingExpectation, RoutingTest } from '../../src/model/routing-test.js';
import { runRoutingTest } from '../../src/routing/expect.js';
import { nameBook, namedExpectationProblems, type NameBook } from '../../src/routing/expect-names.js';
import { inventoryOf } from '../../src/routing/rule-set.js';
import { MONDAY_10, rules } from './build.js';

/** Expectations by name (issue 26, part 4), judged against what the place a test runs knows. Pure. */

const GROUPS: GatewayGroup[] = [
  { gwgroupid: 5, name: 'BW', type: 'carrier', gwids: ['61', '62'] },
  { gwgroupid: 6, name: 'Announce', type: 'carrier', gwids: ['63'] },
  { gwgroupid: 7, name: 'Twin', type: 'carrier', gwids: [] },
  { gwgroupid: 8, name: 'Twin', type: 'carrier', gwids: [] },
  { gwgroupid: 9, name: 'Office PBX', type: 'endpoint', gwids: ['70'] },
];
const LABELS = [
  { gwid: 61, name: 'bw-a', address: '203.0.113.5:5060' },
  { gwid: 62, name: 'bw-b', address: '203.0.113.6:5060' },
  { gwid: 63, name: 'ann', address: '203.0.113.9:5060' },
];
const INVENTORY = inventoryOf(GROUPS, undefined, LABELS);
/** The live place: groups with ids, gateway names read. */
const LIVE: NameBook = nameBook({ inventory: INVENTORY });
/** The files alone: a declared carrier group and a name a route refers to, no ids. */
const FILES: NameBook = nameBook({
  declared: [{ name: 'BW', endpoints: [{ name: 'bw-a', hostname: '203.0.113.5:5060' }] }],
  referenced: ['Elsewhere'],
});

const LIVE_SET = rules(
  [
    { did: '1555', servers: ['#9'] },
    { did: '1555999', servers: ['#6'] },
  ],
  [
    { name: 'UK', prefix: '44', gwgroupid: '5' },
    { name: 'US', prefix: '1', gwgroupid: '6' },
  ],
  INVENTORY,
);

function test(direction: 'inbound' | 'outbound', to: string, e: RoutingExpectation): RoutingTest {
  return { name: 't', direction, to, from: '', expect: e };
}

describe('expectations by name: which names stand for one group or gateway', () => {
  it.each<[string, NameBook, RoutingExpectation, string[]]>([
    ['a live carrier group', LIVE, { carrier_group: 'BW' }, []],
    ['an endpoint group for group:', LIVE, { group: 'Office PBX' }, []],
    [
      'an endpoint group is no carrier group',
      LIVE,
      { carrier_group: 'Office PBX' },
      ['expect.carrier_group: no carrier group is named "Office PBX"'],
    ],
    [
      'two live groups share a name',
      LIVE,
      { carrier_group: 'Twin' },
      ['expect.carrier_group: carrier_group "Twin" matches 2 groups: #7 (carrier), #8 (carrier)'],
    ],
    ['a name nobody has', LIVE, { group: 'Nope' }, ['expect.group: no group is named "Nope"']],
    ['a gateway by id is never checked', LIVE, { gateways: ['999'] }, []],
    ['a gateway by name and by address, port left out', LIVE, { gateways: ['bw-a', '203.0.113.6'] }, []],
    ['a gateway name nobody has', LIVE, { gateways: ['bw-z'] }, ['expect.gateways: no gateway is named or at "bw-z"']],
    ['a declared carrier group, files alone', FILES, { carrier_group: 'BW' }, []],
    ['a name a rule refers to, files alone', FILES, { carrier_group: 'Elsewhere' }, []],
    ['a declared gateway, files alone', FILES, { gateways: ['bw-a'] }, []],
    ['an unknown name, files alone', FILES, { carrier_group: 'Nope' }, ['expect.carrier_group: no carrier group is named "Nope"']],
  ])('%s', (_, book, e, problems) => {
    expect(namedExpectationProblems(test('outbound', '44', e), book).map((p) => p.message)).toEqual(problems);
  });

  it('says which names there are, and how to refer by id instead', () => {
    const [unknown] = namedExpectationProblems(test('outbound', '44', { carrier_group: 'Nope' }), LIVE);
    expect(unknown!.hint).toBe(
      'the carrier groups are: "BW" (#5), "Announce" (#6), "Twin" (#7, #8); names are matched exactly (case and spaces); or expect the group by id',
    );
    const [shared] = namedExpectationProblems(test('outbound', '44', { carrier_group: 'Twin' }), LIVE);
    expect(shared!.hint).toBe('refer to one by id instead, e.g. gwgroupid: "7", or rename one of the groups');
    const [files] = namedExpectationProblems(test('outbound', '44', { carrier_group: 'Nope' }), FILES);
    expect(files!.hint).toBe(
      'the carrier groups known here are: "Elsewhere", "BW" (named in the files); names are matched exactly (case and spaces); or expect the group by id',
    );
  });
});

describe('expectations by name: judged against the decision', () => {
  it.each<[string, 'inbound' | 'outbound', string, RoutingExpectation, string[]]>([
    ['the carrier group by name', 'outbound', '4479', { carrier_group: 'BW' }, []],
    [
      'another carrier group',
      'outbound',
      '1555',
      { carrier_group: 'BW' },
      ['expected carrier group "BW" (#5), but the call took route "US" (prefix "1", priority 0) to carrier group "Announce" (#6)'],
    ],
    ['the endpoint group of a mapping', 'inbound', '15551230001', { group: 'Office PBX' }, []],
    ['a mapping to a carrier group, by carrier_group', 'inbound', '15559990001', { carrier_group: 'Announce' }, []],
    ['a route to a carrier group, by group', 'outbound', '4479', { group: 'BW' }, []],
    [
      'an endpoint group is no carrier group',
      'inbound',
      '15551230001',
      { carrier_group: 'Announce' },
      [
        'expected carrier group "Announce" (#6), but the call took mapping "1555" (prefix "1555", priority 0) to servers ["#9"] (endpoint group "Office PBX" (#9): endpoint 70)',
      ],
    ],
    ['the gateways in order, by id, name and address', 'outbound', '4479', { gateways: ['61', 'bw-b'] }, []],
    ['by address with its port', 'outbound', '4479', { gateways: ['203.0.113.5:5060', '203.0.113.6'] }, []],
    [
      'the gateways in the wrong order',
      'outbound',
      '4479',
      { gateways: ['bw-b', 'bw-a'] },
      [
        'expected gateways ["bw-b","bw-a"], but the call took route "UK" (prefix "44", priority 0) to carrier group "BW" (#5), whose gateways are 61 "bw-a" 203.0.113.5:5060, 62 "bw-b" 203.0.113.6:5060',
      ],
    ],
    [
      'a group expected but no route',
      'outbound',
      '33',
      { carrier_group: 'BW' },
      ['expected the call to be routed, but the call took no route (the call fails)'],
    ],
  ])('%s', (_, direction, to, e, failures) => {
    const outcome = runRoutingTest(LIVE_SET, test(direction, to, e), MONDAY_10, LIVE);
    expect(outcome.failures).toEqual(failures);
  });

  it('from the files alone, a route naming the group passes, and a route to an id does not', () => {
    const set = rules([], [{ name: 'Ids', prefix: '33', gwgroupid: '5' }]);
    expect(runRoutingTest(set, test('outbound', '331', { carrier_group: 'BW' }), MONDAY_10, FILES).failures).toEqual([
      'expected carrier group "BW", but the call took route "Ids" (prefix "33", priority 0) to #5',
    ]);
  });
});
