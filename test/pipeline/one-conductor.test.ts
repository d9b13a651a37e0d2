// One conductor (issue 33 §1): `dsipform plan` and the library's planDesired run the same pipeline
// (src/pipeline/pipeline.ts), so the same files give the same plan, findings, routing tests and
// refusal; and the rules after the plan are built once per plan. The emulator over real HTTP,
// real files; the CLI runs in process (runMain) as the scenarios run it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadDesiredState, planDesired, type DesiredState } from '../../src/index.js';
import { scenario } from '../helpers/scenario.js';

// Counts each build of the rules after a plan: every build starts with the groups after it.
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/plan/groups-after.js', async (original) => {
  const real = await original<typeof import('../../src/plan/groups-after.js')>();
  return {
    ...real,
    groupsAfter: (...args: Parameters<typeof real.groupsAfter>) => {
      built.count++;
      return real.groupsAfter(...args);
    },
  };
});

/** Two carrier groups and two routes; the second test expects the wrong group. */
const RULES = [
  'version: 1',
  'carrier_groups:',
  '  - name: BW',
  '    endpoints:',
  '      - { name: bw-a, hostname: "203.0.113.5" }',
  '  - name: Announce',
  '    endpoints:',
  '      - { name: ann, hostname: "203.0.113.9" }',
  'outbound_routes:',
  '  - { name: UK, prefix: "44", carrier_group: BW }',
  '  - { name: US, prefix: "1", carrier_group: Announce }',
  'routing_tests:',
  '  - { name: uk to BW, direction: outbound, to: "442071234567", at: "2026-03-02T10:00:00", expect: { carrier_group: BW, gateways: [bw-a] } }',
  '  - { name: us to BW, direction: outbound, to: "15551234567", at: "2026-03-02T10:00:00", expect: { carrier_group: BW } }',
  '',
].join('\n');

async function desiredOf(file: string): Promise<DesiredState> {
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.desired;
}

describe('one conductor', () => {
  it('the CLI and planDesired give the same plan, findings, routing tests and refusal for the same files', async () => {
    const s = await scenario({ empty: true });
    const file = s.file('rules.yaml', RULES);
    const out = join(s.dir, 'plan.json');
    // One instant for both runs: the tests' records carry the call's time (a test's own `at:`, else
    // now), which must not fall on two seconds; --at pins the impact's start.
    const cli = await s.run(['plan', file, '--format', 'json', '--out', out, '--at', '2026-03-02T10:00:00', '--tz', 'UTC']);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stderr).toContain('PLAN_TESTS_FAILED');
    const saved = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;

    const lib = await planDesired(s.client, await desiredOf(file), {
      force: true,
      target: saved.target as string,
      at: '2026-03-02T10:00:00',
      tz: 'UTC',
    });
    const plan = lib.plan as unknown as Record<string, unknown>;
    for (const field of ['changes', 'summary', 'routing_tests', 'safety', 'managed', 'live_checksum', 'notes'])
      expect(plan[field], field).toEqual(saved[field]);
    expect(lib.routing_tests.map((o) => [o.test.name, o.status])).toEqual([
      ['uk to BW', 'passed'],
      ['us to BW', 'failed'],
    ]);
    expect(lib.refusal?.code).toBe('PLAN_TESTS_FAILED');
    expect(cli.stderr).toContain(`error (${lib.refusal!.code}): ${lib.refusal!.message}`);
    // The findings: the library's warnings are the CLI's warning lines on stderr, one for one.
    const warnings = cli.stderr.split('\n').filter((l) => l.startsWith('warning: '));
    expect(warnings.length).toBe(lib.findings.length);
  });

  it('the rules after the plan are built once per plan (impact, lints and routing tests read the same)', async () => {
    const s = await scenario({ empty: true });
    const desired = await desiredOf(s.file('rules.yaml', RULES));
    built.count = 0;
    const checked = await planDesired(s.client, desired, { force: true });
    expect(checked.plan.changes.length).toBeGreaterThan(0);
    expect(checked.routing_tests.length).toBe(2);
    expect(built.count).toBe(1);
  });
});
