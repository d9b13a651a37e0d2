import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/model/desired.js';
import type { GatewayGroup } from '../../src/model/group.js';
import type { LiveState } from '../../src/model/live.js';
import type { Change, PlanResult } from '../../src/index.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { needsGroups, resolveGroupNames } from '../../src/plan/resolve-groups.js';
import { PROXY_DROPS } from '../../src/model/dropped-rule.js';
import { danglingReferences } from '../../src/plan/check-refs.js';
import { desired, dm, dr, lm, lr } from './builders.js';

const at = { file: 'a.yaml', line: 3, col: 5 };
const g = (gwgroupid: number, name: string, gwids: string[] = ['1'], type: GatewayGroup['type'] = 'carrier'): GatewayGroup => ({
  gwgroupid,
  name,
  type,
  gwids,
});
const GROUPS: GatewayGroup[] = [
  g(5, 'Carrier A', ['1', '2']),
  g(6, 'Carrier B', ['3']),
  g(7, 'Empty', []),
  g(12, 'Shared', ['4'], 'endpoint'),
  g(13, 'Shared', ['5']),
  g(20, 'PBX', ['9'], 'endpoint'),
];
const byName = (did: string, group: string) => ({ ...dm(did, []), group, origin: at });
const routeByName = (name: string, carrier_group: string) => ({ ...dr(name, '1', { gwgroupid: '' }), carrier_group, origin: at });
const withGroups = (d: DesiredState, carrier_groups: string[]): DesiredState => ({
  ...d,
  carrier_groups: carrier_groups.map((name) => ({
    name,
    lb_enabled: false,
    endpoints: [{ name: 'e', hostname: 'h:5060', strip: 0, prefix: '', weight: 1 }],
  })),
});
const plan = (d: DesiredState, live: LiveState, allowDangling = false): PlanResult =>
  buildPlan({ desired: d, live: { groups: GROUPS, ...live }, target: 't', now: 0, allowDangling });
const messages = (r: PlanResult): string[] => (r.ok ? [] : r.issues.map((i) => `${i.origin ? 'a.yaml:3:5: ' : ''}${i.message}`));

describe('resolving names (plan/resolve-groups.ts)', () => {
  it.each([
    ['a carrier group by name', byName('1', 'Carrier A'), ['#5']],
    ['an endpoint group by name', byName('1', 'PBX'), ['#20']],
    ['a name only these files declare: known after apply', byName('1', 'New carrier'), []],
  ])('%s', (_case, mapping, servers) => {
    const r = resolveGroupNames(withGroups(desired({ inbound_mappings: [mapping] }), ['New carrier']), GROUPS);
    expect(r.issues).toEqual([]);
    expect(r.desired.inbound_mappings?.[0]).toMatchObject({ servers, group: mapping.group });
  });

  it('resolves a route carrier_group to its gwgroupid, only among carrier groups', () => {
    const r = resolveGroupNames(desired({ outbound_routes: [routeByName('r', 'Carrier B'), routeByName('s', 'Shared')] }), GROUPS);
    expect(r.issues).toEqual([]);
    expect(r.desired.outbound_routes?.map((x) => x.gwgroupid)).toEqual(['6', '13']);
  });

  it.each([
    [
      'an unknown name, with the candidates',
      byName('15551230001', 'Carier A'),
      'inbound mapping "15551230001": no group is named "Carier A"',
      'the groups are: "Carrier A" (#5), "Carrier B" (#6), "Empty" (#7), "Shared" (#12, #13), "PBX" (#20); names are matched exactly (case and spaces)',
    ],
    [
      'a name two live groups share',
      byName('15551230001', 'Shared'),
      'inbound mapping "15551230001": group "Shared" matches 2 groups: #12 (endpoint), #13 (carrier)',
      'refer to one by id instead, e.g. servers: ["#12"], or rename one of the groups',
    ],
  ])('%s is an issue at the entry', (_case, mapping, message, hint) => {
    const r = resolveGroupNames(desired({ inbound_mappings: [mapping] }), GROUPS);
    expect(r.issues).toEqual([{ message, hint, origin: at }]);
  });

  it('a route naming an endpoint group finds no carrier group of that name', () => {
    const r = resolveGroupNames(desired({ outbound_routes: [routeByName('r', 'PBX')] }), GROUPS);
    expect(r.issues.map((i) => i.message)).toEqual(['outbound route "r": no carrier group is named "PBX"']);
  });

  it('names without the groups read is an issue, not a silent pass', () => {
    const r = resolveGroupNames(desired({ inbound_mappings: [byName('1', 'Carrier A')] }), undefined);
    expect(r.issues[0]?.message).toBe("the files refer to groups by name, but the platform's groups were not read");
  });

  it.each([
    ['names', desired({ inbound_mappings: [byName('1', 'A')] }), true, true],
    ['numbers only', desired({ inbound_mappings: [dm('1', ['#5'])] }), false, true],
    ['numbers only, --allow-dangling', desired({ inbound_mappings: [dm('1', ['#5'])] }), true, false],
    ['no rules', desired({}), false, false],
    ['declared carrier groups', withGroups(desired({}), ['X']), true, true],
  ])('needs the groups read: %s', (_case, d, allow, expected) => {
    expect(needsGroups(d, allow)).toBe(expected);
  });
});

describe('numeric references checked (plan/check-refs.ts)', () => {
  it.each([
    ['an existing group with gateways', dm('1', ['#5']), []],
    ['a gateway a group holds', dm('1', ['3', '#6']), []],
    ['an unknown group', dm('1', ['#99']), ['inbound mapping "1": servers name group 99, which does not exist on the platform']],
    ['an empty group', dm('1', ['#7']), ['inbound mapping "1": servers name carrier group 7 ("Empty"), which holds no gateways']],
    [
      'a gateway no group holds',
      dm('1', ['5', '66']),
      [
        'inbound mapping "1": servers name gateway 66, which no carrier or endpoint group holds: the proxy drops the rule when no such gateway exists (the platform\'s API lists gateways only through their groups, so a gateway outside every group cannot be seen and counts as missing)',
      ],
    ],
  ])('%s', (_case, mapping, expected) => {
    const found = danglingReferences(desired({ inbound_mappings: [mapping] }), GROUPS, new Set());
    expect(found.map((i) => i.message)).toEqual(expected.map((m) => (m.includes(PROXY_DROPS) ? m : `${m}: ${PROXY_DROPS}`)));
  });

  it('a group this plan deletes is dangling; its gateways go with it', () => {
    const found = danglingReferences(desired({ inbound_mappings: [dm('1', ['#5']), dm('2', ['1'])] }), GROUPS, new Set([5]));
    expect(found.map((i) => i.message)).toEqual([
      'inbound mapping "1": servers name carrier group 5 ("Carrier A"), which this plan deletes: the proxy drops the rule',
      'inbound mapping "2": servers name gateway 1, which only carrier group 5 ("Carrier A") holds, and this plan deletes it: the proxy drops the rule',
    ]);
  });

  it('a route gwgroupid to no group, at the entry, with the hint', () => {
    const r = plan(desired({ outbound_routes: [{ ...dr('r', '1', { gwgroupid: '42' }), origin: at }] }), {});
    expect(r.ok ? [] : r.issues).toEqual([
      {
        message: 'outbound route "r": gwgroupid names group 42, which does not exist on the platform: the proxy drops the rule',
        hint: 'refer to a group that exists and holds gateways (by id, or by name with group:/carrier_group:); if the group or gateway is made outside dsipform later on purpose, plan with --allow-dangling',
        origin: at,
      },
    ]);
  });
});

describe('the plan', () => {
  it('a name resolving to the id the live rule has is no change', () => {
    const r = plan(desired({ inbound_mappings: [byName('1', 'Carrier A')], outbound_routes: [routeByName('r', 'Carrier B')] }), {
      inbound_mappings: [lm(1, '1', ['#5'])],
      outbound_routes: [lr(2, 'r', '1', { gwgroupid: '6' })],
    });
    expect(r.ok && r.plan.changes).toEqual([]);
  });

  it('a create carries the name beside the id; a group created by this plan is known after apply', () => {
    const r = plan(withGroups(desired({ inbound_mappings: [byName('1', 'Carrier A'), byName('2', 'New')] }), ['New']), {
      inbound_mappings: [],
    });
    const changes = r.ok ? r.plan.changes : [];
    // Carrier groups are their own stage, first: the group "New" exists before a mapping refers to it.
    expect(changes.map((c: Change) => [c.kind, c.action, c.key])).toEqual([
      ['carrier_group', 'create', 'New'],
      ['inbound_mapping', 'create', '1'],
      ['inbound_mapping', 'create', '2'],
    ]);
    const after = changes.filter((c: Change) => c.kind === 'inbound_mapping').map((c: Change) => ('after' in c ? c.after : null));
    expect(after).toEqual([
      { did: '1', servers: ['#5'], notes: '', group: 'Carrier A' },
      { did: '2', servers: [], notes: '', group: 'New' },
    ]);
  });

  it('every issue at once: an unknown name and a dangling id', () => {
    const r = plan(desired({ inbound_mappings: [byName('1', 'Nope'), { ...dm('2', ['#99']), origin: at }] }), { inbound_mappings: [] });
    expect(messages(r)).toEqual([
      'a.yaml:3:5: inbound mapping "1": no group is named "Nope"',
      'a.yaml:3:5: inbound mapping "2": servers name group 99, which does not exist on the platform: the proxy drops the rule',
    ]);
  });

  it('--allow-dangling makes a dangling reference a warning among the notes', () => {
    const r = plan(desired({ inbound_mappings: [{ ...dm('2', ['#99']), origin: at }] }), { inbound_mappings: [] }, true);
    expect(r.ok && r.plan.notes).toEqual([
      'Warning (allowed by --allow-dangling): a.yaml:3:5: inbound mapping "2": servers name group 99, which does not exist on the platform: the proxy drops the rule.',
    ]);
  });

  it('nothing is checked when the groups were not read', () => {
    const r = buildPlan({ desired: desired({ inbound_mappings: [dm('2', ['#99'])] }), live: {}, target: 't', now: 0 });
    expect(r.ok).toBe(true);
  });
});
