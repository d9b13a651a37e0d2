import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { runMain } from '../helpers/in-process.js';
import { hasTerraform, PROVIDER_BLOCK, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';

const HEADER = PROVIDER_BLOCK;

const SOUND = `resource "dsiprouter_inbound_mapping" "sound" {
  did     = "15559990100"
  servers = ["1"]
}
`;

const DANGLING = `resource "dsiprouter_inbound_mapping" "gateway" {
  did     = "15559990101"
  servers = ["999"]
}
resource "dsiprouter_inbound_mapping" "group" {
  did     = "15559990102"
  servers = ["#999"]
}
resource "dsiprouter_outbound_route" "group" {
  name      = "to nowhere"
  prefix    = "44"
  gwgroupid = "999"
}
`;

/**
 * Issue 27 through the real terraform binary, one workspace for all: `terraform plan` fails with a
 * wrong token (a plan used as a CI gate must not pass with broken credentials), fails on references
 * the proxy drops at their attributes in the words `dsipform plan` uses, and `terraform validate`
 * refuses an api_profile that is none of the three.
 */
describe.skipIf(!hasTerraform)(`terraform plan refuses what dsipform plan refuses (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let ws: TfWorkspace;
  // Terraform wraps diagnostics at 78 columns: compare with whitespace collapsed.
  const all = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`.replace(/\s+/g, ' ');

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e27-token-0123456789', profile: TEST_PROFILE });
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token });
    ws.write('main.tf', HEADER + SOUND);
    const init = await ws.tf(['init', '-input=false']);
    expect(init.code, all(init)).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await emu?.close();
  });

  it('fails the plan with a wrong token, saying so, though planning a create needs nothing else from the platform', async () => {
    const good = await ws.tf(['plan', '-input=false']);
    expect(good.code, all(good)).toBe(0);
    expect(all(good)).toMatch(/Plan: 1 to add/);
    const wrong = await ws.tf(['plan', '-input=false', '-var', 'dsip_token=wrong-token-0123456789']);
    expect(wrong.code, all(wrong)).toBe(1);
    expect(all(wrong)).toMatch(/Error: Could not read the platform /);
    expect(all(wrong)).toMatch(/401 unauthorized .*Check the API token in the provider's token attribute \(or DSIP_TOKEN\)/);
    expect(all(wrong)).not.toMatch(/Plan: \d+ to add/);
    expect(all(wrong)).not.toContain('wrong-token-0123456789');
  }, 120_000);

  it('fails the plan on a gateway or group that does not exist, at the attribute, in the CLI words', async () => {
    ws.write('main.tf', HEADER + DANGLING);
    const plan = await ws.tf(['plan', '-input=false']);
    expect(plan.code, all(plan)).toBe(1);
    const said = all(plan);
    expect(said).toMatch(
      /Error: Invalid servers .*on main\.tf line 17, in resource "dsiprouter_inbound_mapping" "gateway": 17: servers = \["999"\]/,
    );
    expect(said).toMatch(/on main\.tf line 21, in resource "dsiprouter_inbound_mapping" "group": 21: servers = \["#999"\]/);
    expect(said).toMatch(
      /Error: Invalid gwgroupid .*on main\.tf line 26, in resource "dsiprouter_outbound_route" "group": 26: gwgroupid = "999"/,
    );
    // dsipform plan, on the same rules against the same platform, says the same.
    const file = join(ws.dir, 'same.yaml');
    writeFileSync(
      file,
      [
        'version: 1',
        'inbound_mappings:',
        '  - { did: "15559990101", servers: ["999"] }',
        '  - { did: "15559990102", servers: ["#999"] }',
        'outbound_routes:',
        '  - { name: to nowhere, prefix: "44", gwgroupid: "999" }',
        '',
      ].join('\n'),
    );
    const cli = await runMain(['plan', file, '--url', emu.url], { env: { DSIP_TOKEN: emu.token, DSIP_API_PROFILE: TEST_PROFILE } });
    expect(cli.code, cli.stderr).toBe(1);
    const messages = [...cli.stderr.matchAll(/same\.yaml:\d+:\d+: (.*: the proxy drops the rule[^\n]*)/g)].map((m) => m[1]!);
    expect(messages).toHaveLength(3);
    for (const m of messages) expect(said).toContain(m);
    ws.write('main.tf', HEADER + SOUND);
  }, 120_000);

  it('refuses api_profile = "bogus" at terraform validate, pointing at the attribute', async () => {
    ws.write('main.tf', HEADER.replace('token = var.dsip_token', 'token = var.dsip_token\n  api_profile = "bogus"') + SOUND);
    const r = await ws.tf(['validate']);
    expect(r.code, all(r)).toBe(1);
    expect(all(r)).toMatch(/Error: Invalid api_profile .*on main\.tf line 14, in provider "dsiprouter": 14: api_profile = "bogus"/);
    expect(all(r)).toMatch(/"bogus" is not one of auto, spec, current/);
    ws.write('main.tf', HEADER + SOUND);
  }, 120_000);
});
