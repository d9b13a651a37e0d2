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
 * platform down) is said in full once per run of the provider; each other resource still fails,
 * naming its own request, and refers to it instead of repeating the hint.
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
    'gives the hint about a wrong token once, %s, and still fails every call',
    async (_, extra) => {
      const r = await ws.tf(['plan', '-input=false', ...extra, '-var', 'dsip_token=wrong-token-0123456789']);
      const said = all(r);
      expect(r.code, said).toBe(1);
      expect(times(said, "Check the API token in the provider's token attribute (or DSIP_TOKEN)")).toBe(1);
      // Each resource and the data source still has its error, with its request and the pointer.
      expect(times(said, 'Error: ')).toBe(5);
      expect(times(said, '401 unauthorized')).toBe(5);
      expect(times(said, 'The same failure as another error of this run, which says what to do about it.')).toBe(4);
      expect(said).not.toContain('wrong-token-0123456789');
    },
    120_000,
  );

  it('gives the hint about the URL once when the platform is down', async () => {
    await emu.close();
    const r = await ws.tf(['plan', '-input=false']);
    const said = all(r);
    expect(r.code, said).toBe(1);
    expect(times(said, 'Check url in the provider block (or DSIP_URL)')).toBe(1);
    expect(times(said, 'refused')).toBe(5);
    expect(times(said, 'The same failure as another error of this run')).toBe(4);
  }, 120_000);
});
