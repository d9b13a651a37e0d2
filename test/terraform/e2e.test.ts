import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { hasTerraform, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';

const EXAMPLE = readFileSync(new URL('../../examples/terraform/main.tf', import.meta.url), 'utf8');

/**
 * The provider through the real terraform binary against the emulator: init from the mirror, plan,
 * apply, plan again with no changes, and every kind of change after. Steps share one workspace
 * and run in order, as in Terraform's own acceptance tests (each terraform call costs seconds).
 */
describe.skipIf(!hasTerraform)(`terraform end to end (examples/terraform/main.tf, ${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let ws: TfWorkspace;
  const ok = async (args: string[]) => {
    const r = await ws.tf(args);
    expect(r.code, `terraform ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r;
  };
  const converged = async () => {
    const r = await ws.tf(['plan', '-detailed-exitcode']);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/No changes/);
  };
  const route = async (name: string) => (await client.listOutboundRoutes()).find((r) => r.name === name);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e-token-0123456789', profile: TEST_PROFILE });
    client = new PlatformClient({ url: emu.url, token: emu.token });
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token });
    ws.write('main.tf', EXAMPLE);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await emu?.close();
  });

  it('initialises offline from the mirror', async () => {
    const r = await ok(['init', '-input=false']);
    expect(r.stdout).toMatch(/Installing dsipform\/dsiprouter v\d+\.\d+\.\d+/);
    expect(r.stdout).toMatch(/Terraform has been successfully initialized/);
  }, 120_000);

  it('plans, applies, and then plans no changes', async () => {
    const plan = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toMatch(/Plan: 5 to add, 0 to change, 0 to destroy/);
    const apply = await ok(['apply', '-auto-approve', '-input=false']);
    expect(apply.stdout).toMatch(/Apply complete! Resources: 5 added/);
    expect(apply.stdout).not.toContain(emu.token);
    await converged();
    expect((await route('UK from our 1555 numbers'))?.groupid).toBeGreaterThanOrEqual(10000);
    expect((await client.listInboundMappings()).map((m) => m.did).sort()).toEqual(['', '15551230001']);
    const out = JSON.parse((await ok(['output', '-json'])).stdout);
    expect(out.softphone_username.value).toMatch(/^lease\d+$/);
    expect(out.route_count.value).toBe(3); // the two routes and the fresh-install default
    expect(out.mapped_dids.value).toEqual(['', '15551230001']);
    expect(out.proxy_counter_names.value).toHaveLength(15);
    expect((await client.raw('GET', '/outboundroutes')).kamreload).toBe(false); // reloaded once at the end
  }, 180_000);

  it('updates in place, and promotes and demotes in place', async () => {
    ws.write(
      'main.tf',
      EXAMPLE.replace('notes   = "Main office"', 'notes   = "HQ"').replace(
        '  priority  = 10\n',
        '  priority  = 10\n  from_prefix = "1666"\n',
      ),
    );
    const plan = await ok(['plan', '-input=false']);
    expect(plan.stdout).toMatch(/Plan: 0 to add, 2 to change, 0 to destroy/);
    expect(plan.stdout).not.toMatch(/must be replaced/);
    const us = await route('US domestic');
    await ok(['apply', '-auto-approve', '-input=false']);
    await converged();
    const promoted = await route('US domestic');
    expect(promoted).toMatchObject({ ruleid: us!.ruleid, from_prefix: '1666' });
    expect(promoted!.groupid).toBeGreaterThanOrEqual(10000);
    expect((await client.getInboundMapping({ did: '15551230001' }))?.notes).toBe('HQ');
    ws.write('main.tf', EXAMPLE);
    await ok(['apply', '-auto-approve', '-input=false']);
    await converged();
    expect(await route('US domestic')).toMatchObject({ ruleid: us!.ruleid, from_prefix: null, groupid: 8000 });
  }, 180_000);

  it('replaces a lease when its ttl changes', async () => {
    const before = JSON.parse((await ok(['output', '-json'])).stdout).softphone_username.value;
    ws.write('main.tf', EXAMPLE.replace('ttl   = "15m"', 'ttl   = "30m"'));
    const plan = await ok(['plan', '-input=false']);
    expect(plan.stdout).toMatch(/must be replaced/);
    expect(plan.stdout).toMatch(/password += \(sensitive value\)/);
    await ok(['apply', '-auto-approve', '-input=false']);
    await converged();
    const after = JSON.parse((await ok(['output', '-json'])).stdout).softphone_username.value;
    expect(after).not.toBe(before);
    ws.write('main.tf', EXAMPLE);
    await ok(['apply', '-auto-approve', '-input=false']);
  }, 180_000);

  it('shows changes made outside Terraform as drift, and re-creates what was deleted', async () => {
    await client.updateOutboundRoute((await route('UK from our 1555 numbers'))!.ruleid, { gwgroupid: '99' });
    await client.deleteOutboundRoute((await route('US domestic'))!.ruleid);
    const plan = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/Plan: 1 to add, 1 to change, 0 to destroy/);
    expect(plan.stdout).toMatch(/"99"/);
    await ok(['apply', '-auto-approve', '-input=false']);
    await converged();
    expect((await route('UK from our 1555 numbers'))?.gwgroupid).toBe('5');
  }, 180_000);

  it('imports by ruleid and by did:<DID>, with the import command and with import blocks', async () => {
    const byRuleid = await client.createOutboundRoute({ name: 'imported route', prefix: '33', gwgroupid: '4', priority: 2 });
    await client.createInboundMapping({ did: '+4420', servers: ['#7'], notes: 'imported' });
    ws.write(
      'imported.tf',
      `
resource "dsiprouter_outbound_route" "imp" {
  name      = "imported route"
  prefix    = "33"
  gwgroupid = "4"
  priority  = 2
}
import {
  to = dsiprouter_inbound_mapping.imp
  id = "did:+4420"
}
resource "dsiprouter_inbound_mapping" "imp" {
  did     = "+4420"
  servers = ["#7"]
  notes   = "imported"
}
`,
    );
    const imported = await ok(['import', '-input=false', 'dsiprouter_outbound_route.imp', String(byRuleid)]);
    expect(imported.stdout).toMatch(/Import successful/);
    const plan = await ok(['plan', '-input=false']);
    expect(plan.stdout).toMatch(/Plan: 1 to import, 0 to add, 0 to change, 0 to destroy/);
    await ok(['apply', '-auto-approve', '-input=false']);
    await converged();
    const bad = await ws.tf(['import', '-input=false', 'dsiprouter_outbound_route.nope', '999']);
    expect(bad.code).toBe(1);
  }, 180_000);

  it('points a validation error at the attribute', async () => {
    onTestFinished(() => ws.write('bad.tf', '')); // a failed assertion must not leave bad.tf for the tests after it
    ws.write('bad.tf', 'resource "dsiprouter_inbound_mapping" "bad" {\n  did     = "12ab"\n  servers = ["1", "2", "3"]\n}\n');
    const r = await ws.tf(['validate']);
    expect(r.code).toBe(1);
    const text = r.stdout + r.stderr;
    expect(text).toMatch(/Invalid did/);
    expect(text).toMatch(/on bad\.tf line 2/);
    expect(text).toMatch(/on bad\.tf line 3/);
    expect(text).toMatch(/servers must hold at most 2 entries, not 3/);
    ws.write('bad.tf', 'resource "dsiprouter_outbound_route" "bad" {\n  name      = "x"\n  prefix    = "1"\n  gwgroupid = "0"\n}\n');
    const zero = await ws.tf(['validate']);
    expect(zero.stdout + zero.stderr).toMatch(/on bad\.tf line 4/);
    ws.write('bad.tf', '');
  }, 120_000);

  it('destroys everything it manages', async () => {
    const r = await ok(['destroy', '-auto-approve', '-input=false']);
    expect(r.stdout).toMatch(/Destroy complete! Resources: 7 destroyed/);
    expect(await client.listInboundMappings()).toEqual([]);
    expect((await client.listOutboundRoutes()).map((x) => x.name)).toEqual(['Default Outbound Route']);
  }, 180_000);
});
