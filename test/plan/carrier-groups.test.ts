import { describe, expect, it } from 'vitest';
import { hostWithPort, normalizeCarrierGroup } from '../../src/model/carrier-group-normalize.js';
import type { CarrierGroup } from '../../src/model/carrier-group.js';
import type { DesiredCarrierGroup, DesiredState } from '../../src/model/desired.js';
import type { LiveState } from '../../src/model/live.js';
import { buildDestroyPlan, buildPlan } from '../../src/plan/build-plan.js';
import { diff } from '../../src/plan/diff.js';
import { orderChanges } from '../../src/plan/order.js';
import { desired, dm, dr, lm, lr } from './builders.js';

const ep = (name: string, hostname: string, more: Partial<{ strip: number; prefix: string; weight: number }> = {}) => ({
  name,
  hostname,
  strip: 0,
  prefix: '',
  weight: 1,
  ...more,
});
const dg = (
  name: string,
  endpoints = [ep('gw1', 'gw1.example.com:5060')],
  more: Partial<DesiredCarrierGroup> = {},
): DesiredCarrierGroup => ({
  name,
  lb_enabled: false,
  endpoints,
  ...more,
});
const lg = (
  gwgroupid: number,
  name: string,
  endpoints = [ep('gw1', 'gw1.example.com:5060')],
  more: Partial<CarrierGroup> = {},
): CarrierGroup => ({
  gwgroupid,
  name,
  lb_enabled: false,
  endpoints,
  gwids: endpoints.map((_e, i) => gwgroupid * 100 + i),
  ...more,
});
function withGroups(groups: DesiredCarrierGroup[], rest: Parameters<typeof desired>[0] = {}, ignore: string[] = []): DesiredState {
  const base = desired(rest);
  return { ...base, carrier_groups: groups, policy: { ...base.policy, ignore: { ...base.policy.ignore, carrier_groups: ignore } } };
}

describe('hostWithPort: the platform keeps host:port, adding :5060', () => {
  it.each([
    ['gw.example.com', 'gw.example.com:5060'],
    ['gw.example.com:5060', 'gw.example.com:5060'],
    ['gw.example.com:5080', 'gw.example.com:5080'],
    ['10.0.0.1', '10.0.0.1:5060'],
    ['[2001:db8::1]', '[2001:db8::1]:5060'],
    ['[2001:db8::1]:5070', '[2001:db8::1]:5070'],
    ['2001:db8::1', '[2001:db8::1]:5060'],
  ])('%s → %s', (input, expected) => {
    expect(hostWithPort(input)).toBe(expected);
  });
});

describe('normalizeCarrierGroup', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    [
      'defaults filled',
      { name: 'A', endpoints: [{ name: 'g', hostname: 'h' }] },
      { name: 'A', lb_enabled: false, endpoints: [ep('g', 'h:5060')], unstated: ['lb_enabled', 'auth'] },
    ],
    ['no endpoints', { name: 'A' }, { name: 'A', lb_enabled: false, endpoints: [], unstated: ['lb_enabled', 'auth'] }],
    [
      'auth ip alone is no auth',
      { name: 'A', auth: { type: 'ip' } },
      { name: 'A', lb_enabled: false, endpoints: [], unstated: ['lb_enabled'] },
    ],
    ['auth none is no auth, said', { name: 'A', lb_enabled: true, auth: 'none' }, { name: 'A', lb_enabled: true, endpoints: [] }],
    [
      'auth null is left out',
      { name: 'A', lb_enabled: false, auth: null },
      { name: 'A', lb_enabled: false, endpoints: [], unstated: ['auth'] },
    ],
    [
      'userpwd keeps its fields',
      { name: 'A', auth: { type: 'userpwd', auth_username: 'u', auth_password: 'p' } },
      {
        name: 'A',
        lb_enabled: false,
        endpoints: [],
        auth: { type: 'userpwd', auth_username: 'u', auth_password: 'p' },
        unstated: ['lb_enabled'],
      },
    ],
  ])('%s', (_case, raw, expected) => {
    expect(normalizeCarrierGroup(raw)).toEqual({ value: expected, issues: [] });
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'negative strip',
      { name: 'A', endpoints: [{ name: 'g', hostname: 'h', strip: -1 }] },
      'endpoints[0].strip must be a whole number from 0, not -1',
    ],
    ['empty name', { name: '' }, 'name must not be empty'],
    ['empty hostname', { name: 'A', endpoints: [{ name: 'g', hostname: '' }] }, 'endpoints[0].hostname must not be empty'],
    ['userpwd without password', { name: 'A', auth: { type: 'userpwd' } }, 'auth.auth_password is required when auth.type is "userpwd"'],
  ])('%s is an issue', (_case, raw, message) => {
    expect(normalizeCarrierGroup(raw).issues.map((i) => i.message)).toEqual([message]);
  });
});

function changes(state: DesiredState, live: LiveState): string[] {
  const found = diff(state, live, 0);
  expect(found.issues).toEqual([]);
  return found.changes.map((c) => `${c.action} ${c.key}${'fields' in c && c.action === 'update' ? ` [${c.fields.join(',')}]` : ''}`);
}

describe('diff of carrier groups', () => {
  it.each<[string, DesiredState, LiveState, string[]]>([
    ['created when absent', withGroups([dg('A')]), { carrier_groups: [] }, ['create A']],
    [
      'gw.example.com equals gw.example.com:5060',
      withGroups([dg('A', [ep('gw1', 'gw1.example.com:5060')])]),
      { carrier_groups: [lg(5, 'A', [ep('gw1', 'gw1.example.com')])] },
      [],
    ],
    [
      'endpoint order says nothing',
      withGroups([dg('A', [ep('b', 'b:5060'), ep('a', 'a:5060')])]),
      { carrier_groups: [lg(5, 'A', [ep('a', 'a:5060'), ep('b', 'b:5060')])] },
      [],
    ],
    [
      'a changed or added endpoint is an update',
      withGroups([dg('A', [ep('gw1', 'gw1.example.com:5060', { weight: 3 }), ep('gw2', 'gw2:5060')])]),
      { carrier_groups: [lg(5, 'A')] },
      ['update A [endpoints]'],
    ],
    ['lb_enabled', withGroups([dg('A', undefined, { lb_enabled: true })]), { carrier_groups: [lg(5, 'A')] }, ['update A [lb_enabled]']],
    ['an undeclared live group is deleted', withGroups([]), { carrier_groups: [lg(5, 'Old')] }, ['delete Old']],
    ['unless ignored', withGroups([], {}, ['Ol*']), { carrier_groups: [lg(5, 'Old')] }, []],
    [
      'the password is never compared; auth only when the platform reports it',
      withGroups([
        dg('A', undefined, { auth: { type: 'userpwd', auth_username: 'u', auth_password: 'new', password_env: 'PW' } }),
        dg('B', [], { auth: { type: 'userpwd', auth_username: 'x', password_env: 'PW' } }),
      ]),
      {
        carrier_groups: [
          lg(5, 'A', undefined, { auth: { type: 'userpwd', auth_username: 'u' } }),
          lg(6, 'B', [], { unreadable: ['auth'] }),
        ],
      },
      [],
    ],
    [
      'auth reported and different is an update',
      withGroups([dg('A', undefined, { auth: { type: 'userpwd', auth_username: 'v', password_env: 'PW' } })]),
      { carrier_groups: [lg(5, 'A', undefined, { auth: { type: 'userpwd', auth_username: 'u' } })] },
      ['update A [auth]'],
    ],
  ])('%s', (_case, state, live, expected) => {
    expect(changes(state, live)).toEqual(expected);
  });

  it('two live groups sharing a declared name stop the plan, naming both ids', () => {
    const found = diff(withGroups([dg('A')]), { carrier_groups: [lg(7, 'A'), lg(3, 'A'), lg(9, 'B')] }, 0);
    expect(found.issues.map((i) => i.message)).toEqual([
      'the platform has 2 carrier groups named "A" (gwgroupids 3, 7), so the entry cannot tell which one it means',
    ]);
    expect(found.changes.map((c) => `${c.action} ${c.key}`)).toEqual(['delete B']);
  });

  it('an update carries the gateway ids of the live endpoints, in field order', () => {
    const live = lg(5, 'A', [ep('z', 'z:5060'), ep('a', 'a:5060')], { gwids: [51, 52] });
    const [change] = diff(
      withGroups([dg('A', [ep('a', 'a:5060', { strip: 1 }), ep('z', 'z:5060')])]),
      { carrier_groups: [live] },
      0,
    ).changes;
    expect(change).toMatchObject({ action: 'update', gwgroupid: 5, gwids: [52, 51] });
  });
});

describe('order: carrier groups make before break', () => {
  it('creates and updates groups before rules, deletes them after the rule deletes, and says so', () => {
    const state = withGroups([dg('New'), dg('Changed', [ep('gw1', 'gw1.example.com:5060', { prefix: '9' })])], {
      inbound_mappings: [dm('1', ['#9'])],
      outbound_routes: [dr('R', '1')],
    });
    const live: LiveState = {
      carrier_groups: [lg(5, 'Changed'), lg(6, 'Gone')],
      inbound_mappings: [lm(1, '2')],
      outbound_routes: [lr(2, 'R', '1', { gwgroupid: '6' })],
    };
    const result = orderChanges(diff(state, live, 0).changes);
    expect(result.changes.map((c) => `${c.step} ${c.action} ${c.kind}:${c.key}`)).toEqual([
      '1 update carrier_group:Changed',
      '1 create carrier_group:New',
      '2 create inbound_mapping:1',
      '3 update outbound_route:R',
      '4 delete inbound_mapping:2',
      '5 delete carrier_group:Gone',
    ]);
    const plan = buildPlan({ desired: state, live, target: 't', now: 0 });
    expect(plan.ok && plan.plan.notes).toContain(
      'Make before break: the carrier groups are created or updated before any rule changes, and the carrier group is deleted after the rules that referred to it, so no rule refers to a missing group partway through.',
    );
  });

  it('destroy deletes the declared groups after the rules', () => {
    const state = withGroups([dg('A')], { outbound_routes: [dr('R', '1')] });
    const result = buildDestroyPlan({
      desired: state,
      live: { carrier_groups: [lg(5, 'A'), lg(6, 'Other')], outbound_routes: [lr(2, 'R', '1')] },
      target: 't',
      now: 0,
    });
    expect(result.ok && result.plan.changes.map((c) => `${c.step} ${c.action} ${c.key}`)).toEqual(['1 delete R', '2 delete A']);
  });

  it('protect and the delete limit cover carrier groups', () => {
    const base = withGroups([]);
    const state = { ...base, policy: { ...base.policy, protect: ['carrier_groups' as const] } };
    const result = buildPlan({ desired: state, live: { carrier_groups: [lg(5, 'Old')] }, target: 't', now: 0 });
    expect(result.ok && result.plan.safety.map((f) => f.message)).toEqual([
      'carrier_groups is protected by policy.protect, and the plan deletes 1 of them',
    ]);
  });
});

describe('a plan of carrier groups, as the user reads it', () => {
  const state = withGroups([
    dg('A', [ep('gw1', 'gw1.example.com:5060'), ep('gw2', 'gw2.example.com:5080', { weight: 2 })], {
      auth: { type: 'userpwd', auth_username: 'acme', auth_password: 'pw-VALUE-1', password_env: 'CARRIER_A_PASSWORD' },
    }),
    dg('B', [ep('b1', 'b1.example.com:5060', { strip: 2 })]),
  ]);
  const live: LiveState = { carrier_groups: [lg(5, 'B', [ep('b1', 'b1.example.com')]), lg(6, 'Gone', [])] };

  it('shows the variable the password comes from, never its value, in text, JSON and the saved plan', async () => {
    const { renderPlanText } = await import('../../src/render/plan-text.js');
    const { renderPlanJson } = await import('../../src/render/plan-json.js');
    const { savePlan } = await import('../../src/plan/build-plan.js');
    const result = buildPlan({ desired: state, live, target: 't', now: 0 });
    if (!result.ok) throw new Error('expected a plan');
    const text = renderPlanText(result.plan, { color: false });
    expect(text).toContain('+ auth:       {type: "userpwd", auth_username: "acme", auth_password: (sensitive) from ${CARRIER_A_PASSWORD}}');
    expect(text).toContain('gwgroupid: 5');
    expect(text).toContain(
      '~ endpoints: [{name: "b1", hostname: "b1.example.com:5060", strip: 0, prefix: "", weight: 1}] → [{name: "b1", hostname: "b1.example.com:5060", strip: 2, prefix: "", weight: 1}]',
    );
    for (const out of [text, renderPlanJson(savePlan(result.plan)), JSON.stringify(result.plan)]) expect(out).not.toContain('pw-VALUE-1');
  });

  it('an update that would move an endpoint stops the plan: the load balancer would keep the old address', () => {
    const found = diff(withGroups([dg('B', [ep('b1', 'new:5060')])]), { carrier_groups: [lg(5, 'B', [ep('b1', 'old:5060')])] }, 0);
    expect(found.issues.map((i) => i.message)).toEqual([
      'carrier group "B" (gwgroupid 5) would move endpoint "b1" from old:5060 to new:5060, but the platform\'s carrier-group API changes a gateway\'s address without its load-balancer entry, which keeps sending calls to the old address',
    ]);
  });

  it('an update that would drop an endpoint stops the plan: the API cannot remove a gateway', () => {
    const found = diff(withGroups([dg('B', [ep('b2', 'b2:5060')])]), { carrier_groups: [lg(5, 'B', [ep('b1', 'b1:5060')])] }, 0);
    expect(found.issues.map((i) => i.message)).toEqual([
      'carrier group "B" (gwgroupid 5) would lose endpoint "b1", but the platform\'s carrier-group API cannot remove a gateway from a group',
    ]);
  });

  it('the live checksum covers the groups and never a password', async () => {
    const { liveChecksum } = await import('../../src/plan/live-checksum.js');
    const a = liveChecksum({ carrier_groups: [lg(5, 'B'), lg(6, 'C')] }, ['carrier_groups']);
    expect(liveChecksum({ carrier_groups: [lg(6, 'C'), lg(5, 'B')] }, ['carrier_groups'])).toBe(a);
    expect(liveChecksum({ carrier_groups: [lg(5, 'B', [ep('gw1', 'x:5060')]), lg(6, 'C')] }, ['carrier_groups'])).not.toBe(a);
  });
});
