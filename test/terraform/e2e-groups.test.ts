import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { hasTerraform, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';

const SECRET = 'acme-sip-password-0123456789';

/** A carrier group made by Terraform, groups made on the platform, and rules that name them. */
const MAIN = `
terraform {
  required_providers {
    dsiprouter = { source = "dsipform/dsiprouter" }
  }
}
variable "dsip_url" {}
variable "dsip_token" { sensitive = true }
variable "acme_password" { sensitive = true }
provider "dsiprouter" {
  url   = var.dsip_url
  token = var.dsip_token
}

resource "dsiprouter_carrier_group" "acme" {
  name = "Acme e2e"
  endpoint {
    name     = "acme-1"
    hostname = "sip1.acme.example"
  }
  endpoint {
    name     = "acme-2"
    hostname = "sip2.acme.example:5080"
    weight   = 2
  }
  auth {
    type          = "userpwd"
    auth_username = "acct"
    auth_password = var.acme_password
  }
}

data "dsiprouter_carrier_group" "legacy" {
  name = "Legacy e2e"
}
data "dsiprouter_endpoint_group" "pbx" {
  name = "PBX e2e"
}

resource "dsiprouter_outbound_route" "de" {
  name          = "Germany"
  prefix        = "49"
  carrier_group = dsiprouter_carrier_group.acme.name
}
resource "dsiprouter_outbound_route" "fr" {
  name      = "France"
  prefix    = "33"
  gwgroupid = data.dsiprouter_carrier_group.legacy.gwgroupid
}
resource "dsiprouter_inbound_mapping" "support" {
  did   = "15557770001"
  group = "PBX e2e"
}
resource "dsiprouter_inbound_mapping" "acme" {
  did     = "15557770002"
  servers = [dsiprouter_carrier_group.acme.ref]
}

output "pbx_ref" {
  value = data.dsiprouter_endpoint_group.pbx.ref
}
`;

/**
 * The groups of issue 17 through the real terraform binary against the emulator: a carrier group
 * created and referred to by name in one apply, both data sources, a mapping by group name, then
 * no changes, an unknown name, and destroy. One workspace, steps in order (each command costs seconds).
 */
describe.skipIf(!hasTerraform)(`terraform end to end: carrier groups and groups by name (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let ws: TfWorkspace;
  let legacy: number;
  let pbx: number;
  const ok = async (args: string[]) => {
    const r = await ws.tf(args);
    expect(r.code, `terraform ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r;
  };
  const acme = async () => (await client.listCarrierGroups()).filter((g) => g.name === 'Acme e2e');

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e-groups-token-0123456789', profile: TEST_PROFILE });
    client = new PlatformClient({ url: emu.url, token: emu.token });
    legacy = await client.createCarrierGroup({
      name: 'Legacy e2e',
      lb_enabled: false,
      endpoints: [{ name: 'old', hostname: 'old.example', strip: 0, prefix: '', weight: 1 }],
    });
    const made = await client.raw('POST', '/endpointgroups', { body: { name: 'PBX e2e', endpoints: [{ host: '10.9.9.9' }] } });
    pbx = Number((made.data as { gwgroupid: number }[])[0]!.gwgroupid);
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token, acme_password: SECRET });
    ws.write('main.tf', MAIN);
    await ok(['init', '-input=false']);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await emu?.close();
  });

  it('creates a carrier group and the rules that name it in one apply, then plans no changes', async () => {
    const plan = await ok(['plan', '-input=false']);
    expect(plan.stdout).toMatch(/Plan: 5 to add, 0 to change, 0 to destroy/);
    // The group's id and Germany's gwgroupid (the group does not exist yet); France's comes from the data source.
    expect(plan.stdout.match(/ gwgroupid += \(known after apply\)/g)).toHaveLength(2);
    expect(plan.stdout).toMatch(new RegExp(`servers += \\[\\s*\\+ "#${pbx}"`)); // the support mapping, resolved at plan
    const apply = await ok(['apply', '-auto-approve', '-input=false']);
    expect(apply.stdout).toMatch(/Apply complete! Resources: 5 added/);
    expect(apply.stdout + apply.stderr).not.toContain(SECRET);
    const [group, ...more] = await acme();
    expect(more).toEqual([]);
    const routes = await client.listOutboundRoutes();
    expect(routes.find((r) => r.name === 'Germany')?.gwgroupid).toBe(String(group!.gwgroupid));
    expect(routes.find((r) => r.name === 'France')?.gwgroupid).toBe(String(legacy));
    expect((await client.getInboundMapping({ did: '15557770001' }))?.servers).toEqual([`#${pbx}`]);
    expect((await client.getInboundMapping({ did: '15557770002' }))?.servers).toEqual([`#${group!.gwgroupid}`]);
    expect((await client.getCarrierGroup(group!.gwgroupid))?.endpoints.map((e) => e.name)).toEqual(['acme-1', 'acme-2']);
    // "sip1.acme.example" is held as sip1.acme.example:5060 by the platform: no perpetual diff.
    const again = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
    expect(again.stdout).toMatch(/No changes/);
    expect(JSON.parse((await ok(['output', '-json'])).stdout).pbx_ref.value).toBe(`#${pbx}`);
  }, 240_000);

  it('fails the plan on an unknown group name, at the attribute, listing the names', async () => {
    onTestFinished(() => ws.write('bad.tf', ''));
    ws.write(
      'bad.tf',
      'resource "dsiprouter_outbound_route" "bad" {\n  name          = "bad"\n  prefix        = "7"\n  carrier_group = "Acme e2"\n}\n',
    );
    const r = await ws.tf(['plan', '-input=false']);
    expect(r.code).toBe(1);
    const text = r.stdout + r.stderr;
    expect(text).toMatch(/No carrier group is named "Acme e2"/);
    expect(text).toMatch(/on bad\.tf line 4/);
    expect(text).toMatch(/"Acme e2e"/);
    expect(text).toMatch(/"Legacy e2e"/);
  }, 120_000);

  it('destroys the rules before the group', async () => {
    const r = await ok(['destroy', '-auto-approve', '-input=false']);
    expect(r.stdout).toMatch(/Destroy complete! Resources: 5 destroyed/);
    expect(await acme()).toEqual([]);
    expect((await client.listOutboundRoutes()).map((x) => x.name)).not.toContain('Germany');
    expect((await client.listCarrierGroups()).map((g) => g.gwgroupid)).toContain(legacy);
  }, 180_000);
});
