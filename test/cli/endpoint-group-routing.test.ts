import { describe, expect, it } from 'vitest';
import type { ImpactEntry, RouteDecision } from '../../src/model/routing.js';
import { scenario, type Scenario } from '../helpers/scenario.js';
import { ACME, WITH_BETA } from './endpoint-group-files.js';

/**
 * Issue 34 §5, the routing half: `route`, `routes`, `test` and a plan's routing impact name an
 * endpoint group and its endpoints by name, against both profiles of the emulator and from the
 * files alone: `endpoint group "Acme PBX" (#12): endpoints "acme-main" 203.0.113.10 (61), …`.
 */

/** ACME renamed: the live group goes, a group of the new name is made, and the mapping follows it. */
const RENAMED = ACME.replaceAll('Acme PBX', 'Acme Corp PBX');

/** The live group "Acme PBX" (applied from ACME): its id and each endpoint's gateway id, by name. */
async function applied(s: Scenario): Promise<{ id: number; gw: Record<string, string> }> {
  await s.converge([s.file('acme.yaml', ACME)]);
  const group = (await s.client.listEndpointGroups()).find((g) => g.name === 'Acme PBX')!;
  const labels = (await s.client.getGroupGateways(group.gwgroupid)) ?? [];
  return { id: group.gwgroupid, gw: Object.fromEntries(labels.map((l) => [l.name, String(l.gwid)])) };
}

/** The words of the live group as the platform lists its endpoints (the platform's order). */
async function liveWords(s: Scenario, id: number, gw: Record<string, string>): Promise<string> {
  const order = (await s.client.listEndpointGroups()).find((g) => g.gwgroupid === id)!.gwids;
  const address: Record<string, string> = { 'acme-main': '203.0.113.10', 'acme-backup': '203.0.113.11:5080' };
  const byId = Object.fromEntries(Object.entries(gw).map(([name, gwid]) => [gwid, `"${name}" ${address[name]} (${gwid})`]));
  return `endpoint group "Acme PBX" (#${id}): endpoints ${order.map((g) => byId[g]).join(', ')}`;
}

describe('from the files alone, a declared endpoint group is named with its endpoints', () => {
  it('route: text and JSON', async () => {
    const s = await scenario({ empty: true });
    const file = s.file('acme.yaml', ACME);
    const words = 'endpoint group "Acme PBX" (declared in the files): endpoints "acme-backup" 203.0.113.11:5080, "acme-main" 203.0.113.10';
    const text = await s.run(['route', file, '--direction', 'inbound', '--to', '15551230001', '--tz', 'UTC']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`Sends to: ${words}\n`);
    expect(text.stdout).toContain('failover: the proxy tries its endpoints "acme-backup", "acme-main" in their order');
    const json = await s.run(['route', file, '--direction', 'inbound', '--to', '15551230001', '--tz', 'UTC', '--format', 'json']);
    const d = JSON.parse(json.stdout) as RouteDecision;
    expect(d.gwlist).toBe('#"Acme PBX"');
    expect(d.gwlist_words).toBe(words);
  });

  it('routes: the table names the group and its endpoints', async () => {
    const s = await scenario({ empty: true });
    const r = await s.run(['routes', s.file('beta.yaml', WITH_BETA), '--tz', 'UTC']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '→ endpoint group "Beta PBX" (declared in the files): endpoint "beta-1" 198.51.100.7 (mapping "15551230002")',
    );
  });
});

describe.each(['spec', 'current'] as const)('against the emulator (--profile %s)', (profile) => {
  it('route --live: the live group by id, with its endpoints by name, address and gateway id', async () => {
    const s = await scenario({ empty: true, profile });
    const { id, gw } = await applied(s);
    const r = await s.run(['route', '--live', '--direction', 'inbound', '--to', '15551230001', '--tz', 'UTC', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout) as RouteDecision;
    expect(d.gwlist).toBe(`#${id}`);
    expect(d.gwlist_words).toBe(await liveWords(s, id, gw));
  });

  it('a group the plan creates: routes --diff and the plan name it as it will be, its id known after apply', async () => {
    const s = await scenario({ empty: true, profile });
    await applied(s);
    const file = s.file('beta.yaml', WITH_BETA);
    const words = 'endpoint group "Beta PBX" (id known after apply): endpoint "beta-1" 198.51.100.7';
    const diff = await s.run(['routes', '--diff', file, '--tz', 'UTC']);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain(`after:  ${words} (mapping "15551230002")`);
    const plan = await s.run(['plan', file, '--tz', 'UTC', '--format', 'json']);
    const impact = (JSON.parse(plan.stdout) as { routing_impact: ImpactEntry[] }).routing_impact;
    expect(impact.map((e) => [e.after.gwlist, e.after.gwlist_words])).toEqual([['#"Beta PBX"', words]]);
    const text = await s.run(['plan', file, '--tz', 'UTC']);
    expect(text.stdout).toContain(`calls to 15551230002…: no route → ${words} (mapping "15551230002")`);
    const markdown = await s.run(['plan', file, '--tz', 'UTC', '--format', 'markdown']);
    expect(markdown.stdout).toContain('endpoint group "Beta PBX" (id known after apply): endpoint "beta-1" 198.51.100.7');
    const html = await s.run(['plan', file, '--tz', 'UTC', '--format', 'html']);
    expect(html.stdout.replaceAll('&quot;', '"').replaceAll('&#34;', '"')).toContain(words);
  });

  it('a group the files rename: before, the live group and its endpoints; after, the new name', async () => {
    const s = await scenario({ empty: true, profile });
    const { id, gw } = await applied(s);
    const r = await s.run(['plan', s.file('renamed.yaml', RENAMED), '--tz', 'UTC', '--format', 'json']);
    const impact = (JSON.parse(r.stdout) as { routing_impact: ImpactEntry[] }).routing_impact;
    expect(impact.map((e) => [e.to, e.before.gwlist_words, e.after.gwlist_words])).toEqual([
      [
        '15551230001',
        await liveWords(s, id, gw),
        'endpoint group "Acme Corp PBX" (id known after apply): endpoints "acme-backup" 203.0.113.11:5080, "acme-main" 203.0.113.10',
      ],
    ]);
  });
});

describe('test --format junit: a failure names the endpoint group and its endpoints', () => {
  it('the files alone', async () => {
    const s = await scenario({ empty: true });
    const file = s.file(
      't.yaml',
      `${ACME}routing_tests:\n  - name: acme\n    direction: inbound\n    to: "15551230001"\n    expect: { did: "1555" }\n`,
    );
    const r = await s.run(['test', file, '--tz', 'UTC', '--format', 'junit']);
    expect(r.code).toBe(1);
    expect(r.stdout.replaceAll('&quot;', '"')).toContain(
      'endpoint group "Acme PBX" (declared in the files): endpoints "acme-backup" 203.0.113.11:5080, "acme-main" 203.0.113.10',
    );
  });
});
