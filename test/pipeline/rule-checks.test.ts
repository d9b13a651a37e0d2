import { describe, expect, it } from 'vitest';
import type { DesiredMapping, DesiredRoute } from '../../src/model/desired.js';
import type { GatewayGroup } from '../../src/model/group.js';
import { checkRule } from '../../src/pipeline/rule-checks.js';

// The checks of one rule the Terraform provider makes at plan (issue 27): the pipeline's own
// reference check and the lints of a rule alone, with whether each stops the plan.
const GROUPS: GatewayGroup[] = [
  { gwgroupid: 5, name: 'Carrier A', type: 'carrier', gwids: ['66', '67'] },
  { gwgroupid: 7, name: 'Empty', type: 'carrier', gwids: [] },
  { gwgroupid: 9, name: 'Office', type: 'endpoint', gwids: ['90'] },
];
const mapping = (servers: string[], extra: Partial<DesiredMapping> = {}) => ({
  mapping: { did: '15551230001', servers, notes: '', ...extra },
});
const route = (gwgroupid: string, extra: Partial<DesiredRoute> = {}) => ({
  route: { name: 'UK', prefix: '44', from_prefix: null, gwgroupid, priority: 0, timerec: '', routeid: '', ...extra },
});
const said = (rule: Parameters<typeof checkRule>[0], options: Parameters<typeof checkRule>[1] = { groups: GROUPS }) =>
  checkRule(rule, options).map((c) => [c.code, c.field, c.blocks, c.message]);

describe('checkRule: the pipeline checks of one rule', () => {
  it.each([
    ['gateways of a group', mapping(['66', '67']), []],
    ['a group with gateways', mapping(['#9']), []],
    [
      'a gateway no group holds',
      mapping(['99']),
      [
        [
          'dangling',
          'gateways',
          true,
          expect.stringMatching(/^inbound mapping "15551230001": servers name gateway 99, which no carrier or endpoint group holds/),
        ],
      ],
    ],
    [
      'a group that does not exist',
      route('999'),
      [
        [
          'dangling',
          'gateways',
          true,
          'outbound route "UK": gwgroupid names group 999, which does not exist on the platform: the proxy drops the rule',
        ],
      ],
    ],
    [
      'a group without gateways',
      route('#7'),
      [
        [
          'dangling',
          'gateways',
          true,
          'outbound route "UK": gwgroupid names carrier group 7 ("Empty"), which holds no gateways: the proxy drops the rule',
        ],
      ],
    ],
    [
      'a group by name, without gateways',
      route('7', { carrier_group: 'Empty' }),
      [['dangling', 'gateways', true, expect.stringContaining('outbound route "UK": carrier_group "Empty" names carrier group 7')]],
    ],
    [
      'a negative priority',
      route('5', { priority: -1 }),
      [['negative_priority', 'priority', false, expect.stringContaining('has priority -1: the proxy holds priority unsigned')]],
    ],
    [
      'a bymonth the proxy counts from 0',
      route('5', { timerec: '20270101T000000|PT23H|daily|||||||2' }),
      [['bymonth_from_zero', 'timerec', false, expect.stringContaining('bymonth 2 matches March on the proxy')]],
    ],
  ])('%s', (_, rule, expected) => {
    expect(said(rule)).toEqual(expected);
  });

  it('lets a dangling reference through with allowDangling: the same words, not stopping', () => {
    expect(said(route('999'), { groups: GROUPS, allowDangling: true })).toEqual([
      ['dangling', 'gateways', false, expect.stringContaining('gwgroupid names group 999')],
    ]);
  });

  it('judges a carrier group with the gateways its planned change leaves it, and no reference without the groups', () => {
    expect(said(route('5'), { groups: GROUPS, declared: new Map([['Carrier A', 0]]) })).toEqual([
      ['dangling', 'gateways', true, expect.stringContaining('which holds no gateways')],
    ]);
    expect(said(route('7'), { declared: new Map([['Empty', 2]]), groups: GROUPS })).toEqual([]);
    expect(said(route('999'), {})).toEqual([]);
  });
});
