import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import type { GatewayGroup } from '../../src/model/group.js';
import { danglingReferences } from '../../src/plan/check-refs.js';
import { createProvider } from '../../src/terraform/provider.js';
import { UNKNOWN, type Diagnostic, type ProviderHandler, type TfObject } from '../../src/terraform/types.js';
import { emulatorFixture, TEST_PROFILE } from '../helpers/emulator.js';
import { desired as desiredState } from '../plan/builders.js';
import { PROVIDER_CONFIG } from './configured-provider.js';

/**
 * Issue 27: what `dsipform plan` refuses, `terraform plan` refuses too, through the provider's
 * handlers against the real emulator over loopback HTTP: references the proxy drops (in the CLI's
 * words, at the attribute), a DID another mapping holds, any failure to read the platform; and
 * api_profile at validate, the pending-reload warning once, routes imported by name, timeouts worded
 * as they ran out.
 */
async function configured(url: string, token: string, over: TfObject = {}): Promise<ProviderHandler> {
  const p = await createProvider({});
  expect(await p.configure({ ...PROVIDER_CONFIG, url, token, ...over })).toEqual([]);
  return p;
}

const mapping = (did: string, over: TfObject = {}): TfObject => ({
  id: null,
  ruleid: null,
  did,
  servers: null,
  notes: null,
  group: null,
  ...over,
});
const route = (name: string, over: TfObject = {}): TfObject => ({
  id: null,
  ruleid: null,
  name,
  prefix: '44',
  gwgroupid: null,
  from_prefix: null,
  priority: null,
  timerec: null,
  routeid: null,
  groupid: null,
  kind: null,
  carrier_group: null,
  ...over,
});
const errors = (ds: readonly Diagnostic[] | undefined) => (ds ?? []).filter((d) => d.severity === 'error');
const text = (ds: readonly Diagnostic[] | undefined) => (ds ?? []).map((d) => `${d.severity}: ${d.summary}\n${d.detail ?? ''}`).join('\n');

describe('references the proxy drops fail the plan, at the attribute, in the words dsipform plan uses', () => {
  it.each<[string, 'dsiprouter_inbound_mapping' | 'dsiprouter_outbound_route', TfObject, string]>([
    ['a gateway no group holds', 'dsiprouter_inbound_mapping', mapping('15559990001', { servers: ['999'] }), 'servers'],
    ['a group that does not exist', 'dsiprouter_inbound_mapping', mapping('15559990002', { servers: ['#999'] }), 'servers'],
    ['a route to a group that does not exist', 'dsiprouter_outbound_route', route('R999', { gwgroupid: '999' }), 'gwgroupid'],
    ['a route to "#999"', 'dsiprouter_outbound_route', route('R999b', { gwgroupid: '#999' }), 'gwgroupid'],
  ])('%s', async (_case, type, config, attribute) => {
    const { emu, client } = await emulatorFixture();
    const p = await configured(emu.url, emu.token);
    const res = await p.resources[type]!.plan({ prior: null, proposed: config, config });
    expect(errors(res.diagnostics).map((d) => d.attribute)).toEqual([[attribute]]);
    // The CLI's message for the same rule against the same platform, word for word.
    const groups: GatewayGroup[] = [...(await client.listCarrierGroups()), ...(await client.listEndpointGroups())];
    const rules =
      type === 'dsiprouter_inbound_mapping'
        ? { inbound_mappings: [{ did: String(config.did), servers: config.servers as string[], notes: '' }] }
        : {
            outbound_routes: [
              {
                name: String(config.name),
                prefix: '44',
                from_prefix: null,
                gwgroupid: String(config.gwgroupid),
                priority: 0,
                timerec: '',
                routeid: '',
              },
            ],
          };
    const cli = danglingReferences(desiredState(rules), groups, new Set());
    expect(cli).toHaveLength(1);
    expect(errors(res.diagnostics)[0]!.detail).toContain(cli[0]!.message);
    expect(cli[0]!.message).toMatch(/: the proxy drops the rule/);
  });

  it('passes sound references, and what is not known until apply (a group this run creates)', async () => {
    const { emu } = await emulatorFixture();
    const p = await configured(emu.url, emu.token);
    const m = p.resources.dsiprouter_inbound_mapping!;
    const r = p.resources.dsiprouter_outbound_route!;
    const sound = [
      await m.plan({ prior: null, proposed: mapping('15559990010', { servers: ['1', '2'] }), config: null }),
      await m.plan({ prior: null, proposed: mapping('15559990011', { servers: ['#5'] }), config: null }),
      await r.plan({ prior: null, proposed: route('R5', { gwgroupid: '5' }), config: null }),
      // servers = ["#${dsiprouter_carrier_group.new.gwgroupid}"]: unknown until the group is created.
      await m.plan({ prior: null, proposed: mapping('15559990012', { servers: [UNKNOWN] }), config: null }),
      await r.plan({ prior: null, proposed: route('Rnew', { gwgroupid: UNKNOWN }), config: null }),
    ];
    expect(sound.flatMap((s) => errors(s.diagnostics))).toEqual([]);
  });

  it('counts a carrier group planned in the same run: a new one by name, an empty one given endpoints', async () => {
    const { emu, client } = await emulatorFixture();
    const empty = await client.createCarrierGroup({ name: 'Empty', lb_enabled: false, endpoints: [] });
    const p = await configured(emu.url, emu.token);
    const cg = p.resources.dsiprouter_carrier_group!;
    const group = (name: string, over: TfObject = {}): TfObject => ({
      id: null,
      gwgroupid: null,
      ref: null,
      gwids: null,
      name,
      lb_enabled: null,
      endpoint: [{ name: 'a', hostname: 'sip.new.example', strip: null, prefix: null, weight: null }],
      auth: null,
      ...over,
    });
    const m = p.resources.dsiprouter_inbound_mapping!;
    // Before the group's plan the empty group is refused, as dsipform plan refuses it.
    const before = await m.plan({ prior: null, proposed: mapping('15559990020', { servers: [`#${empty}`] }), config: null });
    expect(text(before.diagnostics)).toMatch(
      /servers name carrier group \d+ \("Empty"\), which holds no gateways: the proxy drops the rule/,
    );
    const prior: TfObject = {
      ...group('Empty', { endpoint: [] }),
      id: String(empty),
      gwgroupid: empty,
      ref: `#${empty}`,
      gwids: [],
      lb_enabled: false,
    };
    await cg.plan({ prior, proposed: { ...prior, endpoint: group('Empty').endpoint! }, config: group('Empty') });
    await cg.plan({ prior: null, proposed: group('Brand new'), config: group('Brand new') });
    const after = [
      await m.plan({ prior: null, proposed: mapping('15559990021', { servers: [`#${empty}`] }), config: null }),
      await m.plan({ prior: null, proposed: mapping('15559990022', { group: 'Brand new' }), config: { group: 'Brand new' } }),
    ];
    expect(after.flatMap((a) => errors(a.diagnostics))).toEqual([]);
    expect(after[1]!.planned).toMatchObject({ servers: UNKNOWN });
  });
});

describe('any failure to read the platform fails the plan', () => {
  it.each<[string, () => Promise<{ url: string; token: string; close: () => Promise<void> }>, RegExp]>([
    [
      'a wrong token',
      async () => {
        const emu = await startEmulator({ port: 0, token: 'right-token-0123456789', profile: TEST_PROFILE });
        return { url: emu.url, token: 'wrong-token-0123456789', close: () => emu.close() };
      },
      /unauthorized[\s\S]*the provider's token attribute \(or DSIP_TOKEN\)/,
    ],
    [
      'the platform down',
      async () => {
        const emu = await startEmulator({ port: 0, token: 'right-token-0123456789', profile: TEST_PROFILE });
        await emu.close();
        return { url: emu.url, token: emu.token, close: async () => undefined };
      },
      /refused/,
    ],
    [
      'https pointed at an http server',
      async () => {
        const emu = await startEmulator({ port: 0, token: 'right-token-0123456789', profile: TEST_PROFILE });
        return { url: emu.url.replace(/^http:/, 'https:'), token: emu.token, close: () => emu.close() };
      },
      /TLS with https:\/\/\S+ failed/,
    ],
    [
      'an unlicensed platform',
      async () => {
        const emu = await startEmulator({ port: 0, token: 'right-token-0123456789', profile: TEST_PROFILE, unlicensed: true });
        return { url: emu.url, token: emu.token, close: () => emu.close() };
      },
      /Core subscription/,
    ],
  ])(
    '%s',
    async (_case, platform, said) => {
      const { url, token, close } = await platform();
      try {
        const p = await createProvider({});
        // Issue 37: ConfigureProvider checks the platform, so even a command that asks no resource
        // anything fails; the failure is said there in full.
        const configured = await p.configure({ ...PROVIDER_CONFIG, url, token, timeout_ms: 5_000 });
        expect(errors(configured)).toMatchObject([{ summary: 'Could not read the platform' }]);
        expect(text(configured)).toMatch(said);
        // A lease touches nothing on the platform at plan time but the check: it fails all the same.
        const lease = {
          email: 'ops@example.com',
          ttl: '15m',
          id: null,
          lease_id: null,
          username: null,
          domain: null,
          password: null,
          expires_at: null,
        };
        const plans = [
          await p.resources.dsiprouter_endpoint_lease!.plan({ prior: null, proposed: lease, config: lease }),
          await p.resources.dsiprouter_inbound_mapping!.plan({
            prior: null,
            proposed: mapping('15559990030', { servers: ['1'] }),
            config: null,
          }),
        ];
        // Plans made after all fail too, pointing to the configure error (issue 27).
        for (const plan of plans) {
          expect(errors(plan.diagnostics)).toMatchObject([{ summary: 'Could not read the platform' }]);
          expect(text(plan.diagnostics)).toMatch(
            /GET \S+: .*\n\(The same failure as another error of this run, which says what to do about it\.\)$/,
          );
        }
        await p.shutdown();
      } finally {
        await close();
      }
    },
    30_000,
  );
});

it('refuses api_profile = "bogus" at validate, at the attribute', async () => {
  const p = await createProvider({});
  expect(p.validateConfig({ ...PROVIDER_CONFIG, api_profile: 'bogus' })).toMatchObject([
    {
      severity: 'error',
      summary: 'Invalid api_profile',
      attribute: ['api_profile'],
      detail: expect.stringMatching(/^"bogus" is not one of auto, spec, current/),
    },
  ]);
  expect(p.validateConfig({ ...PROVIDER_CONFIG, api_profile: 'current' })).toEqual([]);
  expect(p.validateConfig({ ...PROVIDER_CONFIG, api_profile: UNKNOWN })).toEqual([]);
});

it('warns about a pending reload once per run, not once per resource', async () => {
  const { emu, client } = await emulatorFixture();
  await client.createInboundMapping({ did: '15559990040', servers: ['1'] });
  const p = await configured(emu.url, emu.token);
  const m = p.resources.dsiprouter_inbound_mapping!;
  const plans = await Promise.all(
    ['41', '42', '43'].map((d) => m.plan({ prior: null, proposed: mapping(`155599900${d}`, { servers: ['1'] }), config: null })),
  );
  const warnings = plans
    .flatMap((pl) => pl.diagnostics ?? [])
    .filter((d) => d.summary.startsWith('The platform has changes that are not live yet'));
  expect(warnings).toHaveLength(1);
});

describe('a DID another mapping holds is found at plan', () => {
  it('refuses it at the did attribute, saying how to import it; the resource that holds it plans fine', async () => {
    const { emu, client } = await emulatorFixture();
    const ruleid = await client.createInboundMapping({ did: '15559990050', servers: ['1'] });
    await client.reloadProxy();
    const p = await configured(emu.url, emu.token);
    const m = p.resources.dsiprouter_inbound_mapping!;
    const taken = await m.plan({ prior: null, proposed: mapping('15559990050', { servers: ['2'] }), config: null });
    expect(errors(taken.diagnostics)).toMatchObject([{ summary: 'DID "15559990050" already has an inbound mapping', attribute: ['did'] }]);
    expect(text(taken.diagnostics)).toContain(`ruleid ${ruleid}`);
    expect(text(taken.diagnostics)).toContain('terraform import dsiprouter_inbound_mapping.<NAME> did:15559990050');
    const own: TfObject = { ...mapping('15559990050', { servers: ['1'], notes: '' }), id: String(ruleid), ruleid };
    expect(errors((await m.plan({ prior: own, proposed: { ...own, notes: 'x' }, config: null })).diagnostics)).toEqual([]);
    // Renaming another resource to the taken DID is refused too.
    const other: TfObject = { ...mapping('15559990051', { servers: ['1'], notes: '' }), id: '999', ruleid: 999 };
    const renamed = await m.plan({ prior: other, proposed: { ...other, did: '15559990050' }, config: null });
    expect(errors(renamed.diagnostics).map((d) => d.attribute)).toEqual([['did']]);
  });
  it('lets a mapping of the state keep its DID through a re-create (tainted): refresh read it before the plan', async () => {
    const { emu, client } = await emulatorFixture();
    const ruleid = await client.createInboundMapping({ did: '15559990060', servers: ['1'] });
    await client.reloadProxy();
    const p = await configured(emu.url, emu.token);
    const m = p.resources.dsiprouter_inbound_mapping!;
    const state: TfObject = { ...mapping('15559990060', { servers: ['1'], notes: '' }), id: String(ruleid), ruleid };
    expect((await m.read(state)).state).toMatchObject({ ruleid });
    // Terraform plans the replacement of a tainted instance as a create (no prior state).
    const replaced = await m.plan({ prior: null, proposed: mapping('15559990060', { servers: ['1'] }), config: null });
    expect(errors(replaced.diagnostics)).toEqual([]);
  });
});

describe('routes import by name as well as by ruleid', () => {
  it.each<[string, string[], string, RegExp | null]>([
    ['one route with the name', ['UK mobile'], 'name:UK mobile', null],
    [
      'no route with the name',
      ['UK mobile'],
      'name:Nowhere',
      /Cannot import: No such outbound route[\s\S]*no outbound route named "Nowhere"/,
    ],
    [
      'two routes with the name',
      ['Twin', 'Twin'],
      'name:Twin',
      /Cannot import: Several outbound routes have this name[\s\S]*ruleids \d+, \d+[\s\S]*by ruleid instead/,
    ],
    ['neither a ruleid nor name:', ['UK mobile'], 'UK mobile', /neither a ruleid \(7\) nor name:<route name>/],
  ])('%s', async (_case, names, id, problem) => {
    const { emu, client } = await emulatorFixture();
    const ids: number[] = [];
    for (const [i, name] of names.entries()) ids.push(await client.createOutboundRoute({ name, prefix: `4479${i}`, gwgroupid: '5' }));
    const p = await configured(emu.url, emu.token);
    const res = await p.resources.dsiprouter_outbound_route!.importState(id);
    if (problem === null) {
      expect(res.diagnostics ?? []).toEqual([]);
      expect(res.state).toMatchObject({ ruleid: ids[0], name: 'UK mobile', prefix: '44790', gwgroupid: '5' });
    } else {
      expect(res.state).toBeNull();
      expect(text(res.diagnostics)).toMatch(problem);
    }
  });
});

it('a request timeout retried says what was tried, not only what one request waited', async () => {
  const { emu } = await emulatorFixture({ faults: { latencyMs: 3_000, seed: 1 } });
  const p = await createProvider({});
  const started = Date.now();
  // ConfigureProvider's platform check is the first read to meet the slow platform (issue 37).
  const diags = await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token, timeout_ms: 300, api_profile: TEST_PROFILE });
  const said = text(diags);
  const took = (Date.now() - started) / 1000;
  expect(said).toMatch(/no answer from \S+ within 300 ms; (\d+) requests were tried over (\d+\.\d) s \(failed reads are retried/);
  const [, n, s] = /; (\d+) requests were tried over (\d+\.\d) s/.exec(said)!;
  expect(Number(n)).toBeGreaterThan(1);
  expect(Math.abs(Number(s) - took)).toBeLessThan(1.5);
}, 60_000);
