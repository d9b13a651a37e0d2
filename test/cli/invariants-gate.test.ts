import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

/**
 * Routing invariants as a gate (issue 36 §1): plan and apply decide the files' invariants against
 * the rules after the plan and refuse a violation (PLAN_INVARIANT_FAILED) unless --force, as they
 * refuse failed routing tests; the plan shows and saves each invariant with the call that breaks
 * it, `apply --plan` judges the saved record, and drift refuses alike. Each counterexample is
 * replayed through `dsipform route` with the same answer. Real processes against the emulator.
 */

const RULES = [
  'version: 1',
  'proxy:',
  '  timezone: Europe/London',
  'carrier_groups:',
  '  - name: BW',
  '    endpoints:',
  '      - { name: bw-a, hostname: "203.0.113.5" }',
  'outbound_routes:',
  '  - name: US',
  '    prefix: "1"',
  '    carrier_group: BW',
  '  - name: premium',
  '    prefix: "1900"',
  '    carrier_group: BW',
  'invariants:',
  '  - name: premium numbers are never routed',
  '    never: { direction: outbound, to_prefix: "1900" }',
  '  - name: US calls are routed',
  '    always: { direction: outbound, to_prefix: "1212" }',
  '',
].join('\n');

/** The violated invariant's list entry is on line 16 of {@link RULES}. */
const VIOLATED_LINE = 16;

interface SavedInvariant {
  name: string;
  status: string;
  origin?: { file: string; line: number };
  message?: string;
  counterexample?: { to: string; replay: string; took: string; decision: { result: string; rule?: { key: string } } };
}

async function setup(rules = RULES): Promise<{ s: Scenario; file: string }> {
  const s = await scenario({ empty: true });
  return { s, file: s.file('rules.yaml', rules) };
}

/** Runs a replay command through `dsipform route` against the files: it must give the recorded answer. */
async function replay(file: string, c: NonNullable<SavedInvariant['counterexample']>): Promise<void> {
  const args = c.replay.replace(/^dsipform route /, '').split(' ');
  const r = await runCli(['route', ...args, '--format', 'json', file]);
  expect(r.code, r.stderr).toBe(0);
  const d = JSON.parse(r.stdout) as { result: string; rule?: { key: string } };
  expect([d.result, d.rule?.key]).toEqual([c.decision.result, c.decision.rule?.key]);
}

describe('plan and apply gate on the routing invariants', () => {
  it('plan shows the call that breaks one and refuses (PLAN_INVARIANT_FAILED), saving the plan; --force passes', async () => {
    const { s, file } = await setup();
    const out = join(s.dir, 'plan.json');
    const refused = await runCli(['plan', file, '--out', out], s.env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Routing invariants (against the rules after the plan): 1 held, 1 violated\n');
    expect(refused.stdout).toContain(`  ok    ${file}:18 US calls are routed\n`);
    expect(refused.stdout).toContain(`  FAIL  ${file}:${VIOLATED_LINE} premium numbers are never routed\n`);
    expect(refused.stdout).toMatch(/ {8}an outbound call is routed: the call to 1900\d* at \S+ \(Europe\/London\) took route "premium"/);
    expect(refused.stdout).toMatch(/ {8}replay: dsipform route --direction outbound --to 1900\d* --at \S+ --tz Europe\/London\n/);
    expect(refused.stdout).toContain('  Refused without --force: 1 of 2 routing invariants is violated.\n');
    expect(refused.stderr).toContain(
      `error (PLAN_INVARIANT_FAILED): refused: 1 of 2 routing invariants is violated by the rules after the plan: "premium numbers are never routed" (${file}:${VIOLATED_LINE}): an outbound call is routed`,
    );
    expect(refused.stderr).toMatch(/; replay: dsipform route --direction outbound --to 1900/);
    expect(refused.stderr).toContain(`Saved the plan to ${out}; apply refuses it (PLAN_INVARIANT_FAILED) unless given --force`);
    expect(existsSync(out)).toBe(true);

    const saved = JSON.parse(readFileSync(out, 'utf8')) as { invariants: SavedInvariant[] };
    expect(saved.invariants.map((r) => [r.name, r.status])).toEqual([
      ['premium numbers are never routed', 'violated'],
      ['US calls are routed', 'held'],
    ]);
    const c = saved.invariants[0]!.counterexample!;
    expect(c.decision.rule?.key).toBe('premium');
    await replay(file, c);
    expect(saved.invariants[1]!.counterexample).toBeUndefined();

    const forced = await runCli(['plan', file, '--force', '--format', 'markdown'], s.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('**Routing invariants (against the rules after the plan): 1 held, 1 violated**\n');
    expect(forced.stdout).toContain('> **Refused without `--force`: 1 of 2 routing invariants is violated.**\n');
    expect(forced.stdout).toMatch(
      /\| ❌ violated \| .*rules\.yaml:16 premium numbers are never routed \| an outbound call is routed.*<br>`dsipform route /,
    );
  });

  it('apply --plan judges the saved record: refused without --force, the checksum covers it, applied with --force', async () => {
    const { s, file } = await setup();
    const out = join(s.dir, 'plan.json');
    expect((await runCli(['plan', file, '--out', out, '--force'], s.env)).code).toBe(0);
    const refused = await runCli(['apply', '--plan', out, '--auto-approve'], s.env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`  FAIL  ${file}:${VIOLATED_LINE} premium numbers are never routed\n`);
    expect(refused.stderr).toContain('error (PLAN_INVARIANT_FAILED): refused: 1 of 2 routing invariants is violated');
    expect(await s.client.listOutboundRoutes()).toEqual([]);

    // Marking the violation held by hand breaks the checksum: the plan is applied only as made.
    const edited = join(s.dir, 'edited.json');
    writeFileSync(edited, readFileSync(out, 'utf8').replace('"status": "violated"', '"status": "held"'));
    const tampered = await runCli(['apply', '--plan', edited, '--auto-approve'], s.env);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain('error (PLAN_FILE_MODIFIED)');

    const forced = await runCli(['apply', '--plan', out, '--auto-approve', '--force'], s.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect((await s.client.listOutboundRoutes()).map((r) => r.name).sort()).toEqual(['US', 'premium']);

    // drift plans the undoing of nothing, and the gate still refuses the rules it would keep.
    const drift = await runCli(['drift', file], s.env);
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain('error (PLAN_INVARIANT_FAILED)');
    const command = /replay: (dsipform route [^;\n]*)/.exec(drift.stderr)?.[1];
    expect(command).toBeDefined();
    // Replayed against the live rules the drift check judged: the same route.
    const live = await runCli(['route', '--live', ...command!.replace(/^dsipform route /, '').split(' '), '--format', 'json'], s.env);
    expect(live.code, live.stderr).toBe(0);
    expect((JSON.parse(live.stdout) as { rule?: { key: string } }).rule?.key).toBe('premium');
  });

  it('apply of files refuses before any request, and goes ahead with --force', async () => {
    const { s, file } = await setup();
    const refused = await runCli(['apply', file, '--auto-approve'], s.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error (PLAN_INVARIANT_FAILED)');
    expect(await s.client.listCarrierGroups()).toEqual([]);
    const forced = await runCli(['apply', file, '--auto-approve', '--force'], s.env);
    expect(forced.code, forced.stderr).toBe(0);
  });

  it('a plan whose invariants hold carries them and passes; a later plan that breaks one is refused', async () => {
    const held = RULES.replace('    prefix: "1900"\n', '    prefix: "1800"\n').replace('    prefix: "1"\n', '    prefix: "1212"\n');
    const { s, file } = await setup(held);
    const r = await runCli(['plan', file, '--format', 'json'], s.env);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as { invariants: SavedInvariant[] };
    expect(plan.invariants.map((i) => i.status)).toEqual(['held', 'held']);
    expect((await runCli(['apply', file, '--auto-approve'], s.env)).code).toBe(0);

    // Moving the route to 1900 is an update of a live route: the rules after it break the invariant.
    const moved = s.file('moved.yaml', held.replace('    prefix: "1800"\n', '    prefix: "1900"\n'));
    const again = await runCli(['plan', moved, '--format', 'json'], s.env);
    expect(again.code).toBe(1);
    const judged = JSON.parse(again.stdout) as { invariants: SavedInvariant[] };
    expect(judged.invariants[0]).toMatchObject({ status: 'violated', counterexample: { decision: { rule: { key: 'premium' } } } });
    await replay(moved, judged.invariants[0]!.counterexample!);
    expect(await s.client.listOutboundRoutes()).toContainEqual(expect.objectContaining({ name: 'premium', prefix: '1800' }));
  });

  it("names a live group's gateways by name in an invariant's destination, as routing tests do", async () => {
    const s = await scenario({ empty: true });
    const endpoint = (name: string, hostname: string) => ({ name, hostname, strip: 0, prefix: '', weight: 1 });
    await s.client.createCarrierGroup({ name: 'BW', lb_enabled: false, endpoints: [endpoint('bw-a', '203.0.113.5')] });
    const lines = ['version: 1', 'outbound_routes:', '  - name: UK', '    prefix: "44"', '    carrier_group: BW', 'invariants:'];
    const file = s.file(
      'rules.yaml',
      [...lines, '  - never: { direction: outbound, to_prefix: "44", reaches: { gateways: [bw-a] } }', ''].join('\n'),
    );
    const r = await runCli(['plan', file, '--format', 'json'], s.env);
    expect(r.code).toBe(1);
    const plan = JSON.parse(r.stdout) as { invariants: SavedInvariant[] };
    expect(plan.invariants[0]).toMatchObject({ status: 'violated', counterexample: { decision: { rule: { key: 'UK' } } } });
    expect(plan.invariants[0]!.message).toContain('reaches gateways ["bw-a"]');
    await replay(file, plan.invariants[0]!.counterexample!);
  });

  it('a destination by a name no group has is a problem at the invariant: validate and plan stop, naming it', async () => {
    const s = await scenario({ empty: true });
    const file = s.file(
      'rules.yaml',
      RULES.replace(
        '    never: { direction: outbound, to_prefix: "1900" }',
        '    never: { direction: outbound, to_prefix: "1900", reaches: { carrier_group: Nope } }',
      ),
    );
    const problem = `${file}:${VIOLATED_LINE}:5: invariant "premium numbers are never routed": never.reaches.carrier_group: no carrier group is named "Nope"`;
    const validate = await runCli(['validate', file]);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toContain(problem);
    expect(validate.stderr).toMatch(/\n {2}hint: .*"BW"/);
    expect(validate.stderr).toContain('error (CONFIG_INVALID): 1 problem in the routing invariants; none was decided');
    const plan = await runCli(['plan', file], s.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(problem);
    expect(plan.stderr).toContain('error (PLAN_BLOCKED): 1 problem stops the plan');
  });
});
