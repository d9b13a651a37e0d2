import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { secretFingerprint } from '../../src/api/secret-fingerprint.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { hasTerraform, PROVIDER_BLOCK, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';
import { zipEntries } from '../helpers/zip-entries.js';

const FIRST = 'eg-wo-first-secret-4b2e91';
const SECOND = 'eg-wo-second-secret-8a7c13';

/** An endpoint group with every field, its password write-only from an ephemeral variable, and a mapping that names it. */
const main = (version: number, endpoints: string): string => `${PROVIDER_BLOCK}
variable "pbx_password" {
  type      = string
  sensitive = true
  ephemeral = true
}
resource "dsiprouter_endpoint_group" "acme" {
  name       = "Acme PBX e2e"
  call_limit = 30
  strip      = 1
  prefix     = "9"
${endpoints}
  auth {
    type                     = "userpwd"
    auth_username            = "acme"
    auth_password_wo         = var.pbx_password
    auth_password_wo_version = ${version}
    auth_domain              = "pbx.acme.example"
  }
  notifications {
    over_max_call_limit = "noc@acme.example"
    endpoint_failure    = "noc@acme.example"
  }
  cdr {
    email         = "billing@acme.example"
    send_interval = "0 0 * * *"
  }
}
resource "dsiprouter_inbound_mapping" "acme" {
  did   = "15557790001"
  group = dsiprouter_endpoint_group.acme.name
}
`;
const block = (name: string, hostname: string) => `  endpoint {\n    name     = "${name}"\n    hostname = "${hostname}"\n  }\n`;
const TWO = block('acme-main', '203.0.113.10') + block('acme-backup', '203.0.113.11:5080');
const CHANGED = block('acme-new', '203.0.113.12') + block('acme-main', '203.0.113.20');
/** The endpoints of CHANGED in the platform's order (by gateway id, acme-main's the older): the order an import reads. */
const IN_GWID_ORDER = block('acme-main', '203.0.113.20') + block('acme-new', '203.0.113.12');

/**
 * dsiprouter_endpoint_group (issue 34 §5) through the real terraform binary against the emulator:
 * created with a mapping that names it in one apply, the write-only password nowhere Terraform
 * keeps what it planned or applied, gateway ids kept across an endpoint update, a validate-time
 * refusal at the attribute, import by id and by name into a plan without changes, and destroy.
 */
describe.skipIf(!hasTerraform)(`terraform: dsiprouter_endpoint_group (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let ws: TfWorkspace;
  const ok = async (args: string[]) => {
    const r = await ws.tf(args);
    expect(r.code, `terraform ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r;
  };
  const noChanges = async () => {
    const r = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  };
  const live = async () => {
    const [g, ...more] = (await client.listEndpointGroups()).filter((x) => x.name === 'Acme PBX e2e');
    expect(more).toEqual([]);
    return g ? client.getEndpointGroup(g.gwgroupid) : null;
  };
  const expectNowhere = async (secret: string, planFile: string) => {
    expect(readFileSync(join(ws.dir, 'terraform.tfstate'), 'utf8')).not.toContain(secret);
    expect((await ok(['show', '-json'])).stdout).not.toContain(secret);
    const raw = readFileSync(join(ws.dir, planFile));
    expect(raw.includes(secret)).toBe(false);
    for (const { name, data } of zipEntries(raw)) expect(data.includes(secret), `plan file entry ${name}`).toBe(false);
    expect((await ok(['show', '-json', planFile])).stdout).not.toContain(secret);
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e-eg-token-0123456789', profile: TEST_PROFILE });
    client = new PlatformClient({ url: emu.url, token: emu.token });
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token, pbx_password: FIRST });
    ws.write('main.tf', main(1, TWO));
    await ok(['init', '-input=false']);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await emu?.close();
  });

  it('creates the group and a mapping naming it, the password sent and kept out of plan, state and output', async () => {
    const plan = await ok(['plan', '-input=false', '-out=create.tfplan']);
    expect(plan.stdout).toMatch(/Plan: 2 to add, 0 to change, 0 to destroy/);
    expect(plan.stdout).toMatch(/auth_password_wo\s+= \(write-only attribute\)/);
    const apply = await ok(['apply', '-input=false', 'create.tfplan']);
    expect(apply.stdout + apply.stderr).not.toContain(FIRST);
    const group = (await live())!;
    expect(group).toMatchObject({
      call_limit: 30,
      strip: 1,
      prefix: '9',
      notifications: { over_max_call_limit: 'noc@acme.example', endpoint_failure: 'noc@acme.example' },
      cdr: { email: 'billing@acme.example', send_interval: '0 0 * * *' },
      auth: { auth_username: 'acme', auth_domain: 'pbx.acme.example', password_fingerprint: secretFingerprint(FIRST) },
    });
    expect(group.endpoints.map((e) => e.hostname).sort()).toEqual(['203.0.113.10:5060', '203.0.113.11:5080']);
    expect((await client.getInboundMapping({ did: '15557790001' }))?.servers).toEqual([`#${group.gwgroupid}`]);
    await expectNowhere(FIRST, 'create.tfplan');
    await noChanges();
  }, 240_000);

  it('keeps the gateway id of a kept endpoint across an update, and sends a new password only with a new version', async () => {
    const before = (await live())!;
    const mainGwid = before.gwids[before.endpoints.findIndex((e) => e.name === 'acme-main')]!;
    ws.env.TF_VAR_pbx_password = SECOND;
    await noChanges(); // a new write-only value alone is not a change Terraform can see
    ws.write('main.tf', main(2, CHANGED));
    const plan = await ok(['plan', '-input=false', '-out=update.tfplan']);
    expect(plan.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
    expect(plan.stdout).toMatch(/auth_password_wo_version\s+= 1 -> 2/);
    await ok(['apply', '-input=false', 'update.tfplan']);
    const after = (await live())!;
    expect(after.gwgroupid).toBe(before.gwgroupid);
    expect(after.gwids[after.endpoints.findIndex((e) => e.name === 'acme-main')]).toBe(mainGwid);
    expect(after.endpoints.map((e) => e.name).sort()).toEqual(['acme-main', 'acme-new']);
    expect(after.auth?.password_fingerprint).toBe(secretFingerprint(SECOND));
    await expectNowhere(SECOND, 'update.tfplan');
    await noChanges();
  }, 240_000);

  it('refuses an IPv6 endpoint at validate, pointing at the attribute', async () => {
    ws.write('main.tf', main(2, block('acme-main', '[2001:db8::1]:5060')));
    const r = await ws.tf(['validate']);
    ws.write('main.tf', main(2, CHANGED));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Invalid endpoint/);
    expect(r.stderr.replace(/\s+/g, ' ')).toMatch(/IPv6 address: the platform stores it, but every later read of the group fails with 500/);
    expect(r.stderr).toMatch(
      /on main\.tf line \d+, in resource "dsiprouter_endpoint_group" "acme":\n\s*\d+:\s+hostname = "\[2001:db8::1\]:5060"/,
    );
  }, 120_000);

  /** A second workspace holding only the group, as someone adopting it would write it; imported with `id`. */
  const imported = async (hcl: string, id: string): Promise<TfWorkspace> => {
    const other = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token, pbx_password: SECOND });
    other.write('main.tf', hcl.slice(0, hcl.indexOf('resource "dsiprouter_inbound_mapping"')));
    for (const args of [
      ['init', '-input=false'],
      ['import', '-input=false', 'dsiprouter_endpoint_group.acme', id],
    ]) {
      const r = await other.tf(args);
      expect(r.code, `terraform ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    }
    return other;
  };

  it('imports by id and by name:, the password Terraform never sent the only change planned', async () => {
    const group = (await live())!;
    for (const id of [String(group.gwgroupid), 'name:Acme PBX e2e']) {
      const other = await imported(main(2, IN_GWID_ORDER), id);
      const r = await other.tf(['plan', '-detailed-exitcode', '-input=false']);
      expect(r.code, `${id}\n${r.stdout}\n${r.stderr}`).toBe(2);
      expect(r.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
      expect(r.stdout.match(/^\s+[~+-] .*=.*$/gm)).toEqual([expect.stringMatching(/auth_password_wo_version\s+= 2/)]);
    }
  }, 240_000);

  it('imports a group without a registration into a plan without changes', async () => {
    const without = main(2, IN_GWID_ORDER).replace(/ {2}auth \{[\s\S]*?\n {2}\}\n/, '');
    ws.write('main.tf', without);
    await ok(['apply', '-auto-approve', '-input=false']);
    expect((await live())!.auth).toBeUndefined();
    const other = await imported(without, 'name:Acme PBX e2e');
    const r = await other.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  }, 240_000);

  it('destroys the mapping, then the group', async () => {
    const r = await ok(['destroy', '-auto-approve', '-input=false']);
    expect(r.stdout).toMatch(/Destroy complete! Resources: 2 destroyed/);
    expect(await live()).toBeNull();
  }, 180_000);
});
