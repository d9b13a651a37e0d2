import { describe, expect, it } from 'vitest';
import { droppedFor, inventoryLookup } from '../../src/model/dropped-rule.js';
import { describeGateways } from '../../src/routing/words.js';

/*
 * Words a newcomer stumbled on: one gateway is "gateway 61", not "gateways 61"; several are
 * "gateways 66, 67", not "gateway 66, 67".
 */

const inventory = {
  gateways: new Set(['61', '66', '67']),
  lists: new Map([
    ['5', ['61']],
    ['6', ['66', '67']],
  ]),
};

describe('one gateway, several gateways', () => {
  it.each([
    ['a group of one gateway', '#5', 'sends to group #5: gateway 61'],
    ['a group of two gateways', '#6', 'sends to group #6: gateways 66, 67'],
    ['one gateway id', '61', 'sends to gateway 61'],
    ['two gateway ids', '66,67', 'sends to gateways 66, 67'],
  ])('dsipform route: %s', (_case, gwlist, first) => {
    expect(describeGateways(gwlist, inventory)[0]).toBe(first);
  });

  it.each([
    ['one missing gateway', ['99'], true, 'servers name gateway 99, which does not exist on the platform'],
    ['two missing gateways', ['98', '99'], true, 'servers name gateways 98, 99, which do not exist on the platform'],
    ['two gateways no group holds', ['98', '99'], false, 'servers name gateways 98, 99, which no carrier or endpoint group holds'],
  ])('the proxy drops the rule: %s', (_case, servers, all, start) => {
    const lookup = inventoryLookup({ ...inventory, allGateways: all });
    const why = droppedFor(servers, { list: 'servers', shown: JSON.stringify(servers) }, lookup);
    expect(why?.reason.startsWith(start), why?.reason).toBe(true);
  });
});
