import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { parseXml } from '../helpers/xml.js';
import { scenario } from '../helpers/scenario.js';

const FAILING = 'test/fixtures/routing-tests/failing';
const FAILING_FILE = `${FAILING}/rules.yaml`;
const MORE = 'test/fixtures/routing-tests/more-tests.yaml';

describe('dsipform test', () => {
  it('passes the examples/routing tests from the files alone (exit 0, a summary)', async () => {
    const r = await runCli(['test', 'examples/routing']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ok    examples/routing/tests.yaml:7 UK calls from our 1555 numbers take the LCR route\n');
    expect(r.stdout.endsWith('\n8 passed, 0 failed\n')).toBe(true);
  });

  it('names each failure with FILE:LINE, expected vs actual and the steps, and exits 1', async () => {
    const r = await runCli(['test', FAILING]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`ok    ${FAILING_FILE}:13 UK goes to carrier 5\n`);
    expect(r.stdout).toContain(`FAIL  ${FAILING_FILE}:17 France goes to <carrier> 8 & "friends"\n`);
    expect(r.stdout).toContain('      expected carrier group #8, but the call took route "Default route" (prefix "", priority 0) to #2\n');
    expect(r.stdout).toContain(`FAIL  ${FAILING_FILE}:21 main number rings two phones\n`);
    expect(r.stdout).toContain(
      '      expected servers ["66","67"], but the call took mapping "15551230001" (prefix "15551230001", priority 0) to servers ["66"]\n',
    );
    expect(r.stdout).toContain('      how the proxy decided:\n        - outbound call to 33123456789');
    expect(r.stdout.endsWith('\n2 passed, 2 failed\n')).toBe(true);
    expect(r.stderr).toBe(
      'error (ROUTING_TESTS_FAILED): 2 of 4 routing tests fail\nhint: Each FAIL above names its FILE:LINE, what it expected and what the proxy would do; fix the rules or the test.\n',
    );
  });

  it('writes JUnit XML that parses back: a suite per file, a case per test, failures with messages', async () => {
    const r = await runCli(['test', FAILING_FILE, MORE, '--format', 'junit']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('3 passed, 2 failed\n');
    const root = parseXml(r.stdout);
    expect(root.name).toBe('testsuites');
    expect(root.attrs).toMatchObject({ tests: '5', failures: '2' });
    expect(root.children.map((s) => [s.name, s.attrs.name, s.attrs.tests, s.attrs.failures])).toEqual([
      ['testsuite', FAILING_FILE, '4', '2'],
      ['testsuite', MORE, '1', '0'],
    ]);
    const cases = root.children[0]!.children;
    expect(cases.map((c) => c.attrs.name)).toEqual([
      'UK goes to carrier 5',
      'France goes to <carrier> 8 & "friends"',
      'main number rings two phones',
      'an unknown DID has no route',
    ]);
    expect(cases.every((c) => c.attrs.classname === 'test.fixtures.routing-tests.failing.rules')).toBe(true);
    const failure = cases[1]!.children[0]!;
    expect(failure.name).toBe('failure');
    expect(failure.attrs.message).toBe(
      `${FAILING_FILE}:17: expected carrier group #8, but the call took route "Default route" (prefix "", priority 0) to #2`,
    );
    expect(failure.text).toContain('how the proxy decided:\n  - outbound call to 33123456789');
    expect(cases[0]!.children).toEqual([]);
  });

  it('prints one JSON object with each result and decision', async () => {
    const r = await runCli(['test', FAILING, '--format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      passed: number;
      failed: number;
      tests: {
        name: string;
        file: string;
        line: number;
        status: string;
        failures: string[];
        decision: { result: string; rule?: { key: string } };
      }[];
    };
    expect([report.passed, report.failed]).toEqual([2, 2]);
    expect(report.tests.map((t) => [t.line, t.status, t.decision.result, t.decision.rule?.key])).toEqual([
      [13, 'passed', 'routed', 'UK'],
      [17, 'failed', 'routed', 'Default route'],
      [21, 'failed', 'routed', '15551230001'],
      [25, 'passed', 'no_route', undefined],
    ]);
    expect(report.tests[1]!.file).toBe(FAILING_FILE);
  });

  it('tests the live rules with --live against the emulator: pass after an apply, fail on a fresh install', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-test-live-'));
    try {
      const data = join(dir, 'emu.json');
      // The whole directory: apply runs the tests beside the rules against the rules after the plan (they pass), never sends them.
      const apply = await runCli(['apply', 'examples/routing', '--emulator', '--emulator-data', data, '--auto-approve']);
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stdout).toContain('Apply complete: 10 applied, 0 failed');
      const live = await runCli(['test', 'examples/routing/tests.yaml', '--live', '--emulator', '--emulator-data', data]);
      expect(live.code, live.stderr).toBe(0);
      expect(live.stdout).toContain('8 passed, 0 failed');
      const fresh = await runCli(['test', 'examples/routing/tests.yaml', '--live', '--emulator']);
      expect(fresh.code).toBe(1);
      expect(fresh.stdout).toContain(
        'FAIL  examples/routing/tests.yaml:24 toll free takes the longest prefix\n      expected route "US toll free", but the call took route "Default Outbound Route"',
      );
      expect(fresh.stderr).toContain('error (ROUTING_TESTS_FAILED): 8 of 8 routing tests fail against the live rules\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('--live reads the groups: a live mapping to a missing group is dropped, so the call falls back to the shorter DID', async () => {
    const s = await scenario({ empty: true });
    const id = await s.client.createCarrierGroup({
      name: 'Carrier A',
      lb_enabled: false,
      endpoints: [{ name: 'a1', hostname: '198.51.100.1', strip: 0, prefix: '', weight: 1 }],
    });
    await s.client.createInboundMapping({ did: '1555', servers: [`#${id}`] });
    await s.client.createInboundMapping({ did: '1555123', servers: ['#99'] });
    const file = s.file(
      't.yaml',
      `version: 1\nrouting_tests:\n  - name: office\n    direction: inbound\n    to: "15551230001"\n    expect: { did: "1555", servers: ["#${id}"] }\n`,
    );
    const r = await runCli(['test', file, '--live'], s.env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('1 passed, 0 failed');
  });

  it('from the files, rules naming groups by name (group:, carrier_group:) pass their tests', async () => {
    const s = await scenario();
    const file = s.file(
      'g.yaml',
      [
        'version: 1',
        'inbound_mappings:',
        '  - did: "1555"',
        '    group: PBX',
        'outbound_routes:',
        '  - name: UK',
        '    prefix: "44"',
        '    carrier_group: Carrier A',
        'routing_tests:',
        '  - name: uk',
        '    direction: outbound',
        '    to: "442071234567"',
        '    expect: { route: UK }',
        '  - name: office',
        '    direction: inbound',
        '    to: "15551230001"',
        '    expect: { did: "1555" }',
        '',
      ].join('\n'),
    );
    const r = await runCli(['test', file]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('2 passed, 0 failed');
  });

  it.each([
    [['test', 'test/fixtures/basic.yaml'], 'error (ROUTING_TESTS_NONE): the files hold no routing tests (1 file read)'],
    [['test', 'examples/routing', '--emulator'], 'error (CLI_BAD_OPTION): --emulator is only used with --live'],
    [
      ['test', 'test/fixtures/routing-tests/bad.yaml'],
      'test/fixtures/routing-tests/bad.yaml:5:15: routing_tests[0].expect has an unknown key "gateway"',
    ],
    [['test', 'examples/routing', '--format', 'xml'], "error (CLI_USAGE): option '--format <format>' argument 'xml' is invalid"],
  ])('refuses %j with a coded error', async (args, line) => {
    const r = await runCli(args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(line);
  });
});

describe('routing lints at validate', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dsipform-lint-'));
    await writeFile(
      join(dir, 'routes.yaml'),
      [
        'version: 1',
        'outbound_routes:',
        '  - name: UK',
        '    prefix: "44"',
        '    gwgroupid: "5"',
        '  - name: UK backup',
        '    prefix: "44"',
        '    gwgroupid: "6"',
        '',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints warnings with FILE:LINE:COL and a hint, and keeps exit 0', async () => {
    const file = join(dir, 'routes.yaml');
    const r = await runCli(['validate', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Valid: 1 file, 2 outbound routes.\n');
    expect(r.stderr).toBe(
      `warning: ${file}:3:5: no outbound route without a prefix (and without a time recurrence): outbound calls to numbers no prefix matches (and no LCR route takes) fail\n` +
        `  hint: add a catch-all route (prefix: "") to a carrier group, or keep the platform's "Default Outbound Route" (policy.ignore.outbound_routes)\n` +
        `warning: ${file}:6:5: route "UK backup" and route "UK" (${file}:3:5) share prefix "44" and priority 0, and neither has a time recurrence: the proxy picks one in an undefined order\n` +
        '  hint: give one of them a higher priority, or time recurrences that do not overlap\n',
    );
  });

  it('does not ask for a catch-all route when policy.ignore may keep a live one', async () => {
    const file = join(dir, 'ignoring.yaml');
    await writeFile(
      file,
      [
        'version: 1',
        'outbound_routes:',
        '  - name: UK',
        '    prefix: "44"',
        '    gwgroupid: "5"',
        'policy:',
        '  ignore:',
        '    outbound_routes: ["Default*"]',
        '',
      ].join('\n'),
    );
    const r = await runCli(['validate', file, '--strict']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('makes them errors with --strict (exit 1, ROUTING_LINT_FAILED)', async () => {
    const file = join(dir, 'routes.yaml');
    const r = await runCli(['validate', file, '--strict']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: ${file}:6:5: route "UK backup" and route "UK"`);
    expect(r.stderr).toContain(`error: ${file}:3:5: no outbound route without a prefix`);
    expect(r.stderr).toContain('error (ROUTING_LINT_FAILED): 2 routing problems stop the command (--strict makes warnings errors)\n');
  });

  it('finds nothing in examples/routing, also with --strict', async () => {
    const r = await runCli(['validate', 'examples/routing', '--strict']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('routing lints at plan', () => {
  it('warns on stderr with the live rules, keeps --format json stdout pure JSON, and --strict stops the plan', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-lint-plan-'));
    try {
      const file = join(dir, 'routes.yaml');
      // The files manage routes but keep the live default route (ignored) and add one that it shadows.
      await writeFile(
        file,
        [
          'version: 1',
          'outbound_routes:',
          '  - name: Catch all',
          '    prefix: ""',
          '    gwgroupid: "5"',
          'policy:',
          '  ignore:',
          '    outbound_routes: ["Default Outbound Route"]',
          '',
        ].join('\n'),
      );
      // --force: the new catch-all makes every other number ambiguous, which apply (and so plan) refuses.
      const plan = await runCli(['plan', file, '--emulator', '--format', 'json', '--force']);
      expect(plan.code, plan.stderr).toBe(0);
      expect(() => JSON.parse(plan.stdout) as unknown).not.toThrow();
      expect(plan.stderr).toContain(
        `warning: ${file}:3:5: route "Catch all" and route "Default Outbound Route" (live) share no prefix and priority 0, and neither has a time recurrence`,
      );
      const strict = await runCli(['plan', file, '--emulator', '--strict']);
      expect(strict.code).toBe(1);
      expect(strict.stdout).toBe('');
      expect(strict.stderr).toContain(
        'error (ROUTING_LINT_FAILED): 1 routing problem stops the command (--strict makes warnings errors)\n',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are the same at apply of files: the pipeline checks what it applies as it checks a plan', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-lint-apply-'));
    try {
      const file = join(dir, 'routes.yaml');
      await writeFile(
        file,
        [
          'version: 1',
          'outbound_routes:',
          '  - name: Catch all',
          '    prefix: ""',
          '    gwgroupid: "5"',
          'policy:',
          '  allow_unrouting: true',
          '  ignore:',
          '    outbound_routes: ["Default Outbound Route"]',
          '',
        ].join('\n'),
      );
      const apply = await runCli(['apply', file, '--emulator', '--auto-approve']);
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stderr).toContain(
        `warning: ${file}:3:5: route "Catch all" and route "Default Outbound Route" (live) share no prefix and priority 0, and neither has a time recurrence`,
      );
      expect(apply.stdout).toContain('1 applied');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('routing tests at plan and apply', () => {
  it('run against the rules after the plan: a test the files pass alone but the live rules they keep break stops the plan', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-tests-plan-'));
    try {
      const file = join(dir, 'routes.yaml');
      // The files keep the live catch-all (ignored), so a call to 33… is routed once the plan is applied.
      await writeFile(
        file,
        [
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
          '  - direction: outbound',
          '    to: "447700900123"',
          '    expect: { route: UK }',
          '',
        ].join('\n'),
      );
      const alone = await runCli(['test', file]);
      expect(alone.code, alone.stderr).toBe(0);
      for (const verb of ['plan', 'apply']) {
        const r = await runCli([verb, file, '--emulator', '--auto-approve'].slice(0, verb === 'plan' ? 3 : 4));
        expect(r.code).toBe(1);
        // The plan is shown with its routing tests; the gate refuses it (PLAN_TESTS_FAILED) unless --force.
        expect(r.stdout).toContain(
          `  FAIL  ${file}:10 outbound call to 33123456\n        expected result no_route, but the call took route "Default Outbound Route" (prefix "", priority 0) to `,
        );
        expect(r.stderr).toContain(
          `error (PLAN_TESTS_FAILED): refused: 1 of 2 routing tests fails against the rules after the plan: "outbound call to 33123456" (${file}:10)\n`,
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
