import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CarrierGroupContent } from '../../src/model/carrier-group.js';
import { scenario } from '../helpers/scenario.js';

/** A carrier group with one gateway, made through the API as an operator would. */
const carrier = (name: string): CarrierGroupContent => ({
  name,
  lb_enabled: false,
  endpoints: [{ name: `${name} gw`, hostname: '198.51.100.7', strip: 0, prefix: '', weight: 1 }],
});

// The fresh install's "Default Outbound Route" is not in these files, so the plan deletes it and
// calls to "0" lose their route: a side step here, allowed by policy.allow_unrouting.
const BY_NAME = `version: 1
policy:
  allow_unrouting: true
inbound_mappings:
  - did: "15551230001"
    group: Carrier A
  - did: "15551230002"
    group: Skyetel CarrierGroup
outbound_routes:
  - name: US domestic
    prefix: "1"
    carrier_group: Flowroute CarrierGroup
`;

// The fresh install (groups 1–10, see the emulator's default data) under both API profiles.
describe.each(['spec', 'current'] as const)('scenario: groups by name and checked references (profile %s)', (profile) => {
  it('files referring to groups by name apply, show the name beside the id, and then plan to no changes', async () => {
    const s = await scenario({ profile });
    const id = await s.client.createCarrierGroup(carrier('Carrier A'));
    const path = s.file('p.yaml', BY_NAME);
    const plan = await s.run(['plan', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(new RegExp(`\\+ servers: +\\["#${id}"\\] \\(carrier group "Carrier A"\\)`));
    expect(plan.stdout).toMatch(/\+ gwgroupid: +"3" \(carrier group "Flowroute CarrierGroup"\)/);
    await s.converge([path]);
    const mappings = await s.client.listInboundMappings();
    expect(mappings.find((m) => m.did === '15551230001')?.servers).toEqual([`#${id}`]);
    expect(mappings.find((m) => m.did === '15551230002')?.servers).toEqual(['#2']);
    expect((await s.client.listOutboundRoutes()).find((r) => r.name === 'US domestic')?.gwgroupid).toBe('3');
  });

  it('an unknown name stops the plan at file:line:col, listing the groups', async () => {
    const s = await scenario({ profile });
    const path = s.file('p.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    group: Skyetel Carriergroup\n');
    const r = await s.run(['plan', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path}:3:5: inbound mapping "1": no group is named "Skyetel Carriergroup"`);
    expect(r.stderr).toContain('hint: the groups are: "Twilio NA Inbound CarrierGroup" (#1), "Skyetel CarrierGroup" (#2)');
    expect(r.stderr).toContain('error (PLAN_BLOCKED): 1 problem stops the plan; nothing was changed');
  });

  it('a name two groups share stops the plan, naming both', async () => {
    const s = await scenario({ profile });
    const a = await s.client.createCarrierGroup(carrier('Twin'));
    const b = await s.client.createCarrierGroup(carrier('Twin'));
    const path = s.file('p.yaml', 'version: 1\noutbound_routes:\n  - name: r\n    prefix: "1"\n    carrier_group: Twin\n');
    const r = await s.run(['plan', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path}:3:5: outbound route "r": carrier_group "Twin" matches 2 groups: #${a} (carrier), #${b} (carrier)`);
    expect(r.stderr).toContain(`hint: refer to one by id instead, e.g. gwgroupid: "${a}"`);
  });

  it('a dangling #id or gateway stops apply; --allow-dangling applies it', async () => {
    const s = await scenario({ profile });
    // Two mappings: the proxy takes a group or gateway ids in one mapping, never both.
    const path = s.file('p.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["#99"]\n  - did: "2"\n    servers: ["66"]\n');
    const refused = await s.run(['apply', path, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `${path}:3:5: inbound mapping "1": servers name group 99, which does not exist on the platform: the proxy drops the rule`,
    );
    expect(refused.stderr).toContain(`${path}:5:5: inbound mapping "2": servers name gateway 66, which no carrier or endpoint group holds`);
    expect(refused.stderr).toContain('plan with --allow-dangling');
    expect(await s.client.listInboundMappings()).toEqual([]);
    // With --allow-dangling and no names, the groups are not even read (two requests fewer).
    const allowedPlan = await s.run(['plan', path, '--allow-dangling']);
    expect(allowedPlan.code, allowedPlan.stderr).toBe(0);
    expect(allowedPlan.stdout).toMatch(/\+ servers: \["#99"\]/);
    expect(allowedPlan.stdout).toMatch(/\+ servers: \["66"\]/);
    const allowed = await s.run(['apply', path, '--auto-approve', '--allow-dangling']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect((await s.client.listInboundMappings()).map((m) => m.servers)).toEqual([['#99'], ['66']]);
  });

  it('with a name beside a dangling id, --allow-dangling reads the groups and warns in the plan', async () => {
    const s = await scenario({ profile });
    const path = s.file(
      'p.yaml',
      'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["#99"]\n  - did: "2"\n    group: Thinq CarrierGroup\n',
    );
    const r = await s.run(['plan', path, '--allow-dangling']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `Warning (allowed by --allow-dangling): ${path}:3:5: inbound mapping "1": servers name group 99, which does not exist on the platform`,
    );
    expect(r.stdout).toMatch(/\+ servers: \["#7"\] \(carrier group "Thinq CarrierGroup"\)/);
  });

  it('export writes names where they are unique, ids otherwise, and plans to no changes', async () => {
    const s = await scenario({ profile, empty: false });
    const twin = await s.client.createCarrierGroup(carrier('Twin'));
    await s.client.createCarrierGroup(carrier('Twin'));
    await s.client.createInboundMapping({ did: '1', servers: ['#2'] });
    await s.client.createInboundMapping({ did: '2', servers: [`#${twin}`] });
    await s.client.createOutboundRoute({ name: 'r', prefix: '9', gwgroupid: '3' });
    // Written by hand without a reload: made live, so the plan of the export owes nothing (a pending reload exits 2).
    await s.client.reloadProxy();
    const out = join(s.dir, 'exported.yaml');
    expect((await s.run(['export', '--out', out])).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('  - did: "1"\n    group: "Skyetel CarrierGroup"\n');
    expect(text).toContain(`  - did: "2"\n    servers:\n      - "#${twin}"\n`);
    expect(text).toContain('    carrier_group: "Flowroute CarrierGroup"\n');
    // The two "Twin" groups cannot be written as entries; the file keeps them (and mapping "2" its group).
    expect(text).toContain('policy:\n  ignore:\n    carrier_groups:\n      - "Twin"\n');
    const again = await s.run(['plan', out, '--detailed-exitcode']);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
  });
});
