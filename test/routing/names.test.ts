import { describe, expect, it } from 'vitest';
import type { GatewayGroup } from '../../src/model/group.js';
import { routeCall } from '../../src/routing/match.js';
import { gatewayLabelsOf, inventoryOf } from '../../src/routing/rule-set.js';
import { describeGateways, gwlistWords } from '../../src/routing/words.js';
import { MONDAY_10, rules } from './build.js';

/** A platform of two groups: carrier group "BW" (#5) with gateway 61, endpoint group "PBXs" (#7) with 66 and 67. */
const GROUPS: GatewayGroup[] = [
  { gwgroupid: 5, name: 'BW', type: 'carrier', gwids: ['61'] },
  { gwgroupid: 7, name: 'PBXs', type: 'endpoint', gwids: ['66', '67'] },
];
const LABELS = [
  { gwid: 61, name: 'bw-east', address: '198.51.100.1:5060' },
  { gwid: 66, name: 'pbx-a', address: '10.0.0.5:5060' },
  { gwid: 67, name: '', address: '10.0.0.6' },
];
const NAMED = inventoryOf(GROUPS, undefined, LABELS);
const GROUPS_ONLY = inventoryOf(GROUPS);

describe('gwlistWords: a gateway list in words, names beside the ids', () => {
  it.each([
    ['a carrier group', '#5', NAMED, 'carrier group "BW" (#5)'],
    [
      'an endpoint group, with its endpoints (the default port left out)',
      '#7',
      NAMED,
      'endpoint group "PBXs" (#7): endpoints "pbx-a" 10.0.0.5 (66), 10.0.0.6 (67)',
    ],
    ['an endpoint group whose gateways were not read', '#7', GROUPS_ONLY, 'endpoint group "PBXs" (#7): endpoints 66, 67'],
    ['a group id with leading zeros', '#05', NAMED, 'carrier group "BW" (#05)'],
    ['a group the platform does not hold', '#9', NAMED, 'group #9, which is not on the platform'],
    [
      'a name the files refer to but do not declare',
      '#"New carrier"',
      NAMED,
      'group "New carrier" (named in the files; its id is not known here)',
    ],
    ['one gateway with its name and address', '66', NAMED, 'gateway "pbx-a" 10.0.0.5:5060 (66)'],
    ['two gateways, one without a name', '66,67', NAMED, 'gateways "pbx-a" 10.0.0.5:5060 (66), 10.0.0.6 (67)'],
    ['gateways whose details were not read', '66,67', GROUPS_ONLY, 'gateways 66, 67'],
    ['a gateway no group holds', '99', GROUPS_ONLY, 'gateway 99, which no carrier or endpoint group holds'],
    [
      'a gateway the platform does not hold',
      '99',
      inventoryOf(GROUPS, ['61', '66', '67'], LABELS),
      'gateway 99, which is not on the platform',
    ],
    ['a mixed list (the proxy drops it)', '66,#5', NAMED, 'gateway "pbx-a" 10.0.0.5:5060 (66), carrier group "BW" (#5)'],
    ['sub-lists', '66;61', NAMED, 'gateways "pbx-a" 10.0.0.5:5060 (66), "bw-east" 198.51.100.1:5060 (61)'],
    ['no inventory: the ids alone', '#5', undefined, 'group #5'],
  ])('%s: %s', (_case, gwlist, inventory, words) => {
    expect(gwlistWords(gwlist, inventory)).toBe(words);
  });

  it('a group the plan creates (a stand-in id) says its id is known after apply, and its endpoints are not given ids', () => {
    const inv = inventoryOf([{ gwgroupid: 12, name: 'Beta PBX', type: 'endpoint', gwids: ['70'], pending: true }], undefined, [
      { gwid: 70, name: 'beta-1', address: '198.51.100.7:5060', pending: true },
    ]);
    expect(gwlistWords('#12', inv)).toBe('endpoint group "Beta PBX" (id known after apply): endpoint "beta-1" 198.51.100.7');
  });

  it('an endpoint a plan adds to a live group has no id yet: (new)', () => {
    const inv = inventoryOf([{ gwgroupid: 7, name: 'PBXs', type: 'endpoint', gwids: ['66', '90'] }], undefined, [
      LABELS[1]!,
      { gwid: 90, name: 'pbx-c', address: '10.0.0.9:5080', pending: true },
    ]);
    expect(gwlistWords('#7', inv)).toBe('endpoint group "PBXs" (#7): endpoints "pbx-a" 10.0.0.5 (66), "pbx-c" 10.0.0.9:5080 (new)');
  });

  it.each([
    [
      'an endpoint group the files declare',
      'Acme PBX',
      'endpoint group "Acme PBX" (declared in the files): endpoint "acme-main" 203.0.113.10',
    ],
    ['a carrier group the files declare', 'BW', 'carrier group "BW" (declared in the files)'],
    ['a name the files do not declare', 'Ghost', 'group "Ghost" (named in the files; its id is not known here)'],
  ])('the files alone: %s', (_case, name, words) => {
    const declared = new Map([
      ['Acme PBX', { type: 'endpoint' as const, endpoints: [{ name: 'acme-main', hostname: '203.0.113.10:5060' }] }],
      ['BW', { type: 'carrier' as const, endpoints: [] }],
    ]);
    expect(gwlistWords(`#${JSON.stringify(name)}`, undefined, declared)).toBe(words);
  });

  it('escapes a name as JSON, so a quote or a newline in it cannot break the line', () => {
    const inv = inventoryOf([{ gwgroupid: 3, name: 'A "B"\nC', type: 'carrier', gwids: ['1'] }]);
    expect(gwlistWords('#3', inv)).toBe('carrier group "A \\"B\\"\\nC" (#3)');
  });

  it('gatewayLabelsOf pairs each endpoint of a carrier group read in full with its gateway id', () => {
    const labels = gatewayLabelsOf([
      {
        gwgroupid: 5,
        gwids: [61, 62],
        name: 'BW',
        lb_enabled: false,
        endpoints: [
          { name: 'east', hostname: '198.51.100.1', strip: 0, prefix: '', weight: 1 },
          { name: 'west', hostname: '198.51.100.2:5080', strip: 0, prefix: '', weight: 1 },
        ],
      },
    ]);
    expect(labels).toEqual([
      { gwid: 61, name: 'east', address: '198.51.100.1' },
      { gwid: 62, name: 'west', address: '198.51.100.2:5080' },
    ]);
  });
});

describe('routeCall names the gateways of its decision', () => {
  it('a routed decision carries gwlist_words beside gwlist, and the step names the group and its gateways', () => {
    const set = rules([{ did: '1555', servers: ['66', '67'] }], [{ name: 'US', prefix: '1', gwgroupid: '5' }], NAMED);
    const inbound = routeCall(set, { direction: 'inbound', from: '', to: '15551230001', at: MONDAY_10 });
    expect(inbound).toMatchObject({ gwlist: '66,67', gwlist_words: 'gateways "pbx-a" 10.0.0.5:5060 (66), 10.0.0.6 (67)' });
    const outbound = routeCall(set, { direction: 'outbound', from: '', to: '1212', at: MONDAY_10 });
    expect(outbound).toMatchObject({ gwlist: '#5', gwlist_words: 'carrier group "BW" (#5)' });
    expect(outbound.steps).toContain('sends to carrier group "BW" (#5): gateway "bw-east" 198.51.100.1:5060 (61)');
    // The JSON keeps the id first, the words right after it.
    expect(Object.keys(outbound).slice(5, 8)).toEqual(['rule', 'gwlist', 'gwlist_words']);
  });

  it('each outcome of an ambiguous decision carries its words', () => {
    const set = rules(
      [],
      [
        { name: 'A', prefix: '33', gwgroupid: '5' },
        { name: 'B', prefix: '33', gwgroupid: '7' },
      ],
      NAMED,
    );
    const d = routeCall(set, { direction: 'outbound', from: '', to: '33123', at: MONDAY_10 });
    expect(d.result).toBe('ambiguous');
    expect(d.outcomes?.map((o) => o.gwlist_words)).toEqual([
      'carrier group "BW" (#5)',
      'endpoint group "PBXs" (#7): endpoints "pbx-a" 10.0.0.5 (66), 10.0.0.6 (67)',
    ]);
  });

  it('the tied LCR candidates carry the words of the rule that would route them', () => {
    // "15-44" and "1-444" have one length: a call from 155 to 4441 meets both at one distance.
    const set = rules(
      [],
      [
        { name: 'A', prefix: '44', from_prefix: '15', gwgroupid: '5' },
        { name: 'B', prefix: '444', from_prefix: '1', gwgroupid: '7' },
      ],
      NAMED,
    );
    const d = routeCall(set, { direction: 'outbound', from: '155', to: '4441', at: MONDAY_10 });
    expect(d.result).toBe('ambiguous');
    expect(d.outcomes?.map((o) => `${o.candidate.key}: ${o.gwlist_words}`)).toEqual([
      'A: carrier group "BW" (#5)',
      'B: endpoint group "PBXs" (#7): endpoints "pbx-a" 10.0.0.5 (66), 10.0.0.6 (67)',
    ]);
  });

  it('without the groups (the files alone) a decision has no words and its steps are as before', () => {
    const set = rules([], [{ name: 'US', prefix: '1', gwgroupid: '5' }]);
    const d = routeCall(set, { direction: 'outbound', from: '', to: '1212', at: MONDAY_10 });
    expect('gwlist_words' in d).toBe(false);
    expect(describeGateways('#5', GROUPS_ONLY)[0]).toBe('sends to carrier group "BW" (#5): gateway 61');
  });
});
