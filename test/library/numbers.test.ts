// The library manages numbers as the CLI does (issue 35 §2): files loaded through the package's
// entry, planned and applied against the current emulator over real HTTP, then planned to nothing;
// on a platform without the Numbers module the plan is refused with a coded error.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyDesired,
  loadDesiredState,
  planDesired,
  type DesiredState,
  type EmptiedMappingFinding,
  type NumberChange,
} from '../../src/index.js';
import { emulatorFixture } from '../helpers/emulator.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-library-numbers-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function desiredOf(text: string): Promise<DesiredState> {
  const file = join(dir, 'numbers.yaml');
  await writeFile(file, text);
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.desired;
}

const FILE = 'version: 1\nnumbers:\n  - did: "15557770001"\n    status: reserved\n    pool: chicago-main\n';

describe('numbers through the library', () => {
  it('plans and applies numbers, then plans no change', async () => {
    const { client } = await emulatorFixture({ profile: 'current', empty: true });
    const desired = await desiredOf(FILE);
    expect(desired.numbers).toEqual([
      expect.objectContaining({ did: '15557770001', status: 'reserved', carrier: null, pool: 'chicago-main' }),
    ]);
    const done = await applyDesired(client, desired);
    const change = done.plan.changes[0] as NumberChange;
    expect(change).toMatchObject({ kind: 'did_number', action: 'create', key: '15557770001' });
    expect(done.report.counts.applied).toBe(1);
    expect((await client.listNumbers()).map((n) => `${n.did} ${n.status} ${n.pool}`)).toEqual(['15557770001 reserved chicago-main']);
    expect((await planDesired(client, desired)).plan.changes).toEqual([]);
  });

  it('refuses numbers on a platform without the Numbers module: NUMBERS_MODULE_MISSING', async () => {
    const { client } = await emulatorFixture({ profile: 'spec', empty: true });
    await expect(planDesired(client, await desiredOf(FILE))).rejects.toMatchObject({ code: 'NUMBERS_MODULE_MISSING' });
  });

  it('names a managed mapping the Numbers module emptied (plan.coexistence) and lints the inventory (findings), the files declaring no numbers', async () => {
    const { client } = await emulatorFixture({ profile: 'current' });
    const files = await desiredOf('version: 1\ninbound_mappings:\n  - did: "15551230001"\n    servers: ["#2"]\n');
    await applyDesired(client, files, { force: true });
    await client.createNumber({ did: '15551230001', status: 'available' });
    await client.createNumber({ did: '15559990001', status: 'reserved' });
    const planned = await planDesired(client, files, { force: true });
    const found: readonly EmptiedMappingFinding[] = planned.plan.coexistence ?? [];
    expect(found.map((f) => [f.code, f.key, f.number.did, f.repair_holds])).toEqual([
      ['MAPPING_EMPTIED_BY_NUMBERS', '15551230001', '15551230001', true],
    ]);
    expect(planned.findings.filter((f) => f.code === 'number_unrouted').map((f) => f.key)).toEqual(['15559990001']);
    expect(planned.plan.changes.map((c) => c.kind)).toEqual(['inbound_mapping']);
  });
});
