import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { hasTerraform, PROVIDER_BLOCK, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';
import { zipEntries } from '../helpers/zip-entries.js';

const FIRST = 'wo-first-secret-7c1d9a';
const SECOND = 'wo-second-secret-3f8e20';

/** A carrier group whose registration password is write-only, from an ephemeral variable. */
const main = (version: number): string => `${PROVIDER_BLOCK}
variable "acme_password" {
  type      = string
  sensitive = true
  ephemeral = true
}
resource "dsiprouter_carrier_group" "acme" {
  name = "Acme write-only"
  endpoint {
    name     = "acme-1"
    hostname = "sip1.acme.example"
  }
  auth {
    type                     = "userpwd"
    auth_username            = "acct"
    auth_password_wo         = var.acme_password
    auth_password_wo_version = ${version}
  }
}
`;

/**
 * `auth_password_wo` (issue 37) through the real terraform binary against the emulator: the
 * password reaches the platform, and neither the state, `terraform show -json`, nor the saved plan
 * (its JSON and its raw and unpacked bytes) holds it; bumping `auth_password_wo_version` sends the
 * new one, and a new password without a new version plans no change (Terraform cannot compare it).
 */
describe.skipIf(!hasTerraform)(`terraform: write-only carrier-group password (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let ws: TfWorkspace;
  let dataFile: string;
  const ok = async (args: string[]) => {
    const r = await ws.tf(args);
    expect(r.code, `terraform ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r;
  };
  /** The password the emulator holds for the group, from its data file (the API never shows it). */
  const held = (): unknown => {
    const data = JSON.parse(readFileSync(dataFile, 'utf8')) as {
      groups: { groups: { name: string; registration: { auth_password: string } | null }[] };
    };
    return data.groups.groups.find((g) => g.name === 'Acme write-only')?.registration?.auth_password;
  };
  /** Every place Terraform keeps what it planned or applied, none of which may hold a password. */
  const expectNowhere = async (secret: string, planFile?: string) => {
    expect(readFileSync(join(ws.dir, 'terraform.tfstate'), 'utf8')).not.toContain(secret);
    expect((await ok(['show', '-json'])).stdout).not.toContain(secret);
    if (!planFile) return;
    const raw = readFileSync(join(ws.dir, planFile));
    expect(raw.includes(secret)).toBe(false);
    const entries = zipEntries(raw);
    expect(entries.length).toBeGreaterThan(0);
    for (const { name, data } of entries) expect(data.includes(secret), `plan file entry ${name}`).toBe(false);
    expect((await ok(['show', '-json', planFile])).stdout).not.toContain(secret);
  };

  beforeAll(async () => {
    dataFile = join(mkdtempSync(join(tmpdir(), 'dsipform-tf-wo-')), 'emu.json');
    emu = await startEmulator({ port: 0, token: 'tf-e2e-wo-token-0123456789', profile: TEST_PROFILE, dataFile });
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token, acme_password: FIRST });
    ws.write('main.tf', main(1));
    await ok(['init', '-input=false']);
  }, 120_000);
  afterAll(async () => {
    await emu?.close();
  });

  it('sends the password and keeps it out of the saved plan, the state and terraform show', async () => {
    const plan = await ok(['plan', '-input=false', '-out=create.tfplan']);
    expect(plan.stdout).toMatch(/Plan: 1 to add/);
    expect(plan.stdout).toMatch(/auth_password_wo\s+= \(write-only attribute\)/);
    const apply = await ok(['apply', '-input=false', 'create.tfplan']);
    expect(apply.stdout + apply.stderr).not.toContain(FIRST);
    expect(held()).toBe(FIRST);
    await expectNowhere(FIRST, 'create.tfplan');
    const state = JSON.parse(readFileSync(join(ws.dir, 'terraform.tfstate'), 'utf8'));
    const auth = state.resources[0].instances[0].attributes.auth;
    expect(auth).toMatchObject({ type: 'userpwd', auth_username: 'acct', auth_password_wo: null, auth_password_wo_version: 1 });
    const again = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
  }, 240_000);

  it('plans no change for a new password under the same version, and sends it when the version is bumped', async () => {
    ws.env.TF_VAR_acme_password = SECOND;
    const same = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(same.code, `${same.stdout}\n${same.stderr}`).toBe(0);
    expect(held()).toBe(FIRST);
    ws.write('main.tf', main(2));
    const plan = await ok(['plan', '-input=false', '-out=bump.tfplan']);
    expect(plan.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
    expect(plan.stdout).toMatch(/auth_password_wo_version\s+= 1 -> 2/);
    await ok(['apply', '-input=false', 'bump.tfplan']);
    expect(held()).toBe(SECOND);
    await expectNowhere(SECOND, 'bump.tfplan');
    await expectNowhere(FIRST);
    const again = await ws.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
  }, 240_000);
});
