import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedApp, REPO, runIn, typecheckApp } from '../helpers/packed-app.js';

// Issue 26, part 7: the routing simulation, the routing tests, the lints and the impact from the
// package's main entry, and the pipeline's plan result carrying what the checks found. The BUILT
// package (`npm run build` first), packed and unpacked as a user receives it, imported by name.
const TOKEN = 'library-routing-0123456789abcdef';

const DESIRED = `version: 1
outbound_routes:
  - name: UK
    prefix: "44"
    carrier_group: VoIP Innovations Inbound CarrierGroup
    priority: -1
  - name: Later
    prefix: "45"
    gwgroupid: "999"
routing_tests:
  - name: UK goes to carrier 5
    direction: outbound
    to: "442071234567"
    expect: { route: UK, gwgroupid: "5" }
policy:
  ignore:
    outbound_routes: ["Default Outbound Route"]
`;

const MAIN = `import {
  callTime, inventoryOf, judgeFindings, lintRules, loadDesiredState, planDesired, planFindings, PlatformClient,
  routeCall, routingDifference, routingFindings, routingImpact, routingTable, ruleSetFromState, rulesAfterPlan,
  runRoutingTest, startEmulator,
} from 'dsipform';

const emulator = await startEmulator({ port: 0, token: ${JSON.stringify(TOKEN)} });
const client = new PlatformClient({ url: emulator.url, token: emulator.token });
const out = {};
try {
  const loaded = await loadDesiredState(['desired.yaml']);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  const desired = loaded.desired;

  // The pipeline's plan result carries the findings: lints, references let through, routing tests, impact.
  // (A name in the files has the groups read, so the references are judged even with allowDangling.)
  const checked = await planDesired(client, desired, { allowDangling: true });
  out.findings = checked.findings.map((f) => f.code);
  out.references = checked.references.map((r) => r.message);
  out.tests = checked.routing_tests.map((o) => [o.test.name, o.status]);
  out.impact = checked.routing_impact.map((e) => [e.direction, e.to, e.before.result, e.after.result]);
  const nothing = await planDesired(client, { policy: desired.policy, files: [] });
  out.emptyImpact = nothing.routing_impact;

  // The lints: of the files' rules, of the rules after the plan, which stop a command, of any rule set.
  out.fileLints = routingFindings(desired).map((f) => f.code);
  const afterLints = planFindings(desired, checked.live, checked.plan);
  out.planLints = afterLints.map((f) => [f.code, f.severity]);
  out.stops = judgeFindings(afterLints).refusal?.code ?? null;

  // The simulation: the rules before and after the plan, one call at one time.
  const inventory = inventoryOf(checked.live.groups ?? []);
  const before = ruleSetFromState(checked.live, inventory);
  const after = ruleSetFromState(rulesAfterPlan(checked.live, checked.plan.changes, desired).state, inventory);
  const at = callTime('2026-12-28T10:00:00', 'Europe/London', Date.now());
  const call = { direction: 'outbound', from: '', to: '442071234567', at };
  out.before = [routeCall(before, call).result, routeCall(before, call).rule?.key ?? null];
  out.after = [routeCall(after, call).result, routeCall(after, call).rule?.key ?? null, routeCall(after, call).gwlist ?? null];
  out.lint = lintRules(after, { inbound: false, outbound: true }).map((f) => f.code);
  out.test = runRoutingTest(after, desired.routing_tests[0], at).status;
  out.testBefore = runRoutingTest(before, desired.routing_tests[0], at).status;

  // The impact: what changes between the two sets, and the whole table.
  const impact = routingImpact(before, after, at);
  out.directImpact = impact.entries.map((e) => [e.direction, e.to, e.when]);
  out.impactHorizon = typeof impact.horizon.tz;
  const table = routingTable(after, at, { direction: 'outbound' });
  out.table = table.spans.some((s) => s.decisions.some((d) => d.rule?.key === 'UK'));
  const difference = routingDifference(before, after, at);
  out.difference = difference.spans.length > 0 && difference.spans.every((s) => s.decisions.length === 2);
  out.horizon = typeof difference.horizon.tz;
} finally {
  await client.close();
  await emulator.close();
}
process.stdout.write(JSON.stringify(out));
`;

// The same names seen by TypeScript through the package's declarations.
const TYPED = `import { callTime, routeCall, ruleSetFromState, type CheckedPlan, type RouteDecision, type RuleSet, type RoutingTestOutcome, type ImpactEntry, type PlanIssue } from 'dsipform';
const set: RuleSet = ruleSetFromState({ outbound_routes: [{ name: 'UK', prefix: '44', from_prefix: null, gwgroupid: '5', priority: 0, timerec: '', routeid: '' }] });
const at = callTime(undefined, 'UTC', 0);
export const decision: RouteDecision | undefined = 'problem' in at ? undefined : routeCall(set, { direction: 'outbound', from: '', to: '44', at });
export type Carried = [CheckedPlan['references'][number], CheckedPlan['routing_tests'][number], CheckedPlan['routing_impact'][number]];
export const same: [PlanIssue, RoutingTestOutcome, ImpactEntry] | undefined = undefined as Carried | undefined;
`;

let base = '';
let app = '';
beforeAll(async () => {
  const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  ({ base, app } = await packedApp('dsipform-library-routing-', Object.keys(manifest.dependencies)));
  writeFileSync(join(app, 'desired.yaml'), DESIRED);
  writeFileSync(join(app, 'main.mjs'), MAIN);
  writeFileSync(join(app, 'typed.ts'), TYPED);
}, 120_000);
afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe("the routing simulation, tests, lints and impact from 'dsipform' (the packed package)", () => {
  it('plans with the findings in the result and runs each export on the rules before and after', async () => {
    const result = await runIn(process.execPath, ['main.mjs'], app);
    expect(result.code, result.out).toBe(0);
    const out = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(out.findings).toContain('negative_priority');
    expect(out.references).toEqual([
      'outbound route "Later": gwgroupid names group 999, which does not exist on the platform: the proxy drops the rule',
    ]);
    expect(out.tests).toEqual([['UK goes to carrier 5', 'passed']]);
    expect(out.impact).toContainEqual(['outbound', expect.stringMatching(/^44/), 'routed', 'routed']);
    expect(out.emptyImpact).toEqual([]);
    expect(out.fileLints).toContain('negative_priority');
    // Without allowDangling, the rules after the plan hold a rule the proxy drops: an error that stops it.
    expect(out.planLints).toContainEqual(['dropped', 'error']);
    expect(out.stops).toBe('ROUTING_LINT_FAILED');
    expect(out.before).toEqual(['routed', 'Default Outbound Route']);
    expect(out.after).toEqual(['routed', 'UK', '#5']);
    expect(out.lint).toContain('negative_priority');
    expect(out.lint).toContain('dropped');
    expect(out.test).toBe('passed');
    expect(out.testBefore).toBe('failed');
    expect(out.directImpact).toContainEqual(['outbound', expect.stringMatching(/^44/), expect.any(String)]);
    expect(out.impactHorizon).toBe('string');
    expect(out.table).toBe(true);
    expect(out.difference).toBe(true);
    expect(out.horizon).toBe('string');
  }, 60_000);

  it('gives TypeScript their types, and the plan result its fields', async () => {
    const result = await typecheckApp(app, 'typed.ts');
    expect(result.code, result.out).toBe(0);
  }, 60_000);
});
