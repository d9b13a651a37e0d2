import { describe, expect, it } from 'vitest';
import type { RouteDecision } from '../../src/model/routing.js';
import { runCli } from '../helpers/cli.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

/**
 * `route --live` names every group and gateway beside its id (issue 26, part 3): the groups'
 * names come with their list, the gateways' names and addresses from the groups the decision uses.
 */
describe('route --live names groups and gateways', () => {
  /** A platform with carrier group "BW" (one gateway) and endpoint group "PBXs" (two), a route and a mapping to each. */
  async function platform(): Promise<{ s: Scenario; bw: number; pbxs: number; pbxGateways: string[] }> {
    const s = await scenario({ empty: true });
    const bw = await s.client.createCarrierGroup({
      name: 'BW',
      lb_enabled: false,
      endpoints: [{ name: 'bw-east', hostname: '198.51.100.1', strip: 0, prefix: '', weight: 1 }],
    });
    const made = await s.client.raw('POST', '/endpointgroups', {
      body: {
        name: 'PBXs',
        endpoints: [
          { host: '10.0.0.5', port: 5060, description: 'pbx-a' },
          { host: '10.0.0.6', description: 'pbx-b' },
        ],
      },
    });
    const pbxs = Number((made.data[0] as { gwgroupid: number | string }).gwgroupid);
    const pbxGateways = [...(await s.client.listEndpointGroups()).find((g) => g.gwgroupid === pbxs)!.gwids];
    await s.client.createOutboundRoute({ name: 'US', prefix: '1', gwgroupid: String(bw) });
    await s.client.createInboundMapping({ did: '1555', servers: [...pbxGateways] });
    await s.client.createInboundMapping({ did: '1666', servers: [`#${pbxs}`] });
    return { s, bw, pbxs, pbxGateways };
  }

  it('an outbound route to a carrier group: text and JSON say the group by name, its id kept', async () => {
    const { s, bw } = await platform();
    const args = ['route', '--live', '--direction', 'outbound', '--to', '12125550100', '--tz', 'UTC'];
    const text = await runCli(args, s.env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`Sends to: carrier group "BW" (#${bw})\n`);
    expect(text.stdout).toMatch(
      new RegExp(`sends to carrier group "BW" \\(#${bw}\\): gateway "bw-east" 198\\.51\\.100\\.1(:5060)? \\(\\d+\\)`),
    );
    const json = await runCli([...args, '--format', 'json'], s.env);
    const d = JSON.parse(json.stdout) as RouteDecision;
    expect(d.gwlist).toBe(`#${bw}`);
    expect(d.gwlist_words).toBe(`carrier group "BW" (#${bw})`);
  });

  it('a mapping to gateways of an endpoint group: each gateway by name and address, beside its id', async () => {
    const { s, pbxGateways } = await platform();
    const [a, b] = pbxGateways;
    const r = await runCli(['route', '--live', '--direction', 'inbound', '--to', '15551230001', '--tz', 'UTC', '--format', 'json'], s.env);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout) as RouteDecision;
    expect(d.gwlist).toBe(`${a},${b}`);
    expect(d.gwlist_words).toBe(`gateways "pbx-a" 10.0.0.5:5060 (${a}), "pbx-b" 10.0.0.6:5060 (${b})`);
  });

  it('a mapping to an endpoint group by #id: the group and its endpoints by name', async () => {
    const { s, pbxs, pbxGateways } = await platform();
    const [a, b] = pbxGateways;
    const r = await runCli(['route', '--live', '--direction', 'inbound', '--to', '16661230001', '--tz', 'UTC'], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Sends to: endpoint group "PBXs" (#${pbxs}): endpoints "pbx-a" 10.0.0.5 (${a}), "pbx-b" 10.0.0.6 (${b})\n`);
  });

  it('ambiguous: each candidate says where it sends the call by name', async () => {
    const { s, bw, pbxs, pbxGateways } = await platform();
    const [a, b] = pbxGateways;
    await s.client.createOutboundRoute({ name: 'US twin', prefix: '1', gwgroupid: String(pbxs) });
    const r = await runCli(['route', '--live', '--direction', 'outbound', '--to', '12125550100', '--tz', 'UTC'], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`: routed by it to carrier group "BW" (#${bw})\n`);
    expect(r.stdout).toContain(
      `: routed by it to endpoint group "PBXs" (#${pbxs}): endpoints "pbx-a" 10.0.0.5 (${a}), "pbx-b" 10.0.0.6 (${b})\n`,
    );
  });

  it('from the files alone nothing is named (no group was read): the ids as before', async () => {
    const s = await scenario({ empty: true });
    const file = s.file('r.yaml', 'version: 1\noutbound_routes:\n  - name: US\n    prefix: "1"\n    gwgroupid: "5"\n');
    const r = await runCli(['route', file, '--direction', 'outbound', '--to', '1212', '--tz', 'UTC', '--format', 'json']);
    const d = JSON.parse(r.stdout) as RouteDecision;
    expect(d.gwlist).toBe('#5');
    expect('gwlist_words' in d).toBe(false);
  });
});

describe('plan names the groups on both sides of a diff, and in its impact', () => {
  it('a route moved from one carrier group to another, by id: text, markdown and JSON', async () => {
    // A fresh install: carrier group 2 is "Skyetel CarrierGroup", 3 "Flowroute CarrierGroup".
    const s = await scenario();
    const route = (id: string) => `version: 1\noutbound_routes:\n  - name: US\n    prefix: "1"\n    gwgroupid: "${id}"\n`;
    const applied = await s.converge([s.file('a.yaml', route('2'))], ['--force']);
    expect(applied.code, applied.stderr).toBe(0);
    const file = s.file('b.yaml', route('3'));
    const text = await runCli(['plan', file, '--tz', 'UTC'], s.env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /~ gwgroupid: +"2" \(carrier group "Skyetel CarrierGroup"\) → "3" \(carrier group "Flowroute CarrierGroup"\)\n/,
    );
    // The impact speaks in the same words (its renderer prints a decision's gwlist_words).
    expect(text.stdout).toContain('carrier group "Skyetel CarrierGroup" (#2) → carrier group "Flowroute CarrierGroup" (#3)');
    const md = await runCli(['plan', file, '--tz', 'UTC', '--format', 'markdown'], s.env);
    expect(md.stdout).toContain('"2" (carrier group "Skyetel CarrierGroup") → "3" (carrier group "Flowroute CarrierGroup")');
    const json = await runCli(['plan', file, '--tz', 'UTC', '--format', 'json'], s.env);
    const plan = JSON.parse(json.stdout) as {
      changes: { key: string; before: { gwgroupid: string }; after: { gwgroupid: string } }[];
      names: unknown;
      routing_impact: { before: RouteDecision; after: RouteDecision }[];
    };
    expect(plan.changes[0]).toMatchObject({ key: 'US', before: { gwgroupid: '2' }, after: { gwgroupid: '3' } });
    expect(plan.names).toEqual({
      groups: { 2: { name: 'Skyetel CarrierGroup', type: 'carrier' }, 3: { name: 'Flowroute CarrierGroup', type: 'carrier' } },
    });
    expect(plan.routing_impact[0]?.after).toMatchObject({ gwlist: '#3', gwlist_words: 'carrier group "Flowroute CarrierGroup" (#3)' });
    // The saved plan, names and all, applies.
    const out = s.file('plan.json', json.stdout);
    const apply = await runCli(['apply', '--plan', out, '--auto-approve'], s.env);
    expect(apply.code, apply.stderr).toBe(0);
  });
});

describe('test --live names the groups of each decision', () => {
  it('text, JSON and JUnit say where the call went by group name, the id beside it', async () => {
    // A fresh install: carrier group 3 is "Flowroute CarrierGroup".
    const s = await scenario();
    await s.client.createOutboundRoute({ name: 'US', prefix: '1', gwgroupid: '3' });
    const file = s.file(
      't.yaml',
      'version: 1\nrouting_tests:\n  - name: us\n    direction: outbound\n    to: "12125550100"\n    expect: { route: "Default Outbound Route" }\n',
    );
    const words = 'carrier group "Flowroute CarrierGroup" (#3)';
    const text = await runCli(['test', file, '--live'], s.env);
    expect(text.stdout).toContain(`to ${words}`);
    const json = await runCli(['test', file, '--live', '--format', 'json'], s.env);
    expect(json.stdout).toContain(`"gwlist_words": ${JSON.stringify(words)}`);
    const junit = await runCli(['test', file, '--live', '--format', 'junit'], s.env);
    expect(junit.stdout).toContain('carrier group &quot;Flowroute CarrierGroup&quot; (#3)');
  });
});
