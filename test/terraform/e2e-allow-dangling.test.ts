import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { hasTerraform, PROVIDER_BLOCK, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';

const DANGLING = `resource "dsiprouter_inbound_mapping" "later" {
  did     = "15559990201"
  servers = ["#999"]
}
resource "dsiprouter_outbound_route" "later" {
  name      = "to a carrier made later"
  prefix    = "44"
  gwgroupid = "999"
}
`;
/** A route whose time recurrence the proxy reads other than written (bymonth counts from 0). */
const QUIRK = `resource "dsiprouter_outbound_route" "march" {
  name      = "in february"
  prefix    = "45"
  gwgroupid = "1"
  timerec   = "20270101T000000|PT23H|daily|||||||2"
}
`;
const ALLOWING = PROVIDER_BLOCK.replace('token = var.dsip_token', 'token = var.dsip_token\n  allow_dangling = true');

/**
 * Issue 27 through the real terraform binary: the provider's plan-time checks of a rule are the
 * pipeline's (pipeline/rule-checks.ts), so `allow_dangling = true` in the provider block does what
 * `dsipform plan --allow-dangling` does (a reference the proxy drops is a warning, the apply goes
 * ahead), and the routing lints about one rule show as warnings at the attribute.
 */
describe.skipIf(!hasTerraform)(`terraform: allow_dangling and the lints of one rule (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let ws: TfWorkspace;
  // Terraform wraps diagnostics at 78 columns: compare with whitespace collapsed.
  const all = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`.replace(/\s+/g, ' ');

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e27-dangle-0123456789', profile: TEST_PROFILE });
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token });
    ws.write('main.tf', PROVIDER_BLOCK + DANGLING);
    const init = await ws.tf(['init', '-input=false']);
    expect(init.code, all(init)).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await emu?.close();
  });

  it('refuses a group the platform does not have without allow_dangling, naming the setting', async () => {
    const r = await ws.tf(['plan', '-input=false']);
    const said = all(r);
    expect(r.code, said).toBe(1);
    expect(said).toMatch(/Error: Invalid servers .*servers name group 999, which does not exist on the platform: the proxy drops the rule/);
    expect(said).toMatch(/Error: Invalid gwgroupid .*gwgroupid names group 999/);
    expect(said).toContain('set allow_dangling = true in the provider block');
  }, 120_000);

  it('plans and applies it with a warning at the attribute with allow_dangling = true', async () => {
    ws.write('main.tf', ALLOWING + DANGLING);
    const plan = await ws.tf(['plan', '-input=false']);
    const said = all(plan);
    expect(plan.code, said).toBe(0);
    expect(said).toMatch(/Plan: 2 to add/);
    expect(said).toMatch(
      /Warning: Dangling servers \(allowed by allow_dangling\) .*on main\.tf line \d+, in resource "dsiprouter_inbound_mapping" "later".*servers name group 999, which does not exist on the platform: the proxy drops the rule\./,
    );
    expect(said).toMatch(/Warning: Dangling gwgroupid \(allowed by allow_dangling\) .*gwgroupid names group 999/);
    const applied = await ws.tf(['apply', '-auto-approve', '-input=false']);
    expect(applied.code, all(applied)).toBe(0);
    expect(all(applied)).toMatch(/Apply complete! Resources: 2 added/);
  }, 120_000);

  it('warns at timerec about a time recurrence the proxy reads other than written, and plans it', async () => {
    ws.write('main.tf', ALLOWING + DANGLING + QUIRK);
    const plan = await ws.tf(['plan', '-input=false']);
    const said = all(plan);
    expect(plan.code, said).toBe(0);
    expect(said).toMatch(/Plan: 1 to add/);
    expect(said).toMatch(
      /Warning: Routing warning \(bymonth_from_zero\) .*in resource "dsiprouter_outbound_route" "march".*timerec = .*route "in february": timerec "20270101T000000\|PT23H\|daily\|\|\|\|\|\|\|2": bymonth 2 matches March on the proxy .*hint: write bymonth 1/,
    );
  }, 120_000);
});
