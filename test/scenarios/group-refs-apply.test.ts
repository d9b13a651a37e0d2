import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/apply/apply-plan.js';
import { readLive } from '../../src/apply/read-live.js';
import type { DesiredState } from '../../src/model/desired.js';
import { DEFAULT_POLICY } from '../../src/model/desired.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { needsGroups } from '../../src/plan/resolve-groups.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { scenario } from '../helpers/scenario.js';

/** Files that name a carrier group they also declare (not live yet): its id is known after apply. */
const DESIRED: DesiredState = {
  inbound_mappings: [{ did: '1', servers: [], notes: '', group: 'New carrier' }],
  outbound_routes: [
    { name: 'r', prefix: '1', from_prefix: null, gwgroupid: '', priority: 0, timerec: '', routeid: '', carrier_group: 'New carrier' },
  ],
  carrier_groups: [
    { name: 'New carrier', lb_enabled: false, endpoints: [{ name: 'gw', hostname: '198.51.100.9:5060', strip: 0, prefix: '', weight: 1 }] },
  ],
  policy: { ...DEFAULT_POLICY, ignore: { ...DEFAULT_POLICY.ignore, outbound_routes: ['Default*'] } },
  files: ['p.yaml'],
};

describe('rules naming a carrier group the same apply creates', () => {
  it('plan them with the id known after apply, and apply them with the id the group got (createdGroups)', async () => {
    const { client } = await emulatorFixture();
    const live = await readLive(client, ['inbound_mappings', 'outbound_routes'], undefined, { groups: needsGroups(DESIRED) });
    const made = buildPlan({ desired: DESIRED, live, target: 't', now: 0 });
    if (!made.ok) throw new Error(made.issues.map((i) => i.message).join('\n'));
    const rules = made.plan.changes.filter((c) => c.kind === 'inbound_mapping' || c.kind === 'outbound_route');
    expect(rules.map((c) => ('after' in c ? c.after : null))).toEqual([
      { did: '1', servers: [], notes: '', group: 'New carrier' },
      { name: 'r', prefix: '1', from_prefix: null, gwgroupid: '', priority: 0, timerec: '', routeid: '', carrier_group: 'New carrier' },
    ]);
    const text = renderPlanText(made.plan, { color: false });
    expect(text).toMatch(/\+ servers: +\(known after apply\) \(New carrier\)/);
    expect(text).toMatch(/\+ gwgroupid: +\(known after apply\) \(New carrier\)/);
    // What the carrier-group executor does when it creates the group: record its id by name.
    const id = await client.createCarrierGroup(DESIRED.carrier_groups![0]!);
    const rulesOnly = { ...made.plan, changes: rules };
    const report = await applyPlan(rulesOnly, client, { createdGroups: new Map([['New carrier', id]]), reload: false });
    expect(report.counts).toEqual({ applied: 2, failed: 0, not_attempted: 0 });
    expect((await client.listInboundMappings()).map((m) => m.servers)).toEqual([[`#${id}`]]);
    expect((await client.listOutboundRoutes()).find((r) => r.name === 'r')?.gwgroupid).toBe(String(id));
  });

  it('fail with APPLY_GROUP_NOT_CREATED when the group was not created', async () => {
    const { client } = await emulatorFixture();
    const live = await readLive(client, ['inbound_mappings'], undefined, { groups: true });
    const { outbound_routes: _routes, ...mappingsOnly } = DESIRED;
    const made = buildPlan({ desired: mappingsOnly, live, target: 't', now: 0 });
    if (!made.ok) throw new Error(made.issues.map((i) => i.message).join('\n'));
    const rules = made.plan.changes.filter((c) => c.kind === 'inbound_mapping');
    const report = await applyPlan({ ...made.plan, changes: rules }, client, { reload: false });
    expect(report.outcomes[0]).toMatchObject({
      status: 'failed',
      error: {
        code: 'APPLY_GROUP_NOT_CREATED',
        message: 'inbound mapping "1" refers to the carrier group "New carrier", which this apply was to create, but it was not created',
      },
    });
    expect(await client.listInboundMappings()).toEqual([]);
  });
});

describe('moving rules by name to a carrier group the same apply creates (the CLI, routing impact)', () => {
  const files = (group: string) => `version: 1
carrier_groups:
  - name: Old carrier
    endpoints: [{ name: o1, hostname: 198.51.100.1 }]
${group === 'New carrier' ? '  - name: New carrier\n    endpoints: [{ name: n1, hostname: 198.51.100.2 }]\n' : ''}inbound_mappings:
  - did: "15551230001"
    group: ${group}
outbound_routes:
  - name: UK
    prefix: "44"
    carrier_group: ${group}
`;

  it('is not refused as unrouting: the plan shows the calls going to the new group, and apply points the rules at its id', async () => {
    const s = await scenario({ empty: true });
    await s.converge([s.file('a.yaml', files('Old carrier'))]);
    const path = s.file('a.yaml', files('New carrier'));
    const plan = await s.run(['plan', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('Routing impact');
    expect(plan.stdout).toMatch(/15551230001.*carrier group "Old carrier" \(#\d+\) → carrier group "New carrier" \(id known after apply\)/);
    expect(plan.stdout).toMatch(/44.*carrier group "Old carrier" \(#\d+\) → carrier group "New carrier" \(id known after apply\)/);
    // No unrouting finding (the current profile's replace note says a DID is "briefly unrouted": not a finding).
    expect(plan.stdout + plan.stderr).not.toMatch(/Routed them before|allow_unrouting|PLAN_UNROUTING/);
    await s.converge([path]);
    const id = (await s.client.listCarrierGroups()).find((g) => g.name === 'New carrier')!.gwgroupid;
    expect((await s.client.listInboundMappings()).map((m) => m.servers)).toEqual([[`#${id}`]]);
    expect((await s.client.listOutboundRoutes()).find((r) => r.name === 'UK')?.gwgroupid).toBe(String(id));
  });
});
