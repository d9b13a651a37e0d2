import { describe, expect, it } from 'vitest';
import { loadRules } from '../../src/routing/load.js';
import { routeCall } from '../../src/routing/match.js';
import { inventoryOf } from '../../src/routing/rule-set.js';
import type { GatewayInventory } from '../../src/routing/types.js';
import { inbound, rules } from './build.js';

const GROUPS = [
  { gwgroupid: 5, name: 'carrier', type: 'carrier' as const, gwids: ['1', '2'] },
  { gwgroupid: 6, name: 'pbx', type: 'endpoint' as const, gwids: ['66'] },
];
/** What `route --live` and `test --live` know: the groups, read through the API (it lists no gateway outside a group). */
const GROUPS_ONLY = inventoryOf(GROUPS);
/** Every gateway known (a gateway 70 that no group holds among them). */
const EVERY_GATEWAY = inventoryOf(GROUPS, ['1', '2', '66', '70']);

/**
 * A plain gateway id that does not exist makes the proxy drop the rule (drouting's build_rt_info
 * fails), so calls fall to a shorter prefix.
 */
describe('a plain gateway id that does not exist', () => {
  it.each<[string, string[], GatewayInventory | undefined, string | null]>([
    ['a gateway of a group: kept', ['66'], GROUPS_ONLY, null],
    ['two gateways of groups: kept', ['1', '66'], GROUPS_ONLY, null],
    [
      'a gateway no group holds, the groups alone known: dropped, saying what the API cannot show',
      ['99'],
      GROUPS_ONLY,
      "servers name gateway 99, which no carrier or endpoint group holds: the proxy drops the rule when no such gateway exists (the platform's API lists gateways only through their groups, so a gateway outside every group cannot be seen and counts as missing)",
    ],
    ['one of two missing', ['1', '99'], GROUPS_ONLY, 'servers name gateway 99, which no carrier or endpoint group holds'],
    ['every gateway known: one outside every group is kept', ['70'], EVERY_GATEWAY, null],
    [
      'every gateway known: a missing one is dropped',
      ['99'],
      EVERY_GATEWAY,
      'servers name gateway 99, which does not exist on the platform: the proxy drops the rule',
    ],
    ['nothing known (the files alone): not judged', ['99'], undefined, null],
  ])('%s', (_name, servers, inventory, reason) => {
    const { kept, dropped } = loadRules(rules([{ did: '1555', servers }], [], inventory));
    if (reason === null) {
      expect(dropped).toEqual([]);
      expect(kept).toHaveLength(1);
    } else {
      expect(kept).toEqual([]);
      expect(dropped[0]?.reason).toContain(reason);
    }
  });

  it('the call falls to a shorter prefix, and the steps say why the longer rule is not there', () => {
    const set = rules(
      [
        { did: '1555', servers: ['99'] },
        { did: '15', servers: ['66'] },
      ],
      [],
      GROUPS_ONLY,
    );
    const d = routeCall(set, inbound('15551230001'));
    expect(d.result).toBe('routed');
    expect(d.rule?.key).toBe('15');
    expect(d.steps.join('\n')).toContain('mapping "1555" is not loaded: servers name gateway 99, which no carrier or endpoint group holds');
  });
});
