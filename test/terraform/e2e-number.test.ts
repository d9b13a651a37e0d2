import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { hasTerraform, PROVIDER_BLOCK, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';

/** Two numbers, one written with a "+", and a mapping for the first's DID without it. */
const NUMBERS = `
resource "dsiprouter_number" "main" {
  did     = "+15557790001"
  status  = "assigned"
  carrier = "Telnyx"
  pool    = "chicago-main"
}
resource "dsiprouter_number" "spare" {
  did    = "15557790002"
  status = "reserved"
}
`;
const MAPPING = `
resource "dsiprouter_inbound_mapping" "main" {
  did        = "15557790001"
  servers    = ["#1"]
  depends_on = [dsiprouter_number.main]
}
`;

/**
 * dsiprouter_number (issue 35 §2) through the real terraform binary against the emulator's
 * deployed API (`--profile current`, which has the Numbers module): create beside a mapping of the
 * same DID without its "+" (the platform marks the number assigned: no change after), import by id
 * and by did: into a plan without changes, update, destroy; and against a platform without the
 * module (`spec`), a plan that fails in NUMBERS_MODULE_MISSING's words.
 */
describe.skipIf(!hasTerraform)('terraform: dsiprouter_number (current API)', () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let ws: TfWorkspace;
  const ok = async (w: TfWorkspace, args: string[]) => {
    const r = await w.tf(args);
    expect(r.code, `terraform ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r;
  };
  const noChanges = async (w: TfWorkspace) => {
    const r = await w.tf(['plan', '-detailed-exitcode', '-input=false']);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e-num-token-0123456789', profile: 'current' });
    client = new PlatformClient({ url: emu.url, token: emu.token });
    ws = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token });
    ws.write('main.tf', PROVIDER_BLOCK + NUMBERS + MAPPING);
    await ok(ws, ['init', '-input=false']);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await emu?.close();
  });

  it('creates the numbers and the mapping, then plans no changes (the + kept, the status the platform sets the declared one)', async () => {
    const plan = await ok(ws, ['plan', '-input=false']);
    expect(plan.stdout).toMatch(/Plan: 3 to add, 0 to change, 0 to destroy/);
    await ok(ws, ['apply', '-auto-approve', '-input=false']);
    const held = await client.listNumbers();
    expect(held.map((n) => [n.did, n.status, n.carrier, n.pool]).sort()).toEqual([
      ['+15557790001', 'assigned', 'Telnyx', 'chicago-main'],
      ['15557790002', 'reserved', null, null],
    ]);
    expect((await client.getInboundMapping({ did: '15557790001' }))?.servers).toEqual(['#1']);
    await noChanges(ws);
  }, 240_000);

  it('imports by id and by did: (without the +) into a plan without changes', async () => {
    const main = (await client.listNumbers()).find((n) => n.did === '+15557790001')!;
    for (const id of [String(main.id), 'did:15557790001']) {
      const other = await terraformWorkspace({ dsip_url: emu.url, dsip_token: emu.token });
      other.write('main.tf', PROVIDER_BLOCK + NUMBERS.slice(0, NUMBERS.indexOf('resource "dsiprouter_number" "spare"')));
      await ok(other, ['init', '-input=false']);
      await ok(other, ['import', '-input=false', 'dsiprouter_number.main', id]);
      await noChanges(other);
    }
  }, 240_000);

  it('updates in place: the DID without its +, a pool cleared', async () => {
    ws.write(
      'main.tf',
      PROVIDER_BLOCK + NUMBERS.replace('"+15557790001"', '"15557790001"').replace('  pool    = "chicago-main"\n', '') + MAPPING,
    );
    const plan = await ok(ws, ['plan', '-input=false']);
    expect(plan.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
    expect(plan.stdout).toMatch(/did\s+= "\+15557790001" -> "15557790001"/);
    await ok(ws, ['apply', '-auto-approve', '-input=false']);
    expect((await client.listNumbers()).find((n) => n.did === '15557790001')).toMatchObject({ status: 'assigned', pool: null });
    await noChanges(ws);
  }, 240_000);

  it('destroys them', async () => {
    const r = await ok(ws, ['destroy', '-auto-approve', '-input=false']);
    expect(r.stdout).toMatch(/Destroy complete! Resources: 3 destroyed/);
    expect(await client.listNumbers()).toEqual([]);
  }, 180_000);

  it('fails the plan against a platform without the Numbers module, saying what detection found', async () => {
    const spec = await startEmulator({ port: 0, token: 'tf-e2e-num-spec-token-0123456789', profile: 'spec' });
    try {
      const other = await terraformWorkspace({ dsip_url: spec.url, dsip_token: spec.token });
      other.write('main.tf', PROVIDER_BLOCK + NUMBERS);
      await ok(other, ['init', '-input=false']);
      await ok(other, ['validate']);
      const r = await other.tf(['plan', '-input=false']);
      expect(r.code).toBe(1);
      const said = r.stderr.replace(/\s+/g, ' ');
      expect(said).toMatch(/Error: The platform has no Numbers module/);
      expect(said).toMatch(/detection found API profile spec \(detected\), which has no Numbers module\) \(NUMBERS_MODULE_MISSING\)/);
      expect(said).toMatch(/with dsiprouter_number\.main/);
    } finally {
      await spec.close();
    }
  }, 180_000);
});
