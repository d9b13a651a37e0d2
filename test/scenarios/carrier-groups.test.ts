import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenario, type Scenario } from '../helpers/scenario.js';

const PASSWORD = 'Pw-carrier-4f9c1e7b';
const ENV = { CARRIER_A_PASSWORD: PASSWORD };

const groups = (b1Host: string, extra = '') => `version: 1
carrier_groups:
  - name: Carrier A
    lb_enabled: true
    endpoints:
      - name: a1
        hostname: sip1.carrier-a.example.com
        weight: 2
      - name: a2
        hostname: "sip2.carrier-a.example.com:5080"
        strip: 1
        prefix: "9"
    auth:
      type: userpwd
      auth_username: acme
      auth_domain: carrier-a.example.com
      auth_password: \${CARRIER_A_PASSWORD}
  - name: Carrier B
    lb_enabled: false
    auth: none
    endpoints:
      - name: b1
        hostname: ${b1Host}
${extra}`;

/** The live carrier groups by name, with their endpoints as `name host:port weight`. */
async function liveGroups(s: Scenario): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const g of await s.client.listCarrierGroups()) {
    const full = await s.client.getCarrierGroup(g.gwgroupid);
    out[g.name] = (full?.endpoints ?? []).map((e) => `${e.name} ${e.hostname} ${e.weight}`).sort();
  }
  return out;
}

/** Applies with the password's variable set, then plans again and expects no changes. */
async function converge(s: Scenario, path: string): Promise<void> {
  const applied = await s.run(['apply', path, '--auto-approve'], { env: ENV });
  expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
  const again = await s.run(['plan', path, '--detailed-exitcode'], { env: ENV });
  expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
}

describe.each(['spec', 'current'] as const)('carrier groups as code (API profile %s)', (profile) => {
  it('applies a carrier_groups file, plans to no changes, updates an endpoint, and never shows the password', async () => {
    const s = await scenario({ profile, empty: true });
    const printed: string[] = [];
    const run = async (args: string[]) => {
      const r = await s.run(args, { env: ENV });
      printed.push(r.stdout, r.stderr);
      return r;
    };
    const path = s.file('groups.yaml', groups('203.0.113.10'));
    const plan = await run(['plan', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('auth_password: (sensitive) from ${CARRIER_A_PASSWORD}');
    // Through a saved plan: it holds the variable's name, never the value; apply reads the value.
    const saved = join(s.dir, 'plan.json');
    expect((await run(['plan', path, '--out', saved])).code).toBe(0);
    expect(readFileSync(saved, 'utf8')).toContain('"password_env": "CARRIER_A_PASSWORD"');
    printed.push(readFileSync(saved, 'utf8'));
    const report = join(s.dir, 'report.json');
    const applied = await run(['apply', '--plan', saved, '--auto-approve', '--report', report, '--format', 'json']);
    expect(applied.code, applied.stderr).toBe(0);
    const again = await run(['plan', path, '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/No changes/);
    expect(await liveGroups(s)).toEqual({
      'Carrier A': ['a1 sip1.carrier-a.example.com 2', 'a2 sip2.carrier-a.example.com:5080 1'],
      'Carrier B': ['b1 203.0.113.10 1'],
    });

    // An endpoint changes and one is added: an update in place (same gwgroupid), then no changes again.
    const [before] = (await s.client.listCarrierGroups()).filter((g) => g.name === 'Carrier B');
    const moved = s.file(
      'groups.yaml',
      groups('203.0.113.10', '        strip: 2\n        weight: 3\n      - name: b2\n        hostname: b2.example.com\n'),
    );
    const update = await run(['plan', moved]);
    expect(update.stdout).toContain('# carrier_group "Carrier B" will be updated in place');
    expect(update.stdout).toContain(
      '~ endpoints:  [{name: "b1", hostname: "203.0.113.10:5060", strip: 0, prefix: "", weight: 1}] → [{name: "b1", hostname: "203.0.113.10:5060", strip: 2, prefix: "", weight: 3}, {name: "b2", hostname: "b2.example.com:5060", strip: 0, prefix: "", weight: 1}]',
    );
    // Written with the update, over values the platform does not show: on view.
    expect(update.stdout).toContain('~ lb_enabled: (not shown by the platform) → false');
    expect(update.stdout).toContain('~ auth:       (not shown by the platform) → none');
    await converge(s, moved);
    const [after] = (await s.client.listCarrierGroups()).filter((g) => g.name === 'Carrier B');
    expect(after?.gwgroupid).toBe(before?.gwgroupid);
    expect((await liveGroups(s))['Carrier B']).toEqual(['b1 203.0.113.10 3', 'b2 b2.example.com 1']);

    // Moving an endpoint to a new address is refused at plan time, at the entry.
    const away = await run(['plan', s.file('groups.yaml', groups('203.0.113.99'))]);
    expect(away.code).toBe(1);
    expect(away.stderr).toContain('groups.yaml:18:5: carrier group "Carrier B"');
    expect(away.stderr).toContain('would lose endpoint "b2"');

    await run(['plan', moved, '--format', 'json']);
    await run(['plan', moved, '--format', 'markdown']);
    for (const text of [...printed, readFileSync(report, 'utf8')]) expect(text).not.toContain(PASSWORD);
  });

  it('deletes an undeclared group only with --force when carrier_groups are protected, and ignores what the globs match', async () => {
    const s = await scenario({ profile, empty: true });
    await s.client.createCarrierGroup({
      name: 'Old carrier',
      lb_enabled: false,
      endpoints: [{ name: 'o1', hostname: 'old.example.com', strip: 0, prefix: '', weight: 1 }],
    });
    await s.client.createCarrierGroup({ name: 'Legacy 1', lb_enabled: false, endpoints: [] });
    const path = s.file(
      'g.yaml',
      'version: 1\ncarrier_groups: []\npolicy:\n  protect: [carrier_groups]\n  ignore:\n    carrier_groups: ["Legacy*"]\n',
    );
    const refused = await s.run(['apply', path, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('carrier_groups is protected by policy.protect, and the plan deletes 1 of them');
    expect(Object.keys(await liveGroups(s)).sort()).toEqual(['Legacy 1', 'Old carrier']);
    const forced = await s.run(['apply', path, '--auto-approve', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('carrier_group "Old carrier"');
    expect(Object.keys(await liveGroups(s))).toEqual(['Legacy 1']);
  });

  it('two live groups with a declared name stop the plan, naming both ids', async () => {
    const s = await scenario({ profile, empty: true });
    const one = await s.client.createCarrierGroup({ name: 'Twin', lb_enabled: false, endpoints: [] });
    const two = await s.client.createCarrierGroup({ name: 'Twin', lb_enabled: false, endpoints: [] });
    const path = s.file('g.yaml', 'version: 1\ncarrier_groups:\n  - name: Twin\n');
    const r = await s.run(['plan', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `the platform has 2 carrier groups named "Twin" (gwgroupids ${one}, ${two}), so the entry cannot tell which one it means`,
    );
  });

  it('export writes the carrier groups, and the exported file plans to no changes', async () => {
    const s = await scenario({ profile, empty: true });
    await converge(s, s.file('groups.yaml', groups('203.0.113.10')));
    const out = join(s.dir, 'export.yaml');
    const exported = await s.run(['export', '--out', out], { env: ENV });
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('carrier_groups:');
    expect(text).toContain('"Carrier B"');
    const plan = await s.run(['plan', out, '--detailed-exitcode'], { env: ENV });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it('a write the platform answers 200 to but does not make is a failed change, found by reading back', async () => {
    const s = await scenario({ profile, empty: true, faults: { swallowGroupErrors: true } });
    const ok = s.file(
      'ok.yaml',
      'version: 1\ncarrier_groups:\n  - name: C\n    lb_enabled: false\n    auth: none\n    endpoints:\n      - {name: c1, hostname: c1.example.com}\n',
    );
    await converge(s, ok);
    // [1::2::3] is no IPv6 address (validate lets bracketed ones through): the platform skips the endpoint and still answers 200.
    const bad = s.file(
      'bad.yaml',
      'version: 1\ncarrier_groups:\n  - name: C\n    lb_enabled: false\n    auth: none\n    endpoints:\n      - {name: c1, hostname: c1.example.com}\n      - {name: c2, hostname: "[1::2::3]"}\n  - name: D\n    endpoints:\n      - {name: d1, hostname: "[1::2::4]"}\noutbound_routes:\n  - {name: R, prefix: "1", gwgroupid: "1"}\n',
    );
    const report = join(s.dir, 'report.json');
    const r = await s.run(['apply', bad, '--auto-approve', '--report', report], { env: ENV });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'CARRIER_GROUP_NOT_WRITTEN: the platform answered 200 but the carrier group was not written: after the update of gwgroupid 1, endpoints asked c1 c1.example.com:5060 (strip 0, prefix "", weight 1), c2 [1::2::3]:5060 (strip 0, prefix "", weight 1), holds c1 c1.example.com:5060 (strip 0, prefix "", weight 1)',
    );
    expect(r.stdout).toMatch(
      /failed +\+ carrier_group "D".*CARRIER_GROUP_NOT_WRITTEN: the platform answered 200 but the carrier group was not written: after the create of gwgroupid \d+, endpoints asked d1 \[1::2::4\]:5060/,
    );
    // The route after them may refer to a group that was not made: not attempted.
    expect(r.stdout).toMatch(/not attempted \+ outbound_route "R": an earlier (update|create) of carrier_group "[CD]" failed/);
    const outcomes = (JSON.parse(readFileSync(report, 'utf8')) as { outcomes: { kind: string; status: string }[] }).outcomes;
    expect(outcomes.map((o) => `${o.kind} ${o.status}`)).toEqual([
      'carrier_group failed',
      'carrier_group failed',
      'outbound_route not_attempted',
    ]);
  });

  it('examples/carrier-groups validates and applies to a fresh install (its default groups ignored), then plans to no changes', async () => {
    const s = await scenario({ profile });
    const example = fileURLToPath(new URL('../../examples/carrier-groups/carrier-groups.yaml', import.meta.url));
    const valid = await s.run(['validate', example], { env: ENV });
    expect(valid.stdout).toContain('2 carrier groups');
    await converge(s, example);
    expect(Object.keys(await liveGroups(s))).toHaveLength(12);
  });

  it('export of a fresh install writes its default carrier groups, and the file plans to no changes', async () => {
    const s = await scenario({ profile });
    const out = join(s.dir, 'fresh.yaml');
    expect((await s.run(['export', '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('"Twilio NA Inbound CarrierGroup"');
    const plan = await s.run(['plan', out, '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it('destroy deletes the declared groups and leaves the others', async () => {
    const s = await scenario({ profile });
    const path = s.file(
      'd.yaml',
      'version: 1\ncarrier_groups:\n  - name: Temp\n    endpoints:\n      - {name: t1, hostname: t1.example.com}\npolicy:\n  ignore:\n    carrier_groups: ["* CarrierGroup"]\n',
    );
    await converge(s, path);
    const r = await s.run(['destroy', path, '--auto-approve']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('carrier_group "Temp"');
    const names = Object.keys(await liveGroups(s));
    expect(names).toHaveLength(10);
    expect(names).not.toContain('Temp');
  });
});
