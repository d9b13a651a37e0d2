import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { hasTerraform, PROVIDER_BLOCK, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';

/** Three resources in the state, a fourth to create, and a data source: five calls that read the platform. */
const APPLIED = `resource "dsiprouter_inbound_mapping" "a" {
  did     = "15559990100"
  servers = ["1"]
}
resource "dsiprouter_inbound_mapping" "b" {
  did     = "15559990101"
  servers = ["1"]
}
resource "dsiprouter_outbound_route" "c" {
  name      = "c"
  prefix    = "44"
  gwgroupid = "1"
}
`;
const MORE = `resource "dsiprouter_inbound_mapping" "d" {
  did     = "15559990109"
  servers = ["1"]
}
data "dsiprouter_carrier_group" "x" { name = "nope" }
`;

/**
 * Issue 27: a failure of the platform as a whole during `terraform plan` (a wrong token, the
 * platform down) is said in full once per run of the provider. Issue 37: it is said at
 * ConfigureProvider, which checks the platform, so Terraform stops there with that one error
 * instead of one per resource, and a plan that asks no resource anything (-refresh-only of an
 * empty state) fails too.
 */
describe.skipIf(!hasTerraform)(`terraform plan says a platform failure once (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let ws: TfWorkspace;
  // Terraform wraps diagnostics at 78 columns: compare with whitespace collapsed.
  const all = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`.replace(/\s+/g, ' ');
  const times = (text: string, part: string) => text.split(part).length - 1;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e27-once-0123456789', profile: TEST_PROFILE });
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token });
    ws.write('main.tf', PROVIDER_BLOCK + APPLIED);
    const init = await ws.tf(['init', '-input=false']);
    expect(init.code, all(init)).toBe(0);
    const applied = await ws.tf(['apply', '-auto-approve', '-input=false']);
    expect(applied.code, all(applied)).toBe(0);
    ws.write('main.tf', PROVIDER_BLOCK + APPLIED + MORE);
  }, 180_000);
  afterAll(async () => {
    await emu?.close();
  });

  it.each([
    ['with refresh', []],
    ['without refresh', ['-refresh=false']],
  ])(
    'gives the hint about a wrong token once, %s, at the provider',
    async (_, extra) => {
      const r = await ws.tf(['plan', '-input=false', ...extra, '-var', 'dsip_token=wrong-token-0123456789']);
      const said = all(r);
      expect(r.code, said).toBe(1);
      expect(times(said, "Check the API token in the provider's token attribute (or DSIP_TOKEN)")).toBe(1);
      expect(times(said, 'Error: Could not read the platform')).toBe(1);
      expect(times(said, 'Error: ')).toBe(1);
      expect(said).toMatch(/with provider\["registry\.terraform\.io\/dsipform\/dsiprouter"\]/);
      expect(times(said, '401 unauthorized')).toBe(1);
      expect(said).not.toContain('The same failure as another error of this run');
      expect(said).not.toContain('wrong-token-0123456789');
    },
    120_000,
  );

  it('gives the hint about the URL once, at the provider, when the platform is down', async () => {
    await emu.close();
    const r = await ws.tf(['plan', '-input=false']);
    const said = all(r);
    expect(r.code, said).toBe(1);
    expect(times(said, 'Check url in the provider block (or DSIP_URL)')).toBe(1);
    expect(times(said, 'Error: ')).toBe(1);
    expect(times(said, 'refused')).toBe(1);
  }, 120_000);
});

/** Issue 37: no resource asks the platform anything, so only ConfigureProvider can say the token is wrong. */
describe.skipIf(!hasTerraform)(`terraform plan -refresh-only of an empty state checks the platform (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let ws: TfWorkspace;
  const all = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`.replace(/\s+/g, ' ');

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e37-refresh-0123456789', profile: TEST_PROFILE });
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token });
    ws.write('main.tf', PROVIDER_BLOCK + APPLIED);
    const init = await ws.tf(['init', '-input=false']);
    expect(init.code, all(init)).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await emu?.close();
  });

  it('fails with a wrong token, and passes with the right one', async () => {
    const wrong = await ws.tf(['plan', '-refresh-only', '-input=false', '-var', 'dsip_token=wrong-token-0123456789']);
    const said = all(wrong);
    expect(wrong.code, said).toBe(1);
    expect(said).toContain('Error: Could not read the platform');
    expect(said).toContain("Check the API token in the provider's token attribute (or DSIP_TOKEN)");
    expect(said).not.toContain('wrong-token-0123456789');
    const right = await ws.tf(['plan', '-refresh-only', '-input=false']);
    expect(right.code, all(right)).toBe(0);
    expect(right.stdout).toMatch(/No changes/);
  }, 120_000);
});
