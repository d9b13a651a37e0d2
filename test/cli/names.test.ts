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

  it('a mapping to an endpoint group by #id', async () => {
    const { s, pbxs } = await platform();
    const r = await runCli(['route', '--live', '--direction', 'inbound', '--to', '16661230001', '--tz', 'UTC'], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Sends to: endpoint group "PBXs" (#${pbxs})\n`);
  });

  it('ambiguous: each candidate says where it sends the call by name', async () => {
    const { s, bw, pbxs } = await platform();
    await s.client.createOutboundRoute({ name: 'US twin', prefix: '1', gwgroupid: String(pbxs) });
    const r = await runCli(['route', '--live', '--direction', 'outbound', '--to', '12125550100', '--tz', 'UTC'], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`: routed by it to carrier group "BW" (#${bw})\n`);
    expect(r.stdout).toContain(`: routed by it to endpoint group "PBXs" (#${pbxs})\n`);
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
