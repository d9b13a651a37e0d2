// The library plans in the zone the desired state declares (`proxy.timezone`), as the CLI does:
// planDesired and applyDesired take it from the files, and a caller's `tz` beats it. Real files,
// the emulator over real HTTP, the package's entry (src/index.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyDesired, loadDesiredState, planDesired, type DesiredState } from '../../src/index.js';
import { emulatorFixture } from '../helpers/emulator.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-library-zone-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Office hours 09:00-17:00 on weekdays, and a test of a call at 22:30 UTC on a Monday: 16:30 in
 * Chicago (office hours), 07:30 on Tuesday in Tokyo and 22:30 in UTC (neither).
 */
async function desired(zone: string): Promise<DesiredState> {
  const file = join(dir, 'desired.yaml');
  const lines = [
    'version: 1',
    'proxy:',
    `  timezone: ${zone}`,
    'outbound_routes:',
    '  - { name: Default Outbound Route, prefix: "", gwgroupid: "2" }',
    '  - { name: Office, prefix: "1312", gwgroupid: "3", priority: 10, timerec: "20260101T090000|8H|weekly|||MO,TU,WE,TH,FR" }',
    'routing_tests:',
    '  - { name: a Chicago afternoon, direction: outbound, to: "13125550100", at: "2026-12-28T22:30:00Z", expect: { route: Office } }',
  ];
  await writeFile(file, `${lines.join('\n')}\n`);
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.desired;
}

describe("the library plans in the desired state's proxy zone", () => {
  it('planDesired: the impact and the routing tests in proxy.timezone, not the machine zone', async () => {
    const { client } = await emulatorFixture();
    const { plan } = await planDesired(client, await desired('America/Chicago'));
    expect(plan.horizon?.tz).toBe('America/Chicago');
    expect((plan.routing_impact ?? []).map((e) => e.when)).toEqual(['Mon–Fri 09:00–17:00 America/Chicago']);
    expect(plan.routing_tests?.map((t) => t.status)).toEqual(['passed']);
  });

  it("a caller's tz beats the files' zone, for the impact and the tests alike", async () => {
    const { client } = await emulatorFixture();
    const { plan } = await planDesired(client, await desired('America/Chicago'), { tz: 'Asia/Tokyo', force: true });
    expect(plan.horizon?.tz).toBe('Asia/Tokyo');
    expect(plan.routing_tests?.map((t) => t.status)).toEqual(['failed']);
  });

  it('applyDesired applies what passes in the declared zone, and refuses the same files in another', async () => {
    const { client } = await emulatorFixture();
    const applied = await applyDesired(client, await desired('America/Chicago'));
    expect(applied.report.counts.applied).toBe(1);
    const other = await emulatorFixture();
    await expect(applyDesired(other.client, await desired('Asia/Tokyo'))).rejects.toMatchObject({ code: 'PLAN_TESTS_FAILED' });
  });
});
