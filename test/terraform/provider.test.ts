import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { requestLogger } from '../../src/terraform/request-log.js';
import { createProvider } from '../../src/terraform/provider.js';
import type { Diagnostic, ProviderHandler, TfObject } from '../../src/terraform/types.js';
import { emulatorFixture, TEST_PROFILE } from '../helpers/emulator.js';
import { startReloadFailingProxy } from '../helpers/reload-failing-proxy.js';

/**
 * The provider's logic in process against the real emulator over loopback HTTP: what Terraform
 * would get back from each call (states and diagnostics), for the points of issue 13.
 */
const PROVIDER_CONFIG = { url: null, token: null, ca_file: null, insecure: null, reload: null, timeout_ms: null, api_profile: null };

async function configured(url: string, token: string, over: TfObject = {}, env: NodeJS.ProcessEnv = {}): Promise<ProviderHandler> {
  const p = await createProvider(env);
  const diags = await p.configure({ ...PROVIDER_CONFIG, url, token, ...over });
  expect(diags).toEqual([]);
  return p;
}

const mappingPlanned = (did: string, servers = ['1'], timeouts: TfObject | null = null): TfObject => ({
  id: null,
  ruleid: null,
  did,
  servers,
  notes: '',
  timeouts,
});
const text = (ds: readonly Diagnostic[] | undefined) => (ds ?? []).map((d) => `${d.severity}: ${d.summary}\n${d.detail ?? ''}`).join('\n');

describe('the proxy reload is part of the apply', () => {
  it('reloads before an apply that wrote returns, without waiting for shutdown (also in reattach mode)', async () => {
    const { emu, client } = await emulatorFixture();
    const p = await configured(emu.url, emu.token);
    const res = await p.resources.dsiprouter_inbound_mapping!.apply({
      prior: null,
      planned: mappingPlanned('15550001'),
      config: mappingPlanned('15550001'),
    });
    expect(res.diagnostics ?? []).toEqual([]);
    expect((await client.raw('GET', '/inboundmapping')).kamreload).toBe(false);
    await p.shutdown();
  });

  it('shares one reload among applies that run together', async () => {
    const { emu } = await emulatorFixture();
    const proxy = await startReloadFailingProxy(emu.url);
    proxy.failing = false;
    const p = await configured(proxy.url, emu.token);
    const m = p.resources.dsiprouter_inbound_mapping!;
    await Promise.all(['1', '2', '3', '4'].map((d) => m.apply({ prior: null, planned: mappingPlanned(`1555000${d}`), config: null })));
    expect(proxy.seen.filter((r) => r.method === 'POST' && /reload/.test(r.url ?? ''))).toHaveLength(1);
    await p.shutdown();
    await proxy.close();
  });

  it('reports a failed reload as an error, keeping the written state (create and delete)', async () => {
    const { emu, client } = await emulatorFixture();
    const proxy = await startReloadFailingProxy(emu.url);
    const p = await configured(proxy.url, emu.token);
    const m = p.resources.dsiprouter_inbound_mapping!;
    const created = await m.apply({ prior: null, planned: mappingPlanned('15550009'), config: null });
    expect(created.diagnostics).toMatchObject([{ severity: 'error', summary: 'Proxy reload failed: the change is written but not live' }]);
    expect(text(created.diagnostics)).toMatch(/kamcmd: reload failed/);
    expect(created.state).toMatchObject({ did: '15550009', ruleid: expect.any(Number) });
    expect((await client.raw('GET', '/inboundmapping')).kamreload).toBe(true);
    const deleted = await m.apply({ prior: created.state, planned: null, config: null });
    expect(deleted).toMatchObject({ state: null, written: true, diagnostics: [{ severity: 'error' }] });
    await p.shutdown();
    await proxy.close();
  });

  it('warns at plan when the platform has changes that are not live yet', async () => {
    const { emu, client } = await emulatorFixture();
    await client.createInboundMapping({ did: '15550100', servers: ['1'] });
    const p = await configured(emu.url, emu.token);
    const plan = await p.resources.dsiprouter_inbound_mapping!.plan({
      prior: null,
      proposed: mappingPlanned('15550101'),
      config: mappingPlanned('15550101'),
    });
    expect(plan.diagnostics).toMatchObject([
      { severity: 'warning', summary: 'The platform has changes that are not live yet (kamreload: true)' },
    ]);
    await client.reloadProxy();
    const quiet = await configured(emu.url, emu.token);
    expect(
      (await quiet.resources.dsiprouter_inbound_mapping!.plan({ prior: null, proposed: mappingPlanned('1'), config: mappingPlanned('1') }))
        .diagnostics ?? [],
    ).toEqual([]);
  });
});

describe("diagnostics speak the provider's language", () => {
  it('name the provider attributes and environment variables, never CLI flags', async () => {
    const { emu } = await emulatorFixture();
    // ConfigureProvider checks the platform (issue 37): its error is the first to say the cause.
    const configure = async (url: string, token: string) =>
      text(await (await createProvider({})).configure({ ...PROVIDER_CONFIG, url, token }));
    const said = await configure(emu.url, 'wrong-token-0123456789');
    expect(said).toMatch(/the provider's token attribute \(or DSIP_TOKEN\)/);
    const r2 = await configure('http://127.0.0.1:1', 'x');
    expect(r2).toMatch(/url in the provider block \(or DSIP_URL\)/);
    expect(said + r2).not.toMatch(/--(url|token-file|ca|insecure|api-profile|timeout)\b/);
  });

  it('refuses a ca_file that is not a PEM certificate at the attribute, naming ca_file, not --ca', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-provider-ca-'));
    const file = join(dir, 'key.pem');
    writeFileSync(file, 'not a certificate\n');
    const p = await createProvider({});
    const diags = await p.configure({ ...PROVIDER_CONFIG, url: 'https://h:5000', token: 't', ca_file: file });
    expect(diags).toMatchObject([{ severity: 'error', summary: 'CA file is not a certificate', attribute: ['ca_file'] }]);
    expect(text(diags)).toMatch(/ca_file \(or DSIP_CA\)/);
    expect(text(diags)).not.toMatch(/--ca\b/);
  });

  it.each([[-5], [1.5], [0], [600_001]])('rejects timeout_ms = %s at the attribute', async (v) => {
    const p = await createProvider({});
    expect(p.validateConfig({ ...PROVIDER_CONFIG, timeout_ms: v })).toMatchObject([
      { severity: 'error', summary: 'Invalid timeout_ms', attribute: ['timeout_ms'] },
    ]);
    expect(await p.configure({ ...PROVIDER_CONFIG, url: 'http://h:5000', token: 't', timeout_ms: v })).toMatchObject([
      { attribute: ['timeout_ms'] },
    ]);
  });

  it('warns that a mapping change is a delete and re-create under api_profile "current"', async () => {
    const emu = await startEmulator({ port: 0, token: 'tf-current-token-0123456789', profile: 'current' });
    try {
      const p = await configured(emu.url, emu.token, { api_profile: 'current' });
      const prior: TfObject = { id: '3', ruleid: 3, did: '15550200', servers: ['1'], notes: '', timeouts: null };
      const plan = await p.resources.dsiprouter_inbound_mapping!.plan({
        prior,
        proposed: { ...prior, servers: ['2'] },
        config: { ...prior, servers: ['2'] },
      });
      expect(plan.diagnostics).toMatchObject([{ severity: 'warning', summary: 'This change deletes and re-creates the inbound mapping' }]);
      expect(text(plan.diagnostics)).toMatch(/DID "15550200" is unrouted for a moment/);
      const same = await p.resources.dsiprouter_inbound_mapping!.plan({ prior, proposed: prior, config: prior });
      expect(same.diagnostics ?? []).toEqual([]);
      await p.shutdown();
    } finally {
      await emu.close();
    }
  });
});

describe('a DID that another mapping holds', () => {
  it('names the DID and gives the import command when a create collides', async () => {
    const { emu, client } = await emulatorFixture();
    const ruleid = await client.createInboundMapping({ did: '15550300', servers: ['7'] });
    const p = await configured(emu.url, emu.token);
    const res = await p.resources.dsiprouter_inbound_mapping!.apply({ prior: null, planned: mappingPlanned('15550300'), config: null });
    expect(res.diagnostics).toMatchObject([{ severity: 'error', summary: 'DID "15550300" already has an inbound mapping' }]);
    expect(text(res.diagnostics)).toContain(`ruleid ${ruleid}`);
    expect(text(res.diagnostics)).toContain('terraform import dsiprouter_inbound_mapping.<NAME> did:15550300');
    await p.shutdown();
  });

  it('says a swap of DIDs needs two applies', async () => {
    const { emu, client } = await emulatorFixture();
    const a = await client.createInboundMapping({ did: '15550401', servers: ['1'] });
    await client.createInboundMapping({ did: '15550402', servers: ['2'] });
    const p = await configured(emu.url, emu.token);
    const prior: TfObject = { id: String(a), ruleid: a, did: '15550401', servers: ['1'], notes: '', timeouts: null };
    const res = await p.resources.dsiprouter_inbound_mapping!.apply({ prior, planned: { ...prior, did: '15550402' }, config: null });
    expect(text(res.diagnostics)).toMatch(/two resources swapping DIDs.*apply twice/s);
    expect(res.state).toEqual(prior);
    // Under the deployed API (delete + create) the DID is checked first: nothing was deleted.
    expect(await client.getInboundMapping({ did: '15550401' })).toMatchObject({ servers: ['1'] });
    await p.shutdown();
  });
});

describe('data sources that look up one object', () => {
  it('finds a mapping by DID, and says so, at the attribute, when there is none', async () => {
    const { emu, client } = await emulatorFixture();
    const ruleid = await client.createInboundMapping({ did: '15550500', servers: ['5', '#6'], notes: 'hq' });
    const p = await configured(emu.url, emu.token);
    const ds = p.dataSources.dsiprouter_inbound_mapping!;
    expect((await ds.read({ did: '15550500' })).state).toEqual({
      id: String(ruleid),
      did: '15550500',
      ruleid,
      servers: ['5', '#6'],
      notes: 'hq',
    });
    expect(await ds.read({ did: '15559999' })).toMatchObject({
      state: null,
      diagnostics: [{ severity: 'error', summary: 'No such inbound mapping', attribute: ['did'] }],
    });
    expect(ds.validate({ did: '12ab' })).toMatchObject([{ attribute: ['did'] }]);
  });

  it('finds a route by name; none or several is an error at the attribute', async () => {
    const { emu, client } = await emulatorFixture();
    const ruleid = await client.createOutboundRoute({ name: 'UK', prefix: '44', gwgroupid: '5', priority: 1 });
    await client.createOutboundRoute({ name: 'twin', prefix: '1', gwgroupid: '5' });
    await client.createOutboundRoute({ name: 'twin', prefix: '2', gwgroupid: '5' });
    const p = await configured(emu.url, emu.token);
    const ds = p.dataSources.dsiprouter_outbound_route!;
    expect((await ds.read({ name: 'UK' })).state).toMatchObject({
      id: String(ruleid),
      ruleid,
      name: 'UK',
      prefix: '44',
      gwgroupid: '5',
      priority: 1,
      kind: 'simple',
      from_prefix: null,
    });
    expect(await ds.read({ name: 'nope' })).toMatchObject({
      state: null,
      diagnostics: [{ summary: 'No such outbound route', attribute: ['name'] }],
    });
    expect(await ds.read({ name: 'twin' })).toMatchObject({
      state: null,
      diagnostics: [{ summary: 'Several outbound routes have this name', attribute: ['name'] }],
    });
  });
});

describe('debug request lines and timeouts', () => {
  it('logs method, path, status and duration at TF_LOG=DEBUG as hclog JSON, never the token', async () => {
    expect(requestLogger({})).toBeUndefined();
    expect(requestLogger({ TF_LOG: 'WARN' })).toBeUndefined();
    const lines: string[] = [];
    const log = requestLogger({ TF_LOG: 'debug' }, (l) => lines.push(l))!;
    log({ method: 'GET', path: '/inboundmapping?did=1', status: 200, ms: 12 });
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      '@level': 'debug',
      '@message': 'GET /inboundmapping?did=1 -> 200 in 12 ms',
      '@module': 'provider.dsiprouter',
    });
  });

  it('checks the durations of a timeouts block at the attribute', async () => {
    const p = await createProvider({});
    const config = { ...mappingPlanned('1'), timeouts: { create: '2m', update: 'soon', delete: '1h30m' } };
    expect(p.resources.dsiprouter_inbound_mapping!.validate(config)).toMatchObject([
      { summary: 'Invalid duration', attribute: ['timeouts', 'update'] },
    ]);
  });

  it('bounds an operation by its timeout, and keeps the block in the state', async () => {
    const { emu } = await emulatorFixture({ faults: { latencyMs: 400, seed: 1 } });
    const p = await configured(emu.url, emu.token, { api_profile: TEST_PROFILE });
    const m = p.resources.dsiprouter_inbound_mapping!;
    const quick = await m.apply({
      prior: null,
      planned: mappingPlanned('15550600', ['1'], { create: '50ms', update: null, delete: null }),
      config: null,
    });
    // The create timeout is what ran out, said in its own unit (not the 1 ms the last request had left).
    expect(text(quick.diagnostics)).toMatch(/no answer from \S+ before the create timeout ran out \(timeouts \{ create = "50ms" \}\)/);
    expect(text(quick.diagnostics)).not.toMatch(/within \d+ ms/);
    const slow = await m.apply({
      prior: null,
      planned: mappingPlanned('15550601', ['1'], { create: '1m', update: null, delete: null }),
      config: null,
    });
    expect(slow.diagnostics ?? []).toEqual([]);
    expect(slow.state).toMatchObject({ did: '15550601', timeouts: { create: '1m', update: null, delete: null } });
    await p.shutdown();
  }, 20_000);
});
