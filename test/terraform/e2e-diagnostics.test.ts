import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { startReloadFailingProxy, type ReloadFailingProxy } from '../helpers/reload-failing-proxy.js';
import { hasTerraform, PROVIDER_BLOCK, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';

const HEADER = `${PROVIDER_BLOCK}resource "dsiprouter_inbound_mapping" "main" {
  did     = "15551230001"
  servers = ["1"]
  notes   = "NOTES"
  timeouts {
    create = "2m"
  }
}
`;

/**
 * Issue 13 through the real terraform binary: a failed proxy reload fails the apply, a DID made
 * outside Terraform says how to import it, the lookup data sources, and TF_LOG=DEBUG request lines.
 * The platform is the emulator behind a proxy that can make the reload fail.
 */
describe.skipIf(!hasTerraform)(`terraform: honest applies and provider diagnostics (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let proxy: ReloadFailingProxy;
  let client: PlatformClient;
  let ws: TfWorkspace;
  // Terraform wraps diagnostics at 78 columns: compare with whitespace collapsed.
  const all = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`.replace(/\s+/g, ' ');

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e13-token-0123456789', profile: TEST_PROFILE });
    proxy = await startReloadFailingProxy(emu.url);
    client = new PlatformClient({ url: emu.url, token: emu.token });
    ws = await terraformWorkspace({ dsip_url: proxy.url, dsip_token: emu.token });
    ws.write('main.tf', HEADER.replace('NOTES', 'first'));
    const init = await ws.tf(['init', '-input=false']);
    expect(init.code, all(init)).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await proxy?.close();
    await emu?.close();
  });

  it('fails the apply when the proxy reload fails, keeps the resource, warns until it is live, and reloads on the next apply', async () => {
    proxy.failing = true;
    const apply = await ws.tf(['apply', '-auto-approve', '-input=false']);
    expect(apply.code, all(apply)).toBe(1);
    expect(all(apply)).toMatch(/Error: Proxy reload failed: the change is written but not live/);
    expect(all(apply)).not.toMatch(/Apply complete!/);
    // Written, so in the state; Terraform marks a create that ended in an error tainted.
    const state = JSON.parse(readFileSync(join(ws.dir, 'terraform.tfstate'), 'utf8'));
    expect(state.resources.map((r: { type: string; name: string }) => `${r.type}.${r.name}`)).toEqual(['dsiprouter_inbound_mapping.main']);
    expect((await client.raw('GET', '/inboundmapping')).kamreload).toBe(true);

    const plan = await ws.tf(['plan', '-input=false']);
    expect(all(plan)).toMatch(/Warning: The platform has changes that are not live yet \(kamreload: true\)/);

    proxy.failing = false;
    ws.write('main.tf', HEADER.replace('NOTES', 'second'));
    const again = await ws.tf(['apply', '-auto-approve', '-input=false']);
    expect(again.code, all(again)).toBe(0);
    expect((await client.raw('GET', '/inboundmapping')).kamreload).toBe(false);
    const quiet = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(quiet.code, all(quiet)).toBe(0);
    expect(all(quiet)).not.toMatch(/not live yet/);
  }, 240_000);

  it('says which DID exists and how to import it when a create collides', async () => {
    await client.createInboundMapping({ did: '15551230002', servers: ['2'], notes: 'by hand' });
    await client.reloadProxy();
    const extra = 'resource "dsiprouter_inbound_mapping" "dup" {\n  did     = "15551230002"\n  servers = ["2"]\n  notes   = "by hand"\n}\n';
    ws.write('dup.tf', extra);
    const apply = await ws.tf(['apply', '-auto-approve', '-input=false']);
    expect(apply.code, all(apply)).toBe(1);
    expect(all(apply)).toMatch(/DID "15551230002" already has an inbound mapping/);
    expect(all(apply)).toContain('terraform import dsiprouter_inbound_mapping.<NAME> did:15551230002');
    const imported = await ws.tf(['import', '-input=false', 'dsiprouter_inbound_mapping.dup', 'did:15551230002']);
    expect(imported.code, all(imported)).toBe(0);
    const plan = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(plan.code, all(plan)).toBe(0);
  }, 240_000);

  it('looks up one mapping by DID and one route by name, and logs requests at TF_LOG=DEBUG without the token', async () => {
    await client.createOutboundRoute({ name: 'UK', prefix: '44', gwgroupid: '5', priority: 3 });
    ws.write(
      'data.tf',
      `
data "dsiprouter_inbound_mapping" "main" {
  did = dsiprouter_inbound_mapping.main.did
}
data "dsiprouter_outbound_route" "uk" {
  name = "UK"
}
output "main_servers" { value = data.dsiprouter_inbound_mapping.main.servers }
output "uk" { value = [data.dsiprouter_outbound_route.uk.prefix, data.dsiprouter_outbound_route.uk.priority] }
`,
    );
    const apply = await ws.tf(['apply', '-auto-approve', '-input=false']);
    expect(apply.code, all(apply)).toBe(0);
    const out = JSON.parse((await ws.tf(['output', '-json'])).stdout);
    expect(out.main_servers.value).toEqual(['1']);
    expect(out.uk.value).toEqual(['44', 3]);

    const debug = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
      ws.env.TF_LOG = 'DEBUG';
      void ws.tf(['plan', '-input=false']).then((r) => {
        delete ws.env.TF_LOG;
        resolve(r);
      });
    });
    expect(debug.stderr).toMatch(/\[DEBUG\] provider\.terraform-provider-dsiprouter\S*: GET \/inboundmapping\S* -> 200 in \d+ ms/);
    expect(debug.stderr).not.toContain(emu.token);

    ws.write('data.tf', 'data "dsiprouter_outbound_route" "none" {\n  name = "no such route"\n}\n');
    const missing = await ws.tf(['plan', '-input=false']);
    expect(missing.code).toBe(1);
    expect(all(missing)).toMatch(/No such outbound route/);
    expect(all(missing)).toMatch(/on data\.tf line 2/);
    ws.write('data.tf', '');
  }, 240_000);
});
