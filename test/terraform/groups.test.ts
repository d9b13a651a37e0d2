import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import { createProvider } from '../../src/terraform/provider.js';
import { UNKNOWN, type Diagnostic, type ProviderHandler, type TfObject } from '../../src/terraform/types.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { startReloadFailingProxy } from '../helpers/reload-failing-proxy.js';

/**
 * dsiprouter_carrier_group, the group data sources and the references by name, in process against
 * the real emulator over loopback HTTP: what Terraform gets back from each call.
 */
const PROVIDER_CONFIG = { url: null, token: null, ca_file: null, insecure: null, reload: null, timeout_ms: null, api_profile: null };
const text = (ds: readonly Diagnostic[] | undefined) => (ds ?? []).map((d) => `${d.severity}: ${d.summary}\n${d.detail ?? ''}`).join('\n');

async function setup(): Promise<{ p: ProviderHandler; client: PlatformClient }> {
  const { emu, client } = await emulatorFixture();
  const p = await createProvider({});
  expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
  return { p, client };
}

const endpointConfig = (name: string, hostname: string): TfObject => ({ name, hostname, strip: null, prefix: null, weight: null });
const groupConfig = (name: string, endpoints: TfObject[], over: TfObject = {}): TfObject => ({
  id: null,
  gwgroupid: null,
  ref: null,
  gwids: null,
  name,
  lb_enabled: null,
  endpoint: endpoints,
  auth: null,
  timeouts: null,
  ...over,
});
const routeConfig = (over: TfObject): TfObject => ({
  id: null,
  ruleid: null,
  groupid: null,
  kind: null,
  name: 'R',
  prefix: '44',
  gwgroupid: null,
  carrier_group: null,
  from_prefix: null,
  priority: null,
  timerec: null,
  routeid: null,
  timeouts: null,
  ...over,
});
const mappingConfig = (over: TfObject): TfObject => ({
  id: null,
  ruleid: null,
  did: '15558880001',
  servers: null,
  group: null,
  notes: null,
  timeouts: null,
  ...over,
});

/** Plans and applies a create, as Terraform does. */
async function create(p: ProviderHandler, type: string, config: TfObject) {
  const r = p.resources[type]!;
  const plan = await r.plan({ prior: null, proposed: config, config });
  // A warning that the platform holds changes not live yet (written through the client) is fine.
  expect((plan.diagnostics ?? []).filter((d) => d.severity === 'error')).toEqual([]);
  return r.apply({ prior: null, planned: plan.planned, config });
}

describe('dsiprouter_carrier_group', () => {
  it('creates, reads with no drift (a hostname without port stays so), updates in place, and deletes', async () => {
    const { p, client } = await setup();
    const cg = p.resources.dsiprouter_carrier_group!;
    const config = groupConfig('Acme', [endpointConfig('a', 'sip1.acme.example'), endpointConfig('b', 'sip2.acme.example:5080')]);
    const made = await create(p, 'dsiprouter_carrier_group', config);
    expect(made.diagnostics ?? []).toEqual([]);
    const id = made.state!.gwgroupid as number;
    expect(made.state).toMatchObject({ id: String(id), ref: `#${id}`, gwids: [expect.any(Number), expect.any(Number)] });
    expect((made.state!.endpoint as TfObject[]).map((e) => e.hostname)).toEqual(['sip1.acme.example', 'sip2.acme.example:5080']);
    expect((await cg.read(made.state!)).state).toEqual(made.state);
    expect((await client.getCarrierGroup(id))?.endpoints.map((e) => e.name)).toEqual(['a', 'b']);

    const changed = { ...config, endpoint: [endpointConfig('a', 'sip1.acme.example'), endpointConfig('c', 'sip2.acme.example:5080')] };
    const proposed = { ...made.state!, endpoint: changed.endpoint };
    const plan = await cg.plan({ prior: made.state, proposed, config: changed });
    // "b" renamed to "c" keeps its gateway: an update in place, the gwids known at plan.
    expect(plan.planned).toMatchObject({ gwgroupid: id, gwids: made.state!.gwids });
    expect(plan.requiresReplace ?? []).toEqual([]);
    const updated = await cg.apply({ prior: made.state, planned: plan.planned, config: changed });
    expect(text(updated.diagnostics)).toBe('');
    expect(updated.state).toMatchObject({
      gwids: made.state!.gwids,
      endpoint: [{ name: 'a' }, { name: 'c', hostname: 'sip2.acme.example:5080' }],
    });
    expect((await client.getCarrierGroup(id))?.endpoints.map((e) => e.name).sort()).toEqual(['a', 'c']);

    // A third endpoint is a new gateway, known after apply.
    const grown = { ...config, endpoint: [...changed.endpoint, endpointConfig('d', '10.0.0.4:5070')] };
    const grownPlan = await cg.plan({ prior: updated.state, proposed: { ...updated.state!, endpoint: grown.endpoint }, config: grown });
    expect(grownPlan.planned).toMatchObject({ gwgroupid: id, gwids: UNKNOWN });
    const withD = await cg.apply({ prior: updated.state, planned: grownPlan.planned, config: grown });
    expect(text(withD.diagnostics)).toBe('');
    expect(withD.state!.gwids).toHaveLength(3);
    expect((await cg.read(withD.state!)).state).toEqual(withD.state);

    expect((await cg.apply({ prior: withD.state, planned: null, config: null })).state).toBeNull();
    expect(await client.getCarrierGroup(id)).toBeNull();
    expect((await cg.read(withD.state!)).state).toBeNull();
  });

  it('reads every write back: a write the platform answered 200 but skipped is an error saying what it lacks', async () => {
    const { emu } = await emulatorFixture({ faults: { swallowGroupErrors: true } });
    const p = await createProvider({});
    expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
    const cg = p.resources.dsiprouter_carrier_group!;
    // A malformed address passes no validation in the configuration but reaches apply, as a value the platform refuses would.
    const config = groupConfig('Swallowed', [endpointConfig('ok', 'gw1.example'), endpointConfig('bad', 'gw2.example:notaport')]);
    expect(cg.validate(config).map((d) => d.attribute)).toEqual([['endpoint', 1, 'hostname']]);
    const plan = await cg.plan({ prior: null, proposed: config, config });
    const res = await cg.apply({ prior: null, planned: plan.planned, config });
    expect(res.diagnostics).toMatchObject([
      { severity: 'error', summary: 'The platform did not carry out the write of the carrier group' },
    ]);
    expect(text(res.diagnostics)).toMatch(/reading it back shows: endpoint "bad" \(gw2\.example:notaport\) is missing/);
    // The group the platform did write is in the state (Terraform taints it and re-creates it next time).
    expect(res.state).toMatchObject({ name: 'Swallowed', endpoint: [{ name: 'ok' }] });
  });

  it('imports by id and by name; a name no group or several groups have says which', async () => {
    const { p, client } = await setup();
    const cg = p.resources.dsiprouter_carrier_group!;
    const content = { lb_enabled: false, endpoints: [{ name: 'a', hostname: 'h.example', strip: 0, prefix: '', weight: 1 }] };
    const one = await client.createCarrierGroup({ name: 'Only', ...content });
    const twinA = await client.createCarrierGroup({ name: 'Twin', ...content });
    const twinB = await client.createCarrierGroup({ name: 'Twin', ...content });
    expect((await cg.importState(String(one))).state).toMatchObject({ gwgroupid: one, name: 'Only' });
    expect((await cg.importState('name:Only')).state).toMatchObject({ gwgroupid: one });
    const shared = await cg.importState('name:Twin');
    expect(shared.state).toBeNull();
    expect(text(shared.diagnostics)).toContain(`name "Twin" matches 2 groups: #${twinA} (carrier), #${twinB} (carrier)`);
    const unknown = await cg.importState('name:Nope');
    expect(text(unknown.diagnostics)).toMatch(/No carrier group is named "Nope".*"Only".*"Twin"/s);
    expect(text((await cg.importState('Only')).diagnostics)).toMatch(/neither a carrier-group id \(12\) nor name:<NAME>/);
  });
});

describe('references by name', () => {
  it("plans a route's carrier_group as the id, and names the candidates of an unknown or shared name at the attribute", async () => {
    const { p, client } = await setup();
    const route = p.resources.dsiprouter_outbound_route!;
    const content = { lb_enabled: false, endpoints: [{ name: 'a', hostname: 'h.example', strip: 0, prefix: '', weight: 1 }] };
    const acme = await client.createCarrierGroup({ name: 'Acme', ...content });
    const twin = [
      await client.createCarrierGroup({ name: 'Twin', ...content }),
      await client.createCarrierGroup({ name: 'Twin', ...content }),
    ];
    const ok = routeConfig({ carrier_group: 'Acme' });
    expect((await route.plan({ prior: null, proposed: ok, config: ok })).planned).toMatchObject({ gwgroupid: String(acme) });
    const made = await create(p, 'dsiprouter_outbound_route', ok);
    expect(made.state).toMatchObject({ gwgroupid: String(acme), carrier_group: 'Acme' });
    expect((await client.getOutboundRoute(made.state!.ruleid as number))?.gwgroupid).toBe(String(acme));

    const typo = routeConfig({ carrier_group: 'acme' });
    const bad = await route.plan({ prior: null, proposed: typo, config: typo });
    expect(bad.diagnostics?.filter((d) => d.severity === 'error')).toMatchObject([
      { severity: 'error', summary: 'No carrier group is named "acme"', attribute: ['carrier_group'] },
    ]);
    expect(text(bad.diagnostics)).toMatch(/The carrier groups are: .*"Acme" \(#\d+\).*"Twin" \(#\d+, #\d+\); names are matched exactly/);
    const both = routeConfig({ carrier_group: 'Twin' });
    expect(text((await route.plan({ prior: null, proposed: both, config: both })).diagnostics)).toContain(
      `carrier_group "Twin" matches 2 groups: #${twin[0]} (carrier), #${twin[1]} (carrier)\nRefer to one by id instead, e.g. gwgroupid = "${twin[0]}"`,
    );
  });

  it('resolves a carrier group that the same apply creates at apply (the group is planned first)', async () => {
    const { p, client } = await setup();
    const group = groupConfig('Fresh', [endpointConfig('a', 'fresh.example')]);
    const cgPlan = await p.resources.dsiprouter_carrier_group!.plan({ prior: null, proposed: group, config: group });
    const ref = routeConfig({ carrier_group: 'Fresh' });
    const routePlan = await p.resources.dsiprouter_outbound_route!.plan({ prior: null, proposed: ref, config: ref });
    expect(routePlan.diagnostics ?? []).toEqual([]);
    expect(routePlan.planned).toMatchObject({ gwgroupid: UNKNOWN });
    const made = await p.resources.dsiprouter_carrier_group!.apply({ prior: null, planned: cgPlan.planned, config: group });
    const route = await p.resources.dsiprouter_outbound_route!.apply({ prior: null, planned: routePlan.planned, config: ref });
    expect(route.diagnostics ?? []).toEqual([]);
    expect(route.state).toMatchObject({ gwgroupid: String(made.state!.gwgroupid), carrier_group: 'Fresh' });
    expect((await client.getOutboundRoute(route.state!.ruleid as number))?.gwgroupid).toBe(String(made.state!.gwgroupid));
  });

  it('plans a mapping\'s group (an endpoint group or a carrier group) as ["#<id>"]', async () => {
    const { p, client } = await setup();
    const made = await client.raw('POST', '/endpointgroups', { body: { name: 'PBX', endpoints: [{ host: '10.1.1.1' }] } });
    const pbx = Number((made.data as { gwgroupid: number }[])[0]!.gwgroupid);
    const config = mappingConfig({ group: 'PBX' });
    const res = await create(p, 'dsiprouter_inbound_mapping', config);
    expect(res.diagnostics ?? []).toEqual([]);
    expect(res.state).toMatchObject({ servers: [`#${pbx}`], group: 'PBX' });
    expect((await client.getInboundMapping({ did: '15558880001' }))?.servers).toEqual([`#${pbx}`]);
    const again = await p.resources.dsiprouter_inbound_mapping!.plan({
      prior: res.state,
      proposed: { ...res.state!, group: 'PBX' },
      config,
    });
    expect(again.planned).toEqual(res.state);
  });

  it('reads each group list once for all the plans of a command, and afresh after it writes a carrier group', async () => {
    const { emu, client } = await emulatorFixture();
    const content = { lb_enabled: false, endpoints: [{ name: 'a', hostname: 'h.example', strip: 0, prefix: '', weight: 1 }] };
    await client.createCarrierGroup({ name: 'Acme', ...content });
    const proxy = await startReloadFailingProxy(emu.url);
    proxy.failing = false;
    const p = await createProvider({});
    expect(await p.configure({ ...PROVIDER_CONFIG, url: proxy.url, token: emu.token })).toEqual([]);
    const lists = () => proxy.seen.filter((r) => r.method === 'GET' && /\/(carrier|endpoint)groups$/.test(r.url ?? '')).map((r) => r.url);
    const plans = [
      ...['R1', 'R2', 'R3'].map((name) => ['dsiprouter_outbound_route', routeConfig({ name, carrier_group: 'Acme' })] as const),
      ...['1', '2'].map((d) => ['dsiprouter_inbound_mapping', mappingConfig({ did: `1555888000${d}`, group: 'Acme' })] as const),
    ];
    await Promise.all(plans.map(([type, c]) => p.resources[type]!.plan({ prior: null, proposed: c, config: c })));
    expect(lists().sort()).toEqual(['/api/v1/carriergroups', '/api/v1/endpointgroups']);
    await create(p, 'dsiprouter_carrier_group', groupConfig('Other', [endpointConfig('b', 'b.example')]));
    const route = routeConfig({ name: 'R4', carrier_group: 'Other' });
    const planned = await p.resources.dsiprouter_outbound_route!.plan({ prior: null, proposed: route, config: route });
    expect((planned.diagnostics ?? []).filter((d) => d.severity === 'error')).toEqual([]);
    expect(planned.planned).toMatchObject({ gwgroupid: expect.stringMatching(/^\d+$/) });
    // Afresh: the carrier groups to resolve the name, and both lists for the reference check.
    expect(lists()).toHaveLength(4);
    await p.shutdown();
    await proxy.close();
  });

  it.each<[string, string, TfObject, string]>([
    [
      'both gwgroupid and carrier_group',
      'dsiprouter_outbound_route',
      routeConfig({ gwgroupid: '5', carrier_group: 'A' }),
      'Both gwgroupid and carrier_group are set',
    ],
    ['neither gwgroupid nor carrier_group', 'dsiprouter_outbound_route', routeConfig({}), 'No gwgroupid or carrier_group'],
    [
      'both servers and group',
      'dsiprouter_inbound_mapping',
      mappingConfig({ servers: ['1'], group: 'A' }),
      'Both servers and group are set',
    ],
    ['neither servers nor group', 'dsiprouter_inbound_mapping', mappingConfig({}), 'No servers or group'],
  ])('refuses %s', async (_case, type, config, summary) => {
    const p = await createProvider({});
    expect(p.resources[type]!.validate(config).map((d) => d.summary)).toEqual([summary]);
  });
});

describe('the group data sources', () => {
  it('find a carrier group and an endpoint group by name, with the ready ref; none or several is an error at name', async () => {
    const { p, client } = await setup();
    const content = { lb_enabled: false, endpoints: [{ name: 'a', hostname: 'h.example', strip: 0, prefix: '', weight: 1 }] };
    const acme = await client.createCarrierGroup({ name: 'Acme', ...content });
    const made = await client.raw('POST', '/endpointgroups', { body: { name: 'PBX', endpoints: [{ host: '10.1.1.1' }] } });
    const pbx = Number((made.data as { gwgroupid: number }[])[0]!.gwgroupid);
    const cg = p.dataSources.dsiprouter_carrier_group!;
    const eg = p.dataSources.dsiprouter_endpoint_group!;
    expect((await cg.read({ name: 'Acme' })).state).toMatchObject({
      id: String(acme),
      gwgroupid: acme,
      ref: `#${acme}`,
      gwids: [expect.any(Number)],
    });
    expect((await eg.read({ name: 'PBX' })).state).toMatchObject({ gwgroupid: pbx, ref: `#${pbx}` });
    expect(await cg.read({ name: 'PBX' })).toMatchObject({
      state: null,
      diagnostics: [{ summary: 'No carrier group is named "PBX"', attribute: ['name'] }],
    });
    await client.createCarrierGroup({ name: 'Acme', ...content });
    expect(await cg.read({ name: 'Acme' })).toMatchObject({
      state: null,
      diagnostics: [{ summary: expect.stringMatching(/^name "Acme" matches 2 groups: #\d+ \(carrier\), #\d+ \(carrier\)$/) }],
    });
  });
});
