// The library manages numbers as the CLI does (issue 35 §2): files loaded through the package's
// entry, planned and applied against the current emulator over real HTTP, then planned to nothing;
// on a platform without the Numbers module the plan is refused with a coded error.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyDesired, loadDesiredState, planDesired, type DesiredState, type NumberChange } from '../../src/index.js';
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
});
