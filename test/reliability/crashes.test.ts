import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenario, type Scenario } from '../helpers/scenario.js';
import { startCli } from './processes.js';

// The platform starts empty (no groups): every run says --allow-dangling, as the subject here is
// failure handling, not the references.

function config(): string {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < 60; i += 1) lines.push(`  - did: "2000${i}"`, '    servers: ["1"]');
  lines.push('outbound_routes:');
  for (let i = 0; i < 20; i += 1)
    lines.push(`  - name: r${i}`, `    prefix: "9${i}"`, '    gwgroupid: "3"', ...(i % 2 ? ['    from_prefix: "5"'] : []));
  lines.push(
    'endpoint_leases:',
    '  - name: a',
    '    email: a@example.com',
    '    ttl: 1h',
    '  - name: b',
    '    email: b@example.com',
    '    ttl: 1h',
  );
  return `${lines.join('\n')}\n`;
}

async function assertConverged(s: Scenario, path: string): Promise<void> {
  const again = await s.run(['apply', path, '--auto-approve', '--allow-dangling']);
  expect(again.code, again.stdout + again.stderr).toBe(0);
  const plan = await s.run(['plan', path, '--detailed-exitcode', '--allow-dangling']);
  expect(plan.code, plan.stdout).toBe(0);
  const routes = await s.client.listOutboundRoutes();
  expect(routes).toHaveLength(20);
  expect(new Set(routes.map((r) => r.name)).size).toBe(20);
  expect(await s.client.listInboundMappings()).toHaveLength(60);
  // No lease forgotten: the platform issued exactly the two leases the state holds.
  const state = JSON.parse(readFileSync(join(s.dir, '.dsipform', 'state.json'), 'utf8'));
  expect(
    Object.values(state.leases)
      .map((l) => (l as { lease_id: number }).lease_id)
      .sort(),
  ).toEqual([1, 2]);
  expect((await s.client.obtainLease({ email: 'probe@example.com', ttl: 60 })).leaseid).toBe(3);
}

describe('SIGKILL during an apply, then apply again', () => {
  it.each(['change-applied:1', 'change-applied:37', 'change-applied:81', 'lease-recorded:1', 'lease-recorded:2'])(
    'killed at %s: converges with no duplicates and no lease forgotten',
    async (point) => {
      const s = await scenario({ empty: true });
      const path = s.file('p.yaml', config());
      const run = startCli(['apply', path, '--auto-approve', '--allow-dangling', '--parallelism', '4'], {
        ...s.env,
        DSIPFORM_CRASH_AT: point,
      });
      const [, signal] = await run.exit();
      expect(signal).toBe('SIGKILL');
      await assertConverged(s, path);
    },
    60_000,
  );
});

describe('Ctrl-C', () => {
  it('stops scheduling, waits for changes in flight, prints the report and exits non-zero; the next run converges', async () => {
    const s = await scenario({ empty: true, faults: { latencyMs: 40, seed: 1 } });
    const path = s.file('p.yaml', config());
    const report = join(s.dir, 'report.json');
    const run = startCli(['apply', path, '--auto-approve', '--allow-dangling', '--parallelism', '2', '--report', report], s.env);
    await run.waitFor(/^applied /m);
    run.child.kill('SIGINT');
    const [code] = await run.exit();
    expect(code).toBe(130);
    expect(run.out.stderr).toMatch(/Interrupted: waiting for the changes in flight, starting no more/);
    expect(run.out.stdout).toMatch(/Not attempted, interrupted before they started: \d+ changes? \(.*report\.json lists each one\):/);
    expect(run.out.stdout).toMatch(/Apply interrupted: \d+ applied, 0 failed, \d+ not attempted/);
    const written = JSON.parse(readFileSync(report, 'utf8'));
    expect(written.interrupted).toBe(true);
    expect(written.counts.applied).toBeGreaterThan(0);
    expect(written.counts.not_attempted).toBeGreaterThan(0);
    await assertConverged(s, path);
  }, 60_000);
});

describe('two applies at once against one state', () => {
  it('the second fails clearly without waiting, or waits and then finds nothing to do; nothing is corrupted', async () => {
    const s = await scenario({ empty: true, faults: { latencyMs: 20, seed: 2 } });
    const path = s.file('p.yaml', config());
    const first = startCli(['apply', path, '--auto-approve', '--allow-dangling', '--parallelism', '1'], s.env);
    await first.waitFor(/^applied /m);
    const impatient = await s.run(['apply', path, '--auto-approve', '--allow-dangling', '--lock-timeout', '0']);
    expect(impatient.code).toBe(1);
    expect(impatient.stderr).toContain(`pid ${first.child.pid}`);
    expect(impatient.stderr).toMatch(/dsipform apply/);
    const patient = startCli(['apply', path, '--auto-approve', '--allow-dangling', '--lock-timeout', '60'], s.env);
    const [firstCode] = await first.exit();
    const [patientCode] = await patient.exit();
    expect([firstCode, patientCode]).toEqual([0, 0]);
    expect(patient.out.stdout).toMatch(/No changes/);
    await assertConverged(s, path);
  }, 90_000);
});
