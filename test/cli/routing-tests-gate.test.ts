import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

/**
 * Routing tests as a gate (issue 26, part 4): expectations by group and gateway name, from the
 * files and --live; plan and apply refuse a plan whose tests fail (PLAN_TESTS_FAILED) unless
 * --force, show the results in text, markdown and JSON, and judge a saved plan by what it recorded.
 * The CLI runs as a real process against the emulator, under the suite's API profile.
 */

/** Two carrier groups and a route to each; the second test expects the wrong group. */
const RULES = [
  'version: 1',
  'carrier_groups:',
  '  - name: BW',
  '    endpoints:',
  '      - { name: bw-a, hostname: "203.0.113.5" }',
  '      - { name: bw-b, hostname: "203.0.113.6" }',
  '  - name: Announce',
  '    endpoints:',
  '      - { name: ann, hostname: "203.0.113.9" }',
  'outbound_routes:',
  '  - name: UK',
  '    prefix: "44"',
  '    carrier_group: BW',
  '  - name: US',
  '    prefix: "1"',
  '    carrier_group: Announce',
  'routing_tests:',
  '  - name: uk to BW',
  '    direction: outbound',
  '    to: "442071234567"',
  '    expect: { carrier_group: BW, gateways: [bw-a, "203.0.113.6"] }',
  '  - name: us to BW',
  '    direction: outbound',
  '    to: "15551234567"',
  '    expect: { carrier_group: BW }',
  '',
].join('\n');

/** The failing test's list entry is on line 22 of {@link RULES}. */
const FAILING_LINE = 22;

async function setup(): Promise<{ s: Scenario; file: string }> {
  const s = await scenario({ empty: true });
  return { s, file: s.file('rules.yaml', RULES) };
}

describe('expectations by name, from the files', () => {
  it('carrier_group and gateways by name and address pass against the files; a wrong group fails naming it', async () => {
    const { file } = await setup();
    const r = await runCli(['test', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`ok    ${file}:18 uk to BW\n`);
    expect(r.stdout).toContain(`FAIL  ${file}:${FAILING_LINE} us to BW\n`);
    expect(r.stdout).toContain('      expected carrier group "BW", but the call took route "US" (prefix "1", priority 0) to ');
    expect(r.stdout).toContain('1 passed, 1 failed');
  });

  it.each([
    [
      'carrier_group: Nope',
      'expect.carrier_group: no carrier group is named "Nope"',
      'the carrier groups known here are: "BW", "Announce"',
    ],
    [
      'gateways: [bw-z]',
      'expect.gateways: no gateway is named or at "bw-z"',
      'the gateways known by name are: "bw-a" 203.0.113.5:5060 (of "BW")',
    ],
  ])('a name that matches nothing (%s) is an error at the name, FILE:LINE:COL', async (expectation, problem, hint) => {
    const s = await scenario({ empty: true });
    const file = s.file('bad.yaml', RULES.replace('expect: { carrier_group: BW }', `expect: { ${expectation} }`));
    const r = await runCli(['test', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${file}:${FAILING_LINE + 3}:15: routing test "us to BW": ${problem}\n`);
    expect(r.stderr).toContain(hint);
    expect(r.stderr).toContain('error (CONFIG_INVALID): 1 problem in the routing tests; no test was run');
    // plan resolves against the groups after the plan, in the same words, and stops (PLAN_BLOCKED).
    const plan = await runCli(['plan', file], s.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(`${file}:${FAILING_LINE + 3}:15: routing test "us to BW": ${problem}\n`);
    expect(plan.stderr).toContain('error (PLAN_BLOCKED): 1 problem stops the plan');
  });
});

describe('plan and apply gate on the routing tests', () => {
  it('plan shows the results and refuses (PLAN_TESTS_FAILED), saving the refused plan; --force shows and saves', async () => {
    const { s, file } = await setup();
    const out = join(s.dir, 'plan.json');
    const refused = await runCli(['plan', file, '--out', out], s.env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Routing tests (against the rules after the plan): 1 passed, 1 failed\n');
    expect(refused.stdout).toContain(`  ok    ${file}:18 uk to BW\n`);
    expect(refused.stdout).toMatch(
      /expected carrier group "BW", gateways \["bw-a","203\.0\.113\.6"\]: the call takes route "UK" \(prefix "44", priority 0\) to carrier group "BW" \(id known after apply\)/,
    );
    expect(refused.stdout).toContain(`  FAIL  ${file}:${FAILING_LINE} us to BW\n`);
    // Both groups are created by the plan: their stand-in ids are never shown.
    expect(refused.stdout).toContain(
      '        expected carrier group "BW" (id known after apply), but the call took route "US" (prefix "1", priority 0) to carrier group "Announce" (id known after apply)',
    );
    expect(refused.stdout).toContain('  Refused without --force: 1 of 2 routing tests fails.\n');
    expect(refused.stderr).toContain(
      `error (PLAN_TESTS_FAILED): refused: 1 of 2 routing tests fails against the rules after the plan: "us to BW" (${file}:${FAILING_LINE})\n`,
    );
    expect(refused.stderr).toContain('if the plan is meant to break them, apply with --force.');
    // Saved all the same, for review; apply --plan refuses it as plan did.
    expect(refused.stderr).toContain(`Saved the plan to ${out}; apply refuses it (PLAN_TESTS_FAILED) unless given --force`);
    expect(existsSync(out)).toBe(true);

    const forced = await runCli(['plan', file, '--out', out, '--force', '--format', 'markdown'], s.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('**Routing tests (against the rules after the plan): 1 passed, 1 failed**\n');
    expect(forced.stdout).toContain('> [!CAUTION]\n> **Refused without `--force`: 1 of 2 routing tests fails.**\n');
    expect(forced.stdout).toContain('| Status | Test | Expected | The proxy would take |\n');
    expect(forced.stdout).toMatch(
      /\| ❌ failed \| .*rules\.yaml:22 us to BW \| carrier group "BW" \| route "US" \(prefix "1", priority 0\) to .*<br>expected carrier group "BW" \(id known after apply\), but/,
    );
    expect(forced.stdout).toMatch(/\| ✅ passed \| .*rules\.yaml:18 uk to BW \| carrier group "BW", gateways \\\[/);
    expect(forced.stderr).toContain(`Saved the plan to ${out}`);

    const saved = JSON.parse(readFileSync(out, 'utf8')) as {
      routing_tests: {
        name: string;
        status: string;
        expect: object;
        failures: string[];
        took: string;
        origin: object;
        decision: { result: string; rule: { key: string } };
      }[];
    };
    expect(saved.routing_tests.map((t) => [t.name, t.status, t.decision.result, t.decision.rule.key])).toEqual([
      ['uk to BW', 'passed', 'routed', 'UK'],
      ['us to BW', 'failed', 'routed', 'US'],
    ]);
    expect(saved.routing_tests[1]).toMatchObject({
      expect: { carrier_group: 'BW' },
      origin: { file, line: FAILING_LINE, col: 5 },
      took: expect.stringContaining('route "US" (prefix "1", priority 0) to ') as unknown,
    });
    expect(saved.routing_tests[1]!.failures).toHaveLength(1);
    expect(saved.routing_tests[0]!.failures).toEqual([]);
  });

  it('apply --plan judges the saved results: refused without --force, the checksum covers them, applied with --force', async () => {
    const { s, file } = await setup();
    const out = join(s.dir, 'plan.json');
    expect((await runCli(['plan', file, '--out', out, '--force'], s.env)).code).toBe(0);

    const refused = await runCli(['apply', '--plan', out, '--auto-approve'], s.env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Refused without --force: 1 of 2 routing tests fails.');
    expect(refused.stderr).toContain(
      `error (PLAN_TESTS_FAILED): refused: 1 of 2 routing tests fails against the rules after the plan: "us to BW"`,
    );
    expect(await s.client.listOutboundRoutes()).toEqual([]);

    // Turning the failure into a pass by hand breaks the checksum: the plan is applied only as made.
    const text = readFileSync(out, 'utf8');
    const edited = join(s.dir, 'edited.json');
    writeFileSync(edited, text.replace('"status": "failed"', '"status": "passed"'));
    const tampered = await runCli(['apply', '--plan', edited, '--auto-approve', '--force'], s.env);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain('error (PLAN_FILE_MODIFIED)');

    const forced = await runCli(['apply', '--plan', out, '--auto-approve', '--force'], s.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect((await s.client.listOutboundRoutes()).map((r) => r.name).sort()).toEqual(['UK', 'US']);
  });

  it('apply of files refuses before any request, and goes ahead with --force', async () => {
    const { s, file } = await setup();
    const refused = await runCli(['apply', file, '--auto-approve'], s.env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`  FAIL  ${file}:${FAILING_LINE} us to BW\n`);
    expect(refused.stderr).toContain('error (PLAN_TESTS_FAILED): refused: 1 of 2 routing tests fails');
    expect(await s.client.listOutboundRoutes()).toEqual([]);
    expect((await s.client.listCarrierGroups()).map((g) => g.name)).toEqual([]);

    const forced = await runCli(['apply', file, '--auto-approve', '--force'], s.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('Apply complete: 4 applied, 0 failed');
  });

  it('a plan whose tests pass is shown with them and saved without --force', async () => {
    const { s } = await setup();
    const file = s.file(
      'good.yaml',
      RULES.replace('expect: { carrier_group: BW }', 'expect: { carrier_group: Announce, gateways: [ann] }'),
    );
    const r = await runCli(['plan', file, '--format', 'json'], s.env);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as { routing_tests: { status: string }[] };
    expect(plan.routing_tests.map((t) => t.status)).toEqual(['passed', 'passed']);
  });
});

describe('gateways by name at plan, when the files do not manage the carrier groups', () => {
  it("reads the live groups' gateway names for the tests, and names the gateways a failure reached", async () => {
    const s = await scenario({ empty: true });
    const endpoint = (name: string, hostname: string) => ({ name, hostname, strip: 0, prefix: '', weight: 1 });
    await s.client.createCarrierGroup({
      name: 'BW',
      lb_enabled: false,
      endpoints: [endpoint('bw-a', '203.0.113.5'), endpoint('bw-b', '203.0.113.6')],
    });
    const file = s.file(
      'routes.yaml',
      [
        'version: 1',
        'outbound_routes:',
        '  - name: UK',
        '    prefix: "44"',
        '    carrier_group: BW',
        'routing_tests:',
        '  - name: in order',
        '    direction: outbound',
        '    to: "442071234567"',
        '    expect: { carrier_group: BW, gateways: [bw-a, "203.0.113.6"] }',
        '  - name: the other way round',
        '    direction: outbound',
        '    to: "442071234567"',
        '    expect: { gateways: [bw-b, bw-a] }',
        '',
      ].join('\n'),
    );
    const r = await runCli(['plan', file, '--format', 'json', '--force'], s.env);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as { routing_tests: { status: string; failures: string[] }[] };
    expect(plan.routing_tests.map((t) => t.status)).toEqual(['passed', 'failed']);
    expect(plan.routing_tests[1]!.failures[0]).toMatch(
      /^expected gateways \["bw-b","bw-a"\], but the call took route "UK" .*, whose gateways are \d+ "bw-a" 203\.0\.113\.5:5060, \d+ "bw-b" 203\.0\.113\.6:5060$/,
    );
  });
});

describe('expectations by name against the live platform (--live)', () => {
  it('resolves names against the live groups and reads gateway names; a name two groups share is an error', async () => {
    const { s, file } = await setup();
    expect((await runCli(['apply', file, '--auto-approve', '--force'], s.env)).code).toBe(0);
    const [bw] = (await s.client.listCarrierGroups()).filter((g) => g.name === 'BW');
    const live = await runCli(['test', file, '--live'], s.env);
    expect(live.code).toBe(1);
    expect(live.stdout).toContain(`ok    ${file}:18 uk to BW\n`);
    expect(live.stdout).toContain(
      `      expected carrier group "BW" (#${bw!.gwgroupid}), but the call took route "US" (prefix "1", priority 0) to `,
    );
    expect(live.stderr).toContain('error (ROUTING_TESTS_FAILED): 1 of 2 routing tests fails against the live rules');

    // A second group named BW: the name no longer says which group is meant.
    await s.client.createCarrierGroup({
      name: 'BW',
      lb_enabled: false,
      endpoints: [{ name: 'x', hostname: '198.51.100.1', strip: 0, prefix: '', weight: 1 }],
    });
    const shared = await runCli(['test', file, '--live'], s.env);
    expect(shared.code).toBe(1);
    expect(shared.stderr).toMatch(
      new RegExp(
        `${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:21:15: routing test "uk to BW": expect\\.carrier_group: carrier_group "BW" matches 2 groups: #\\d+ \\(carrier\\), #\\d+ \\(carrier\\)\\n`,
      ),
    );
    expect(shared.stderr).toContain('hint: refer to one by id instead, e.g. gwgroupid: "');
  });

  it('an inbound test expects an endpoint group by name (group:) from the files and live', async () => {
    const s = await scenario({ empty: true });
    await s.client.raw('POST', '/endpointgroups', { body: { name: 'Office PBX', endpoints: [{ host: '10.1.1.1' }] } });
    const file = s.file(
      'in.yaml',
      [
        'version: 1',
        'inbound_mappings:',
        '  - did: "1555"',
        '    group: Office PBX',
        'routing_tests:',
        '  - name: office',
        '    direction: inbound',
        '    to: "15551230001"',
        '    expect: { group: Office PBX }',
        '',
      ].join('\n'),
    );
    expect((await runCli(['test', file])).code).toBe(0);
    const plan = await runCli(['plan', file, '--format', 'json'], s.env);
    expect(plan.code, plan.stderr).toBe(0);
    expect((JSON.parse(plan.stdout) as { routing_tests: { status: string }[] }).routing_tests[0]!.status).toBe('passed');
    expect((await runCli(['apply', file, '--auto-approve'], s.env)).code).toBe(0);
    const live = await runCli(['test', file, '--live'], s.env);
    expect(live.code, live.stdout + live.stderr).toBe(0);
    expect(live.stdout).toContain('1 passed, 0 failed');
  });
});
