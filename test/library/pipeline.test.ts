// The library runs the CLI's pipeline (issue 27): applyPlan refuses what `dsipform apply` refuses
// unless given force, a plan of files is checked with the routing lints, and the API profile is the
// platform's (detected), so a mapping edit against the deployed platform's API goes through. Real
// files, the emulator over real HTTP, the package's entry (src/index.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyDesired,
  applyPlan,
  buildPlan,
  loadDesiredState,
  managedCollections,
  planDesired,
  PlatformClient,
  readLive,
  startEmulator,
  type DesiredState,
} from '../../src/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import type { LeaseLedger, LeaseRecord } from '../../src/index.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-library-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The desired state of one YAML file written from `lines`. */
async function desiredOf(lines: readonly string[]): Promise<DesiredState> {
  const file = join(dir, 'desired.yaml');
  await writeFile(file, `${lines.join('\n')}\n`);
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.desired;
}

/** A plan made step by step, as the README showed before the pipeline was exported. */
async function planInSteps(client: PlatformClient, desired: DesiredState) {
  const live = await readLive(client, managedCollections(desired));
  const made = buildPlan({ desired, live, target: 'emulator', now: Date.now(), profile: await client.profile() });
  if (!made.ok) throw new Error(JSON.stringify(made.issues));
  return made.plan;
}

describe('applyPlan refuses what dsipform apply refuses', () => {
  it('a plan that deletes a protected kind: PLAN_UNSAFE before any request; with force it is applied', async () => {
    const { client } = await emulatorFixture();
    await client.createInboundMapping({ did: '15551230001', servers: ['1'] });
    const desired = await desiredOf(['version: 1', 'inbound_mappings: []', 'policy:', '  protect: [inbound_mappings]']);
    const plan = await planInSteps(client, desired);
    expect(plan.safety.map((f) => f.rule)).toContain('protected');

    await expect(applyPlan(plan, client)).rejects.toMatchObject({
      code: 'PLAN_UNSAFE',
      message: expect.stringContaining('refused: ') as unknown,
    });
    expect((await client.listInboundMappings()).map((m) => m.did)).toEqual(['15551230001']);

    const report = await applyPlan(plan, client, { force: true });
    expect(report.counts).toEqual({ applied: 1, failed: 0, not_attempted: 0 });
    expect(await client.listInboundMappings()).toEqual([]);
  });

  it('a plan that leaves a routed call with no route: PLAN_UNROUTING, in the CLI words', async () => {
    const { client } = await emulatorFixture();
    await client.createInboundMapping({ did: '15551230001', servers: ['1'] });
    const plan = await planInSteps(client, await desiredOf(['version: 1', 'inbound_mappings: []']));
    const refusal = applyPlan(plan, client);
    await expect(refusal).rejects.toMatchObject({ code: 'PLAN_UNROUTING' });
    await expect(refusal).rejects.toThrow(/refused: .*calls to 15551230001…/);
    expect(await client.listInboundMappings()).toHaveLength(1);
  });

  it('applyDesired refuses the same plan unless force', async () => {
    const { client } = await emulatorFixture();
    await client.createInboundMapping({ did: '15551230001', servers: ['1'] });
    const desired = await desiredOf(['version: 1', 'inbound_mappings: []']);
    await expect(applyDesired(client, desired)).rejects.toMatchObject({ code: 'PLAN_UNROUTING' });
    expect(await client.listInboundMappings()).toHaveLength(1);
    const done = await applyDesired(client, desired, { force: true });
    expect(done.report.counts.applied).toBe(1);
    expect(await client.listInboundMappings()).toEqual([]);
  });
});

describe('planDesired asks the gate of apply, as dsipform plan does', () => {
  it('throws the refusal apply would give (PLAN_UNROUTING); with force it returns the plan and the refusal beside it', async () => {
    const { client } = await emulatorFixture();
    await client.createInboundMapping({ did: '15551230001', servers: ['1'] });
    const desired = await desiredOf(['version: 1', 'inbound_mappings: []']);
    const refused = planDesired(client, desired);
    await expect(refused).rejects.toMatchObject({
      code: 'PLAN_UNROUTING',
      message: expect.stringContaining('calls to 15551230001…') as unknown,
    });
    const forced = await planDesired(client, desired, { force: true });
    expect(forced.plan.changes.map((c) => c.action)).toEqual(['delete']);
    expect(forced.refusal).toMatchObject({ code: 'PLAN_UNROUTING' });
    const thrown = (await refused.catch((err: unknown) => err)) as Error;
    expect(forced.refusal?.message).toBe(thrown.message);
    const allowed = await planDesired(
      client,
      await desiredOf(['version: 1', 'inbound_mappings: []', 'policy:', '  allow_unrouting: true']),
    );
    expect(allowed.refusal).toBeUndefined();
  });
});

describe('a plan of files is checked with the routing lints', () => {
  const twoRoutes = [
    'version: 1',
    'outbound_routes:',
    '  - name: UK',
    '    prefix: "44"',
    '    gwgroupid: "1"',
    '  - name: UK backup',
    '    prefix: "44"',
    '    gwgroupid: "2"',
    'policy:',
    '  allow_unrouting: true', // the two routes make calls to 44… ambiguous: that is the point here
    '  ignore:',
    '    outbound_routes: ["Default Outbound Route"]',
  ];

  it('returns the warnings of the rules after the plan, placed at their file and line, and applies', async () => {
    const { client } = await emulatorFixture();
    const done = await applyDesired(client, await desiredOf(twoRoutes));
    expect(done.findings.map((f) => `${f.severity} ${f.origin?.line}: ${f.message}`)).toEqual([
      expect.stringMatching(/^warning 6: route "UK backup" and route "UK" \(.*desired\.yaml:3:5\) share prefix "44"/),
    ]);
    expect(done.report.counts).toEqual({ applied: 2, failed: 0, not_attempted: 0 });
  });

  it('with strict, a warning stops the apply (ROUTING_LINT_FAILED, naming the rule) before any request', async () => {
    const { client } = await emulatorFixture();
    const desired = await desiredOf(twoRoutes);
    const refused = applyDesired(client, desired, { strict: true });
    await expect(refused).rejects.toMatchObject({ code: 'ROUTING_LINT_FAILED' });
    await expect(refused).rejects.toThrow(/1 routing problem stops the command .*desired\.yaml:6:5: route "UK backup"/);
    expect((await client.listOutboundRoutes()).map((r) => r.name)).toEqual(['Default Outbound Route']);
  });

  it('a reference to a gateway the platform does not hold stops the plan (PLAN_BLOCKED, named)', async () => {
    const { client } = await emulatorFixture();
    const desired = await desiredOf(['version: 1', 'inbound_mappings:', '  - did: "15551230001"', '    servers: ["999"]']);
    await expect(planDesired(client, desired)).rejects.toMatchObject({
      code: 'PLAN_BLOCKED',
      message: expect.stringMatching(
        /^1 problem stops the plan; nothing was changed: .*desired\.yaml:3:5: inbound mapping "15551230001": servers name gateway 999/,
      ) as unknown,
    });
  });
});

describe("a plan of files is checked with the files' routing tests", () => {
  it('against the rules after the plan: PLAN_TESTS_FAILED names the failed test; with force the plan carries it', async () => {
    const { client } = await emulatorFixture();
    const desired = await desiredOf([
      'version: 1',
      'outbound_routes:',
      '  - name: UK',
      '    prefix: "44"',
      '    gwgroupid: "1"',
      'policy:',
      '  ignore:',
      '    outbound_routes: ["Default Outbound Route"]',
      'routing_tests:',
      '  - direction: outbound',
      '    to: "33123456"',
      '    expect: { result: no_route }',
    ]);
    const refused = planDesired(client, desired);
    await expect(refused).rejects.toMatchObject({ code: 'PLAN_TESTS_FAILED' });
    await expect(refused).rejects.toThrow(
      /desired\.yaml:10:\d+: routing test "outbound call to 33123456": expected result no_route, but the call took route "Default Outbound Route"/,
    );
    const forced = await planDesired(client, desired, { force: true });
    expect(forced.plan.routing_tests?.map((t) => [t.name, t.status, t.decision.rule?.key])).toEqual([
      ['outbound call to 33123456', 'failed', 'Default Outbound Route'],
    ]);
    await expect(applyDesired(client, desired)).rejects.toMatchObject({ code: 'PLAN_TESTS_FAILED' });
  });
});

describe('the library plans with the platform API profile, as the CLI does', () => {
  it('against the deployed platform (current profile, detected) a mapping edit is a replace, and it is applied', async () => {
    const emu = await startEmulator({ port: 0, token: 'library-token-0123456789', profile: 'current' });
    // No profile given: the client detects it, as the CLI's does.
    const client = new PlatformClient({ url: emu.url, token: emu.token });
    try {
      await client.createInboundMapping({ did: '15551230001', servers: ['1'], notes: 'old' });
      const desired = await desiredOf([
        'version: 1',
        'inbound_mappings:',
        '  - did: "15551230001"',
        '    servers: ["1"]',
        '    notes: new',
      ]);
      const { plan } = await planDesired(client, desired);
      expect(plan.changes.map((c) => `${c.action} ${c.key}`)).toEqual(['replace 15551230001']);
      const report = await applyPlan(plan, client);
      expect(report.counts).toEqual({ applied: 1, failed: 0, not_attempted: 0 });
      expect((await client.listInboundMappings()).map((m) => [m.did, m.notes])).toEqual([['15551230001', 'new']]);
    } finally {
      await client.close();
      await emu.close();
    }
  });
});

describe('applyDesired with endpoint leases: the recorded leases and the ledger under names of their own', () => {
  it('obtains a lease into the program’s ledger, then plans it as held (no change)', async () => {
    const { client } = await emulatorFixture();
    const records: LeaseRecord[] = [];
    // A program's own lease state: in memory here; the CLI keeps it in its state file.
    const ledger: LeaseLedger = {
      beginObtain: () => Promise.resolve('note'),
      record: (rec) => {
        records.push({ ...rec, target: 'lab' });
        return Promise.resolve();
      },
      abandonObtain: () => Promise.resolve(),
      remove: (name) => {
        records.splice(
          records.findIndex((r) => r.name === name),
          1,
        );
        return Promise.resolve();
      },
    };
    const desired = await desiredOf(['version: 1', 'endpoint_leases:', '  - name: ci-runner', '    email: ci@example.com', '    ttl: 1h']);
    const first = await applyDesired(client, desired, { leaseRecords: records, ledger });
    expect(first.report.counts).toEqual({ applied: 1, failed: 0, not_attempted: 0 });
    expect(records.map((r) => r.name)).toEqual(['ci-runner']);
    const again = await planDesired(client, desired, { leases: records });
    expect(again.plan.changes).toEqual([]);
  });
});
