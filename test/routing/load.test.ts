import { describe, expect, it } from 'vitest';
import { loadRules } from '../../src/routing/load.js';
import { inventoryOf } from '../../src/routing/rule-set.js';
import type { GatewayInventory } from '../../src/routing/types.js';
import { rules } from './build.js';

const INVENTORY = inventoryOf(
  [
    { gwgroupid: 5, name: 'carrier', type: 'carrier', gwids: ['1', '2'] },
    { gwgroupid: 6, name: 'empty', type: 'carrier', gwids: [] },
  ],
  ['1', '2', '66', '67'],
);

describe('loadRules: the rules the proxy drops at load time', () => {
  it.each<[string, string[], GatewayInventory | undefined, string | null]>([
    ['one group reference', ['#5'], undefined, null],
    ['two gateway ids', ['66', '67'], undefined, null],
    ['a gateway id mixed with a group reference', ['66', '#5'], undefined, 'servers mix a gateway id and a group reference ("66,#5")'],
    ['a group reference first, then a gateway id', ['#5', '66'], undefined, 'servers mix a gateway id and a group reference ("#5,66")'],
    ['two group references', ['#5', '#6'], undefined, 'servers hold two group references ("#5,#6")'],
    ['an empty entry', ['66', ''], undefined, 'servers hold an empty entry ("66,")'],
    ['an unknown group, with the inventory known', ['#99'], INVENTORY, 'servers name group 99, which does not exist on the platform'],
    ['an unknown group, without the inventory: assumed to exist', ['#99'], undefined, null],
    ['a group that holds no gateways', ['#6'], INVENTORY, 'servers name group 6, which holds no gateways'],
    ['an unknown gateway', ['66', '68'], INVENTORY, 'servers name gateway 68, which does not exist on the platform'],
    ['known gateways', ['66', '67'], INVENTORY, null],
    ['a known group', ['#5'], INVENTORY, null],
  ])('%s', (_name, servers, inventory, reason) => {
    const { kept, dropped } = loadRules(rules([{ did: '1555', servers }], [], inventory));
    if (reason === null) {
      expect(dropped).toEqual([]);
      expect(kept.map((r) => r.gwlist)).toEqual([servers.join(',')]);
    } else {
      expect(kept).toEqual([]);
      expect(dropped[0]?.reason).toContain(reason);
      expect(dropped[0]?.hint).not.toBe('');
    }
  });

  it.each<[string, string, string, string | null]>([
    ['a prefix with a letter', '44a', '', 'prefix "44a" may contain only the characters 0-9 + # *: the proxy drops the rule'],
    ['a timerec the proxy cannot parse', '44', '20260101T0900|8H', 'timerec "20260101T0900|8H": dtstart'],
    ['a sound route', '44', '20260101T090000|8H|daily', null],
  ])('routes: %s', (_name, prefix, timerec, reason) => {
    const { dropped } = loadRules(rules([], [{ name: 'r', prefix, gwgroupid: '5', timerec }]));
    if (reason === null) expect(dropped).toEqual([]);
    else expect(dropped[0]?.reason).toContain(reason);
  });

  it('plain lists split on , | and ; and check every id', () => {
    const set = rules([], []);
    const rule = { kind: 'inbound_mapping', key: 'x', groupid: 9000, prefix: '1', priority: 0, timerec: '' } as const;
    const load = (gwlist: string) => loadRules({ ...set, rules: [{ ...rule, gwlist }], inventory: INVENTORY }).dropped.map((d) => d.reason);
    expect(load('1|2;66')).toEqual([]);
    expect(load('1|2;68')).toEqual(['servers name gateway 68, which does not exist on the platform: the proxy drops the rule']);
  });

  it('with no gateway at all on the platform, every rule is ignored; with the groups only, a gateway no group holds counts as missing', () => {
    const none = loadRules(rules([{ did: '', servers: ['66'] }], [{ name: 'r', prefix: '', gwgroupid: '5' }], inventoryOf([], [])));
    expect(none.kept).toEqual([]);
    expect(none.dropped.map((d) => d.reason)).toEqual([
      'the platform has no gateway at all: the proxy ignores every rule',
      'the platform has no gateway at all: the proxy ignores every rule',
    ]);
    const groupsOnly = loadRules(
      rules([{ did: '', servers: ['66'] }], [], inventoryOf([{ gwgroupid: 5, name: 'c', type: 'carrier', gwids: ['1'] }])),
    );
    expect(groupsOnly.dropped.map((d) => d.reason)).toEqual([
      "servers name gateway 66, which no carrier or endpoint group holds: the proxy drops the rule when no such gateway exists (the platform's API lists gateways only through their groups, so a gateway outside every group cannot be seen and counts as missing)",
    ]);
    const held = loadRules(
      rules([{ did: '', servers: ['1'] }], [], inventoryOf([{ gwgroupid: 5, name: 'c', type: 'carrier', gwids: ['1'] }])),
    );
    expect(held.dropped).toEqual([]);
  });
});
