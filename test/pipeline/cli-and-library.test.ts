// One conductor, seen from outside (issue 33 §1): the same files through the built CLI
// (`bin/dsipform.js plan --format json`, a real process) and through the library's planDesired,
// against one emulator over loopback, give the same plan, the same findings (each warning the CLI
// prints is one the library returns, at the same FILE:LINE:COL), the same routing tests and the
// same refusal: a plan the gate refuses, one the lints stop, one the routing tests fail, one clean.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DsipformError, loadDesiredState, planDesired, type CheckedPlan } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { emulatorFixture, TEST_PROFILE } from '../helpers/emulator.js';

/** Two carrier groups; a UK route to one, a US route to the other; no catch-all (a warning). */
const ROUTES = [
  'version: 1',
  'proxy: { timezone: UTC }',
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
];

const AT = '2026-12-28T10:00:00';

const CASES = {
  clean: [
    ...ROUTES,
    'routing_tests:',
    '  - { name: uk, direction: outbound, to: "442071234567", at: "2026-12-28T10:00:00", expect: { carrier_group: BW } }',
  ],
  'tests fail': [
    ...ROUTES,
    'routing_tests:',
    '  - { name: uk, direction: outbound, to: "442071234567", at: "2026-12-28T10:00:00", expect: { carrier_group: BW } }',
    '  - { name: us to BW, direction: outbound, to: "15551234567", at: "2026-12-28T10:00:00", expect: { carrier_group: BW } }',
  ],
  'the gate refuses': ['version: 1', 'policy: { protect: [outbound_routes] }', 'outbound_routes: []'],
  'the lints stop it': [...ROUTES, '  - { name: UK again, prefix: "44", carrier_group: Announce }'],
} as const;

/** `FILE:LINE:COL: message` of each warning line the CLI printed about a routing finding. */
function printedFindings(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((l) => /^warning: \S+:\d+:\d+: /.test(l))
    .map((l) => l.replace(/^warning: /, ''))
    .sort();
}

/** The same for what the library returned (or named in the error that stopped it). */
function libraryFindings(findings: readonly { message: string; origin?: { file: string; line: number; col: number } }[]): string[] {
  return findings
    .filter((f) => f.origin)
    .map((f) => `${f.origin!.file}:${f.origin!.line}:${f.origin!.col}: ${f.message}`)
    .sort();
}

describe('the CLI and planDesired, the same files', () => {
  it.each(Object.keys(CASES) as (keyof typeof CASES)[])('%s: the same plan, findings, tests and refusal', async (name) => {
    const { emu, client } = await emulatorFixture({ empty: true });
    // --strict (strict): the warnings stop the plan as errors, ROUTING_LINT_FAILED.
    const strict = name === 'the lints stop it';
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-cli-and-library-'));
    const file = join(dir, 'rules.yaml');
    writeFileSync(file, `${CASES[name].join('\n')}\n`);
    // The platform holds a route the gate's file protects, so its plan deletes a protected route.
    if (name === 'the gate refuses') await client.createOutboundRoute({ name: 'Old', prefix: '99', gwgroupid: '5' });
    const env = { DSIP_URL: emu.url, DSIP_TOKEN: emu.token, DSIP_API_PROFILE: TEST_PROFILE, TZ: 'UTC' };
    // One instant for both: the impact is decided at --at (at), the tests at their own at:.
    const cli = await runCli(['plan', file, '--format', 'json', '--at', AT, ...(strict ? ['--strict'] : [])], env);

    const loaded = await loadDesiredState([file]);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    // force: the library returns a refused plan beside its refusal, as the CLI prints a refused plan.
    const lib = await planDesired(client, loaded.desired, { force: true, at: AT, strict }).then(
      (checked): CheckedPlan | DsipformError => checked,
      (err: unknown) => err as DsipformError,
    );
    if (lib instanceof DsipformError) {
      // Stopped before a plan: the CLI prints no plan, and fails with the same error.
      expect(cli.stdout).toBe('');
      expect(cli.code).toBe(1);
      expect(lib.code).toBe(name === 'the lints stop it' ? 'ROUTING_LINT_FAILED' : 'none');
      // The library names the findings that stop it in its message; the CLI prints them above as errors.
      expect(cli.stderr).toContain(`error (${lib.code}): ${lib.message.slice(0, lib.message.indexOf(': '))}`);
      const stopping = cli.stderr.split('\n').filter((l) => /^error: \S+:\d+:\d+: /.test(l));
      expect(stopping.length).toBeGreaterThan(0);
      for (const line of stopping) expect(lib.message).toContain(line.replace(/^error: /, ''));
      return;
    }
    const printed = JSON.parse(cli.stdout) as Record<string, unknown>;
    const plan = lib.plan as unknown as Record<string, unknown>;
    for (const field of [
      'target',
      'changes',
      'summary',
      'safety',
      'managed',
      'live_checksum',
      'notes',
      'routing_tests',
      'routing_impact',
      'horizon',
      'names',
    ])
      expect(printed[field], field).toEqual(plan[field]);
    expect(printedFindings(cli.stderr)).toEqual(libraryFindings(lib.findings));
    // No catch-all route: a warning both sides must show.
    if (name !== 'the gate refuses') expect(lib.findings.length).toBeGreaterThan(0);
    const tests = (printed.routing_tests ?? []) as { name: string; status: string }[];
    expect(tests.map((t) => [t.name, t.status])).toEqual(lib.routing_tests.map((o) => [o.test.name, o.status]));
    if (lib.refusal) {
      expect(cli.code).toBe(1);
      expect(cli.stderr).toContain(`error (${lib.refusal.code}): ${lib.refusal.message}`);
    } else {
      expect(cli.code, cli.stderr).toBe(0);
      expect(cli.stderr).not.toContain('error (');
    }
    const expected = {
      clean: undefined,
      'tests fail': 'PLAN_TESTS_FAILED',
      'the gate refuses': 'PLAN_UNSAFE',
      'the lints stop it': 'none',
    }[name];
    expect(lib.refusal?.code).toBe(expected);
  });
});
