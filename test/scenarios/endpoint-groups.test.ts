import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenario, type Scenario } from '../helpers/scenario.js';

const PASSWORD = 'Pw-acme-pbx-8d21c0f3';
const ENV = { ACME_PBX_PASSWORD: PASSWORD };

/** The issue's example, with the backup endpoint's host and the call limit as parameters. */
const acme = (backup = '203.0.113.11:5080', limit = 30, extra = '') => `version: 1
endpoint_groups:
  - name: Acme PBX
    call_limit: ${limit}
    strip: 0
    prefix: ""
    endpoints:
      - name: acme-main
        hostname: 203.0.113.10
        weight: 1
      - name: acme-backup
        hostname: "${backup}"
    auth:
      type: userpwd
      auth_username: acme
      auth_password: \${ACME_PBX_PASSWORD}
      auth_domain: pbx.acme.example
    notifications:
      over_max_call_limit: noc@acme.example
      endpoint_failure: noc@acme.example
    cdr:
      email: billing@acme.example
      send_interval: "0 0 * * *"
${extra}inbound_mappings:
  - did: "15551230001"
    group: Acme PBX
`;

/** The live endpoint groups by name: `name host:port weight` per endpoint, with its gateway id. */
async function liveGroups(s: Scenario): Promise<Record<string, { gwids: number[]; endpoints: string[]; limit: number | null }>> {
  const out: Record<string, { gwids: number[]; endpoints: string[]; limit: number | null }> = {};
  for (const g of await s.client.listEndpointGroups()) {
    const full = await s.client.getEndpointGroup(g.gwgroupid);
    if (!full) continue;
    out[full.name] = {
      gwids: [...full.gwids],
      endpoints: full.endpoints.map((e, i) => `${e.name} ${e.hostname} ${e.weight} #${full.gwids[i]}`).sort(),
      limit: full.call_limit,
    };
  }
  return out;
}

describe.each(['spec', 'current'] as const)('endpoint groups as code (API profile %s)', (profile) => {
  it('creates a group before the mapping that sends to it, plans to no changes, updates in place, and deletes after the mapping', async () => {
    const s = await scenario({ profile, empty: true });
    const printed: string[] = [];
    const run = async (args: string[], env: NodeJS.ProcessEnv = ENV) => {
      const r = await s.run(args, { env });
      printed.push(r.stdout, r.stderr);
      return r;
    };
    const path = s.file('acme.yaml', acme());
    const plan = await run(['plan', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/\+ endpoint_group "Acme PBX"/);
    // Made before the mapping that sends to it.
    expect(plan.stdout.indexOf('endpoint_group "Acme PBX"')).toBeLessThan(plan.stdout.indexOf('inbound_mapping "15551230001"'));
    const applied = await run(['apply', path, '--auto-approve']);
    expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
    // The group and the mapping in one apply: one proxy reload.
    expect(applied.stdout.match(/Proxy reloaded/g)).toHaveLength(1);
    const again = await run(['plan', path, '--detailed-exitcode']);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);

    const made = (await liveGroups(s))['Acme PBX']!;
    expect(made.limit).toBe(30);
    expect(made.endpoints.map((e) => e.replace(/ #\d+$/, ''))).toEqual([
      'acme-backup 203.0.113.11:5080 1',
      'acme-main 203.0.113.10:5060 1',
    ]);
    const group = (await s.client.listEndpointGroups()).find((g) => g.name === 'Acme PBX')!;
    const full = await s.client.getEndpointGroup(group.gwgroupid);
    expect(full?.notifications).toEqual({ over_max_call_limit: 'noc@acme.example', endpoint_failure: 'noc@acme.example' });
    expect(full?.cdr).toEqual({ email: 'billing@acme.example', send_interval: '0 0 * * *' });
    const mapping = (await s.client.listInboundMappings()).find((m) => m.did === '15551230001');
    expect(mapping?.servers).toEqual([`#${group.gwgroupid}`]);

    // An update that moves one endpoint and changes the call limit keeps the group and both gateway ids.
    const moved = s.file('acme.yaml', acme('203.0.113.12:5080', 40));
    const update = await run(['plan', moved]);
    expect(update.stdout).toMatch(/~ endpoint_group "Acme PBX"/);
    expect(update.stdout).toContain(
      '~ endpoints["acme-backup"]: {name: "acme-backup", hostname: "203.0.113.11:5080", weight: 1} → {name: "acme-backup", hostname: "203.0.113.12:5080", weight: 1}',
    );
    expect(update.stdout).toMatch(/call_limit: 30 -> 40|call_limit:\s+30\s+→\s+40|30.*40/);
    expect((await run(['apply', moved, '--auto-approve'])).code).toBe(0);
    const after = (await liveGroups(s))['Acme PBX']!;
    expect(after.limit).toBe(40);
    expect([...after.gwids].sort()).toEqual([...made.gwids].sort());
    expect(after.endpoints.some((e) => e.startsWith('acme-backup 203.0.113.12:5080'))).toBe(true);
    expect((await run(['plan', moved, '--detailed-exitcode'])).code).toBe(0);

    // Declared means authoritative: an empty collection deletes the group, after the mapping that sends to it.
    const none = s.file('acme.yaml', 'version: 1\nendpoint_groups: []\ninbound_mappings: []\n');
    const gone = await run(['plan', none]);
    expect(gone.stdout).toMatch(/- endpoint_group "Acme PBX"/);
    expect(gone.stdout.indexOf('inbound_mapping "15551230001"')).toBeLessThan(gone.stdout.indexOf('endpoint_group "Acme PBX"'));
    const deleted = await run(['apply', none, '--auto-approve', '--force']);
    expect(deleted.code, `${deleted.stdout}\n${deleted.stderr}`).toBe(0);
    expect(await liveGroups(s)).toEqual({});

    for (const text of printed) expect(text).not.toContain(PASSWORD);
  });
});

describe('gateway ids of an endpoint group', () => {
  it('stay when an update removes another endpoint; removing one a mapping names by gateway id is refused unless --allow-dangling', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const three = (names: string[], servers = '') => `version: 1
endpoint_groups:
  - name: Acme PBX
    endpoints:
${names.map((n) => `      - {name: ${n}, hostname: 203.0.113.${20 + n.charCodeAt(0)}}`).join('\n')}
${servers}`;
    await s.converge([s.file('g.yaml', three(['a', 'b', 'c']))]);
    const id = (await s.client.listEndpointGroups())[0]!.gwgroupid;
    const ids = async () => {
      const g = (await s.client.getEndpointGroup(id))!;
      return Object.fromEntries(g.endpoints.map((e, i) => [e.name, g.gwids[i]]));
    };
    const before = await ids();
    // Removing b keeps a's and c's gateway ids; the plan shows the endpoint set before and after.
    const plan = await s.run(['plan', s.file('g.yaml', three(['a', 'c']))]);
    expect(plan.stdout).toMatch(/~ endpoint_group "Acme PBX"/);
    // Endpoint by endpoint, matched by name: only b goes.
    expect(plan.stdout).toContain('- endpoints["b"]: {name: "b", hostname: "203.0.113.118:5060", weight: 1}');
    expect(plan.stdout).not.toMatch(/endpoints\["[ac]"\]/);
    await s.converge([s.file('g.yaml', three(['a', 'c']))]);
    expect(await ids()).toEqual({ a: before.a, c: before.c });

    // A mapping that names c's gateway directly: removing c would leave it dangling.
    const mapping = `inbound_mappings:\n  - did: "15551230009"\n    servers: ["${before.c}"]\n`;
    await s.converge([s.file('g.yaml', three(['a', 'c'], mapping))]);
    const path = s.file('g.yaml', three(['a'], mapping));
    const refused = await s.run(['plan', path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `g.yaml:7:5: inbound mapping "15551230009": servers name gateway ${before.c}, which no carrier or endpoint group holds`,
    );
    expect(refused.stderr).toContain('PLAN_BLOCKED');
    const forced = await s.run(['plan', path, '--allow-dangling']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/~ endpoint_group "Acme PBX"/);
  });
});

describe.each(['spec', 'current'] as const)('endpoint groups: export and drift (API profile %s)', (profile) => {
  it('export writes the groups with the password as ${VAR} named after the group; the file plans to no changes; drift sees a change made on the platform', async () => {
    const s = await scenario({ profile, empty: true });
    expect((await s.run(['apply', s.file('acme.yaml', acme()), '--auto-approve'], { env: ENV })).code).toBe(0);
    const exported = await s.run(['export', '--out', `${s.dir}/exported.yaml`], { env: ENV });
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(`${s.dir}/exported.yaml`, 'utf8');
    expect(text).not.toContain(PASSWORD);
    expect(text).toContain('auth_password: "${ACME_PBX_PASSWORD}"');
    expect(text).toMatch(/endpoint_groups:\n {2}- name: "Acme PBX"\n {4}call_limit: 30\n/);
    // Planned where the variable is not set: nothing to compare the password with, and nothing else differs.
    const plan = await s.run(['plan', `${s.dir}/exported.yaml`, '--detailed-exitcode'], { env: {} });
    expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(0);
    expect((await s.run(['plan', `${s.dir}/exported.yaml`, '--detailed-exitcode'], { env: ENV })).code).toBe(0);

    // A change made on the platform is drift.
    const group = (await s.client.listEndpointGroups())[0]!;
    const held = (await s.client.getEndpointGroup(group.gwgroupid))!;
    await s.client.updateEndpointGroup(
      group.gwgroupid,
      { ...held, call_limit: 99, auth: { ...held.auth!, auth_password: PASSWORD } },
      held.gwids,
    );
    const drift = await s.run(['drift', `${s.dir}/exported.yaml`], { env: ENV });
    expect(drift.code, drift.stderr).toBe(2);
    expect(drift.stdout).toMatch(/endpoint_group "Acme PBX"/);
    expect(drift.stdout).toMatch(/call_limit/);
    expect(drift.stdout + drift.stderr).not.toContain(PASSWORD);
  });
});

describe("an endpoint group's password", () => {
  it('is compared as a secret: a new one is a change that says so, never what to, in any format, saved plan or error', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const path = s.file('acme.yaml', acme());
    expect((await s.run(['apply', path, '--auto-approve'], { env: ENV })).code).toBe(0);
    expect((await s.run(['plan', path, '--detailed-exitcode'], { env: ENV })).code).toBe(0);
    const NEW = 'Pw-acme-rotated-51e0a9';
    const env = { ACME_PBX_PASSWORD: NEW };
    const printed: string[] = [];
    const text = await s.run(['plan', path, '--out', `${s.dir}/rotate.plan.json`], { env });
    printed.push(text.stdout, text.stderr);
    expect(text.stdout).toMatch(/~ endpoint_group "Acme PBX"/);
    expect(text.stdout).toContain('auth_password: (sensitive) from ${ACME_PBX_PASSWORD}: changes');
    for (const format of ['json', 'markdown', 'html']) {
      const r = await s.run(['plan', path, '--format', format], { env });
      expect(r.code, r.stderr).toBe(0);
      printed.push(r.stdout, r.stderr);
    }
    printed.push(readFileSync(`${s.dir}/rotate.plan.json`, 'utf8'));
    const applied = await s.run(['apply', '--plan', `${s.dir}/rotate.plan.json`, '--auto-approve'], { env });
    printed.push(applied.stdout, applied.stderr);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await s.run(['plan', path, '--detailed-exitcode'], { env })).code).toBe(0);
    // The old password now differs from the one the platform holds.
    const back = await s.run(['plan', path, '--detailed-exitcode'], { env: ENV });
    printed.push(back.stdout, back.stderr);
    expect(back.code).toBe(2);
    for (const out of printed) {
      expect(out).not.toContain(NEW);
      expect(out).not.toContain(PASSWORD);
    }
  });
});

describe('endpoint groups: what the files may say', () => {
  it('refuses an IPv6 endpoint with the platform reason and a "," in a group name, each at FILE:LINE:COL', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const path = s.file(
      'bad.yaml',
      `version: 1
endpoint_groups:
  - name: Acme PBX
    endpoints:
      - name: v6
        hostname: "[2001:db8::1]:5060"
  - name: "Acme, Inc"
`,
    );
    const r = await s.run(['validate', path]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      `${path}:6:19: endpoint_groups[0].endpoints[0].hostname "[2001:db8::1]:5060" is an IPv6 address: the platform stores it, but every later read of the group fails with 500 "invalid literal for int() with base 10: 'db8'"`,
    );
    expect(r.stderr).toContain(`${path}:7:11: endpoint_groups[1].name may not contain ","`);
    expect(r.stderr).toContain('CONFIG_INVALID');
  });

  it('leaves groups that policy.ignore names alone and refuses deleting a protected collection without --force', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const two = s.file(
      'two.yaml',
      'version: 1\nendpoint_groups:\n  - name: trial-1\n    endpoints: [{name: t1, hostname: 198.51.100.1}]\n  - name: Keep\n',
    );
    await s.converge([two]);
    const ignoring = s.file(
      'ignore.yaml',
      'version: 1\nendpoint_groups: []\npolicy:\n  ignore:\n    endpoint_groups: ["trial-*"]\n  protect: [endpoint_groups]\n',
    );
    const plan = await s.run(['plan', ignoring]);
    expect(plan.stdout).toMatch(/- endpoint_group "Keep"/);
    expect(plan.stdout).not.toMatch(/endpoint_group "trial-1"/);
    const refused = await s.run(['apply', ignoring, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error (PLAN_UNSAFE): refused: endpoint_groups is protected by policy.protect, and the plan deletes 1 of them: "Keep"',
    );
    expect((await s.client.listEndpointGroups()).map((g) => g.name).sort()).toEqual(['Keep', 'trial-1']);
    expect((await s.run(['apply', ignoring, '--auto-approve', '--force'])).code).toBe(0);
    expect((await s.client.listEndpointGroups()).map((g) => g.name)).toEqual(['trial-1']);
  });
});
