import { describe, expect, it } from 'vitest';
import type { PlanInvariant } from '../../src/model/invariant.js';
import type { PlanRoutingTest } from '../../src/model/routing-test.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

/**
 * Issue 34 §5: a routing test whose call goes to an endpoint group the plan creates names that
 * group as the plan's routing impact does, by name with its id known after apply, in its words and
 * in the decision the plan records, in every format; it is still judged on the group's stand-in id.
 */
const ACME = `version: 1
endpoint_groups:
  - name: Acme PBX
    endpoints:
      - name: acme-main
        hostname: 203.0.113.10
inbound_mappings:
  - did: "15551230001"
    group: Acme PBX
`;

/** ACME with Beta PBX, which the plan creates, a mapping to it, and two tests of its calls. */
const WITH_BETA = `${ACME.replace(
  'inbound_mappings:\n',
  `  - name: Beta PBX
    endpoints:
      - name: beta-1
        hostname: 198.51.100.7
inbound_mappings:
`,
)}  - did: "15551230002"
    group: Beta PBX
routing_tests:
  - name: beta by name
    direction: inbound
    to: "15551230002"
    expect: { group: Beta PBX, gateways: [beta-1] }
  - name: beta wrong mapping
    direction: inbound
    to: "15551230002"
    expect: { did: "1555" }
`;

const WORDS = 'endpoint group "Beta PBX" (id known after apply): endpoint "beta-1" 198.51.100.7';
const TOOK = `mapping "15551230002" (prefix "15551230002", priority 0) to servers ["#\\"Beta PBX\\""] (${WORDS})`;

async function planned(s: Scenario, format: string): Promise<{ code: number; stdout: string }> {
  await s.converge([s.file('acme.yaml', ACME)]);
  return s.run(['plan', s.file('beta.yaml', WITH_BETA), '--tz', 'UTC', '--format', format]);
}

describe.each(['spec', 'current'] as const)('a routing test of a group the plan creates (--profile %s)', (profile) => {
  it('JSON: judged on the stand-in, recorded and worded by name', async () => {
    const s = await scenario({ empty: true, profile });
    const r = await planned(s, 'json');
    expect(r.code).toBe(1);
    const tests = (JSON.parse(r.stdout) as { routing_tests: PlanRoutingTest[] }).routing_tests;
    expect(tests.map((t) => t.status)).toEqual(['passed', 'failed']);
    for (const t of tests) {
      expect(t.decision.gwlist).toBe('#"Beta PBX"');
      expect(t.decision.gwlist_words).toBe(WORDS);
      expect(t.took).toBe(TOOK);
    }
    expect(tests[1]!.failures).toEqual([`expected mapping "1555", but the call took ${TOOK}`]);
    expect(r.stdout).not.toMatch(/"#[0-9]+"/);
  });

  it('text, markdown and HTML: the failure names the group, never its stand-in id', async () => {
    const s = await scenario({ empty: true, profile });
    const text = await planned(s, 'text');
    expect(text.stdout).toContain(`expected mapping "1555", but the call took ${TOOK}`);
    const markdown = await s.run(['plan', s.file('beta.yaml', WITH_BETA), '--tz', 'UTC', '--format', 'markdown']);
    // Markdown escapes its punctuation with a backslash.
    expect(markdown.stdout.replace(/\\(.)/g, '$1')).toContain(`but the call took ${TOOK}`);
    const html = await s.run(['plan', s.file('beta.yaml', WITH_BETA), '--tz', 'UTC', '--format', 'html']);
    const shown = html.stdout.replaceAll('&quot;', '"').replaceAll('&#34;', '"').replaceAll('&#92;', '\\');
    expect(shown).toContain(`but the call took ${TOOK}`);
  });

  it("an invariant's counterexample names the group too", async () => {
    const s = await scenario({ empty: true, profile });
    await s.converge([s.file('acme.yaml', ACME)]);
    const always =
      'invariants:\n  - name: all to Acme\n    always: { direction: inbound, to_prefix: "15551230002", reaches: { group: Acme PBX } }\n';
    const r = await s.run([
      'plan',
      s.file('beta.yaml', WITH_BETA.replace(/routing_tests:[^]*$/, always)),
      '--tz',
      'UTC',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(1);
    const [inv] = (JSON.parse(r.stdout) as { invariants: PlanInvariant[] }).invariants;
    expect(inv!.status).toBe('violated');
    expect(inv!.counterexample!.decision.gwlist).toBe('#"Beta PBX"');
    expect(inv!.counterexample!.took).toBe(TOOK);
    expect(inv!.message).toContain(`took ${TOOK}`);
  });
});
