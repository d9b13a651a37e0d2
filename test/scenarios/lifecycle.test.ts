import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { scenario } from '../helpers/scenario.js';

const BASE = `version: 1
inbound_mappings:
  - did: "15551230001"
    servers: ["16", "17"]
    notes: Main office
  - did: ""
    servers: ["#2"]
  - did: "+442071234567"
    servers: ["#4"]
  - did: "#100"
    servers: ["5"]
  - did: "*99"
    servers: ["6", "7"]
outbound_routes:
  - name: Default Outbound Route
    prefix: ""
    gwgroupid: "2"
  - name: US domestic
    prefix: "1"
    gwgroupid: "2"
    priority: 10
  - name: UK from our 1555 numbers
    prefix: "44"
    from_prefix: "1555"
    gwgroupid: "5"
`;

describe('scenario: the life of a configuration', () => {
  it('creates from empty, including the default mapping and DIDs with + # *', async () => {
    const s = await scenario();
    const path = s.file('platform.yaml', BASE);
    const plan = await s.run(['plan', path, '--detailed-exitcode']);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/Plan: 7 to create, 0 to update, 0 to delete\./);
    await s.converge([path]);
    const mappings = await s.client.listInboundMappings();
    expect(mappings.map((m) => m.did).sort()).toEqual(['', '#100', '*99', '+442071234567', '15551230001']);
    expect(mappings.find((m) => m.did === '15551230001')).toMatchObject({ servers: ['16', '17'], notes: 'Main office' });
    const routes = await s.client.listOutboundRoutes();
    expect(routes.find((r) => r.name === 'UK from our 1555 numbers')).toMatchObject({ from_prefix: '1555', prefix: '44', gwgroupid: '5' });
    expect(routes.find((r) => r.name === 'UK from our 1555 numbers')!.groupid).toBeGreaterThanOrEqual(10000);
    expect(routes.find((r) => r.name === 'US domestic')).toMatchObject({ priority: 10, groupid: 8000 });
  });

  it('edits fields in place, keeping rule ids (the deployed API replaces a mapping instead)', async () => {
    const s = await scenario();
    await s.converge([s.file('p.yaml', BASE)]);
    const before = await s.client.listInboundMappings();
    const edited = BASE.replace('servers: ["16", "17"]', 'servers: ["17", "16"]').replace(
      'priority: 10',
      'priority: 20\n    timerec: "20260101T090000|8H|weekly|||MO,TU,WE,TH,FR"',
    );
    const path = s.file('p.yaml', edited);
    const plan = await s.run(['plan', path]);
    const changed = (m: { did: string }) => m.did === '15551230001';
    if (TEST_PROFILE === 'spec') {
      expect(plan.stdout).toMatch(/Plan: 0 to create, 2 to update, 0 to delete\./);
    } else {
      expect(plan.stdout).toMatch(/Plan: 0 to create, 1 to update, 1 to replace, 0 to delete\./);
      expect(plan.stdout).toMatch(/inbound_mapping "15551230001" will be replaced: deleted, then created/);
      expect(plan.stdout).toMatch(/cannot update an inbound mapping in place/);
      // A replace is not an LCR hand-over: no "runs earlier than its stage" note for it.
      expect(plan.stdout).not.toMatch(/earlier than/);
    }
    await s.converge([path]);
    const after = await s.client.listInboundMappings();
    const kept = (xs: { did: string; ruleid: number }[]) =>
      xs
        .filter((m) => TEST_PROFILE === 'spec' || !changed(m))
        .map((m) => m.ruleid)
        .sort();
    expect(kept(after)).toEqual(kept(before));
    if (TEST_PROFILE === 'current') expect(after.find(changed)!.ruleid).not.toBe(before.find(changed)!.ruleid);
    expect(after.find((m) => m.did === '15551230001')?.servers).toEqual(['17', '16']);
    expect((await s.client.listOutboundRoutes()).find((r) => r.name === 'US domestic')).toMatchObject({
      priority: 20,
      timerec: '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR',
    });
  });

  it('promotes a simple route to LCR and demotes it again, in place', async () => {
    const s = await scenario();
    await s.converge([s.file('p.yaml', BASE)]);
    const us = (await s.client.listOutboundRoutes()).find((r) => r.name === 'US domestic')!;
    const promoted = s.file('p.yaml', BASE.replace('    prefix: "1"\n', '    prefix: "1"\n    from_prefix: "1555"\n'));
    expect((await s.run(['plan', promoted])).stdout).toMatch(/1 to promote/);
    await s.converge([promoted]);
    const lcr = await s.client.getOutboundRoute(us.ruleid);
    expect(lcr).toMatchObject({ from_prefix: '1555', prefix: '1' });
    expect(lcr!.groupid).toBeGreaterThanOrEqual(10000);
    const demoted = s.file('p.yaml', BASE);
    expect((await s.run(['plan', demoted])).stdout).toMatch(/1 to demote/);
    await s.converge([demoted]);
    expect(await s.client.getOutboundRoute(us.ruleid)).toMatchObject({ from_prefix: null, groupid: 8000 });
  });

  it('renames a route through a pinned ruleid', async () => {
    const s = await scenario();
    await s.converge([s.file('p.yaml', BASE)]);
    const us = (await s.client.listOutboundRoutes()).find((r) => r.name === 'US domestic')!;
    const path = s.file('p.yaml', BASE.replace('  - name: US domestic\n', `  - name: North America\n    ruleid: ${us.ruleid}\n`));
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toMatch(/Plan: 0 to create, 1 to update, 0 to delete\./);
    await s.converge([path]);
    expect(await s.client.getOutboundRoute(us.ruleid)).toMatchObject({ name: 'North America', prefix: '1' });
  });

  it('deletes what the files no longer declare, after the creates', async () => {
    const s = await scenario();
    await s.converge([s.file('p.yaml', BASE)]);
    const path = s.file(
      'p.yaml',
      BASE.replace(/  - did: "\*99"\n    servers: \["6", "7"\]\n/, '').replace(
        /  - name: UK from our 1555 numbers[\s\S]*$/,
        '  - name: UK simple\n    prefix: "44"\n    gwgroupid: "5"\n',
      ),
    );
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toMatch(/Plan: 1 to create, 0 to update, 2 to delete\./);
    const applied = await s.converge([path]);
    const lines = applied.stdout.split('\n').filter((l) => /^(applied|failed)/.test(l));
    expect(lines.findIndex((l) => l.includes('UK simple'))).toBeLessThan(lines.findIndex((l) => l.includes('UK from our 1555')));
    expect((await s.client.listInboundMappings()).map((m) => m.did)).not.toContain('*99');
  });

  it('reads each managed collection once, never one read per object, and leaves undeclared collections alone', async () => {
    const s = await scenario();
    await s.converge([s.file('p.yaml', BASE)]);
    const before = (await s.client.proxyStats()).total;
    const plan = await s.run(['plan', s.dir]);
    expect(plan.code).toBe(0);
    const after = (await s.client.proxyStats()).total;
    // Two rule lists, two group lists (to check references), plus the first stats request itself; on
    // the deployed platform, the Numbers module's probe and its list too (a mapping write marks numbers).
    expect(after - before).toBe(5 + (TEST_PROFILE === 'current' ? 2 : 0));
    const routesOnly = s.file('p.yaml', 'version: 1\noutbound_routes: []\npolicy:\n  max_deletes: 100\n  allow_unrouting: true\n');
    const destroyAll = await s.run(['apply', routesOnly, '--auto-approve']);
    expect(destroyAll.code).toBe(0);
    expect(await s.client.listOutboundRoutes()).toEqual([]);
    expect(await s.client.listInboundMappings()).toHaveLength(5);
  });

  it('reloads the proxy once after changes, and not with --no-reload', async () => {
    const s = await scenario();
    await s.run(['apply', s.file('p.yaml', BASE), '--auto-approve', '--no-reload']);
    expect((await s.client.raw('GET', '/outboundroutes')).kamreload).toBe(true);
    const edited = s.file('p.yaml', BASE.replace('Main office', 'HQ'));
    const r = await s.run(['apply', edited, '--auto-approve']);
    expect(r.stdout).toMatch(/Proxy reloaded/);
    expect((await s.client.raw('GET', '/outboundroutes')).kamreload).toBe(false);
  });
});

describe('scenario: the API profile', () => {
  it.each(['spec', 'current'] as const)(
    'detects a %s platform with at most three cheap requests, once per run, and says so in the plan',
    async (profile) => {
      const s = await scenario({ profile });
      const path = s.file('p.yaml', BASE);
      const before = (await s.client.proxyStats()).total;
      const plan = await s.run(['plan', path, '--format', 'json'], { env: { DSIP_API_PROFILE: '' } });
      const json = JSON.parse(plan.stdout);
      expect([json.api_profile, json.numbers_module]).toEqual([profile, profile === 'current' ? true : undefined]);
      const requests = (await s.client.proxyStats()).total - before;
      // This stats read, two rule lists, two group lists, the detection (a deployed platform: and its
      // Numbers module, whose numbers are then listed: a mapping write marks them).
      expect(requests).toBe(1 + 4 + (profile === 'spec' ? 1 : 4));
      const text = await s.run(['plan', path], { env: { DSIP_API_PROFILE: '' } });
      expect(text.stdout).toMatch(
        profile === 'spec' ? /API: +spec \(as specified\)/ : /API: +current \(the deployed platform releases, with the Numbers module\)/,
      );
    },
  );
});
