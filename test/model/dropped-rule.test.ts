import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { droppedFor, groupsLookup, PROXY_DROPS, type ListWords } from '../../src/model/dropped-rule.js';
import type { GatewayGroup } from '../../src/model/group.js';
import { serverListProblem } from '../../src/model/rules.js';
import { danglingReferences } from '../../src/plan/check-refs.js';
import { gwlistProblem } from '../../src/routing/load.js';
import { inventoryOf } from '../../src/routing/rule-set.js';
import type { RoutingRule } from '../../src/routing/types.js';
import { desired } from '../plan/builders.js';

/** Issue 27: "the proxy drops the rule" is decided once (model/dropped-rule.ts) and said once. */
const GROUPS: GatewayGroup[] = [
  { gwgroupid: 5, name: 'Carrier A', type: 'carrier', gwids: ['1', '2'] },
  { gwgroupid: 6, name: 'Empty', type: 'carrier', gwids: [] },
  { gwgroupid: 8, name: 'PBX', type: 'endpoint', gwids: ['3'] },
];
const lookup = groupsLookup(GROUPS, new Set([8]));
const servers = (shown: string): ListWords => ({ list: 'servers', shown });

describe('droppedFor: one decision, one wording', () => {
  it.each<[string, string[], ListWords, string | null]>([
    ['two gateways', ['1', '2'], servers('["1", "2"]'), null],
    ['one group with gateways', ['#5'], servers('["#5"]'), null],
    ['empty', [''], servers('""'), 'servers are empty'],
    ['two groups', ['#5', '#6'], servers('["#5", "#6"]'), 'servers hold two group references (["#5", "#6"])'],
    ['mixed', ['1', '#5'], servers('["1", "#5"]'), 'servers mix a gateway id and a group reference (["1", "#5"])'],
    ['an empty entry', ['1', ''], servers('"1,"'), 'servers hold an empty entry ("1,")'],
    ['not an id', ['gw'], servers('"gw"'), 'servers entry "gw" is not a gateway id'],
    ['a missing group', ['#99'], servers('["#99"]'), 'servers name group 99, which does not exist on the platform'],
    ['an empty group', ['#6'], servers('["#6"]'), 'servers name carrier group 6 ("Empty"), which holds no gateways'],
    ['a deleted group', ['#8'], servers('["#8"]'), 'servers name endpoint group 8 ("PBX"), which this plan deletes'],
    [
      'a gateway only a deleted group holds',
      ['3'],
      servers('["3"]'),
      'servers name gateway 3, which only endpoint group 8 ("PBX") holds, and this plan deletes it',
    ],
    [
      'a route to a missing group',
      ['#42'],
      { list: 'gwgroupid', shown: '"42"' },
      'gwgroupid names group 42, which does not exist on the platform',
    ],
    [
      'a reference by name',
      ['#6'],
      { list: 'gwgroupid', subject: 'carrier_group "Empty"', shown: '"6"' },
      'carrier_group "Empty" names carrier group 6 ("Empty"), which holds no gateways',
    ],
  ])('%s', (_case, entries, words, expected) => {
    const why = droppedFor(entries, words, lookup);
    if (expected === null) expect(why).toBeNull();
    else expect(why?.reason).toBe(`${expected}: ${PROXY_DROPS}`);
  });

  it('a gateway no group holds says it cannot be told from a missing one', () => {
    expect(droppedFor(['77'], servers('["77"]'), lookup)?.reason).toBe(
      `servers name gateway 77, which no carrier or endpoint group holds: ${PROXY_DROPS} when no such gateway exists (the platform's API lists gateways only through their groups, so a gateway outside every group cannot be seen and counts as missing)`,
    );
  });

  it('every reason says "the proxy drops the rule", whatever the list and the platform', () => {
    const entry = fc.oneof(fc.constantFrom('', '1', '2', '3', '77', 'gw'), fc.constantFrom('#5', '#6', '#8', '#99'));
    fc.assert(
      fc.property(fc.array(entry, { minLength: 0, maxLength: 3 }), fc.boolean(), (entries, known) => {
        const why = droppedFor(entries, servers(JSON.stringify(entries)), known ? lookup : undefined);
        if (why !== null) expect(why.reason).toContain(`: ${PROXY_DROPS}`);
      }),
    );
  });
});

describe('the callers say the same thing', () => {
  it('validate, the routing loader and the plan word a mixed list and a missing group alike', () => {
    const rule = (gwlist: string): RoutingRule => ({
      kind: 'inbound_mapping',
      key: '1',
      groupid: 9000,
      prefix: '1',
      priority: 0,
      timerec: '',
      gwlist,
    });
    const loader = (gwlist: string) => gwlistProblem(rule(gwlist), inventoryOf(GROUPS))?.reason;
    expect(serverListProblem(['1', '#5'])).toBe(`servers mix a gateway id and a group reference (["1", "#5"]): ${PROXY_DROPS}`);
    expect(loader('1,#5')).toBe(`servers mix a gateway id and a group reference ("1,#5"): ${PROXY_DROPS}`);
    const plan = danglingReferences(desired({ inbound_mappings: [{ did: '1', servers: ['#99'], notes: '' }] }), GROUPS, new Set());
    expect(plan.map((i) => i.message)).toEqual([
      `inbound mapping "1": servers name group 99, which does not exist on the platform: ${PROXY_DROPS}`,
    ]);
    expect(loader('#99')).toBe(`servers name group 99, which does not exist on the platform: ${PROXY_DROPS}`);
  });
});

describe('serverListProblem remembers the lists it found sound', () => {
  // A big file repeats a few lists across thousands of mappings: a list judged sound is not judged again.
  const entry = fc.oneof(fc.constantFrom('66', '67', '#22', '#5', '', ' ', 'gw', '1\u00002', '1,2'), fc.string({ maxLength: 4 }));
  const list = fc.array(entry, { minLength: 1, maxLength: 3 });
  const judged = (s: readonly string[]) => droppedFor(s, { list: 'servers', shown: `[${s.map((x) => JSON.stringify(x)).join(', ')}]` });

  it('answers as droppedFor does, whatever was asked before', () => {
    fc.assert(
      fc.property(fc.array(list, { minLength: 1, maxLength: 20 }), (lists) => {
        for (const s of lists) expect(serverListProblem(s)).toBe(judged(s)?.reason ?? null);
      }),
      { numRuns: 300 },
    );
  });

  it('a list that joins to the text of a sound one is still judged', () => {
    expect(serverListProblem(['66', '67'])).toBeNull();
    expect(serverListProblem(['66\u000067'])).toBe('servers entry "66\\u000067" is not a gateway id: the proxy drops the rule');
  });

  it("spells the list with the caller's spelling only when the reason quotes it", () => {
    const asked: string[] = [];
    const show = (s: string) => (asked.push(s), `<${s}>`);
    expect(serverListProblem(['23', '24'], show)).toBeNull();
    expect(asked).toEqual([]);
    expect(serverListProblem(['23', '#5'], show)).toBe(
      'servers mix a gateway id and a group reference ([<23>, <#5>]): the proxy drops the rule',
    );
  });
});
