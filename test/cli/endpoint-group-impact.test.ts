import { describe, expect, it } from 'vitest';
import type { ImpactEntry } from '../../src/model/routing.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

/**
 * Issue 34 §5: a plan that changes an endpoint group's endpoints (adds, removes or readdresses one)
 * sends the calls of the rules it leaves alone elsewhere: its routing impact, and `routes --diff`,
 * show those calls, in words naming the endpoints, against both profiles of the emulator.
 */
const group = (endpoints: string, callLimit = ''): string => `version: 1
endpoint_groups:
  - name: Acme PBX
${callLimit}    endpoints:
${endpoints}inbound_mappings:
  - did: "15551230001"
    group: Acme PBX
`;
const MAIN = '      - name: acme-main\n        hostname: 203.0.113.10\n';
const BACKUP = '      - name: acme-backup\n        hostname: 203.0.113.11:5080\n';
const NEW = '      - name: acme-new\n        hostname: 203.0.113.12\n';

/** The platform holds Acme PBX with acme-main and acme-backup; its id and each endpoint's gateway id. */
async function live(s: Scenario): Promise<{ id: number; gw: Record<string, string> }> {
  await s.converge([s.file('acme.yaml', group(MAIN + BACKUP))]);
  const g = (await s.client.listEndpointGroups()).find((x) => x.name === 'Acme PBX')!;
  const labels = (await s.client.getGroupGateways(g.gwgroupid)) ?? [];
  return { id: g.gwgroupid, gw: Object.fromEntries(labels.map((l) => [l.name, String(l.gwid)])) };
}

/** The plan's routing impact (JSON) for `text`, as [to, before words, after words]. */
async function impactOf(s: Scenario, name: string, text: string): Promise<string[][]> {
  const r = await s.run(['plan', s.file(name, text), '--tz', 'UTC', '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const entries = (JSON.parse(r.stdout) as { routing_impact: ImpactEntry[] }).routing_impact;
  return entries.map((e) => [e.to, e.before.gwlist_words ?? '', e.after.gwlist_words ?? '']);
}

describe.each(['spec', 'current'] as const)('the impact of an endpoint change (--profile %s)', (profile) => {
  it('an endpoint added and one removed: the calls to the group, its endpoints before and after', async () => {
    const s = await scenario({ empty: true, profile });
    const { id, gw } = await live(s);
    const was = `endpoint group "Acme PBX" (#${id}): endpoints "acme-backup" 203.0.113.11:5080 (${gw['acme-backup']}), "acme-main" 203.0.113.10 (${gw['acme-main']})`;
    const will = `endpoint group "Acme PBX" (#${id}): endpoints "acme-main" 203.0.113.10 (${gw['acme-main']}), "acme-new" 203.0.113.12 (new)`;
    expect(await impactOf(s, 'next.yaml', group(MAIN + NEW))).toEqual([['15551230001', was, will]]);
    const diff = await s.run(['routes', '--diff', s.file('next.yaml', group(MAIN + NEW)), '--tz', 'UTC']);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain(`before: ${was} (mapping "15551230001")\n      after:  ${will} (mapping "15551230001")\n`);
    const text = await s.run(['plan', s.file('next.yaml', group(MAIN + NEW)), '--tz', 'UTC']);
    expect(text.stdout).toContain(`calls to 15551230001…: ${was} → ${will} (mapping "15551230001")\n`);
  });

  it('a hostname changed: the endpoint keeps its id, the calls go to its new address', async () => {
    const s = await scenario({ empty: true, profile });
    const { id, gw } = await live(s);
    const moved = BACKUP.replace('203.0.113.11:5080', '203.0.113.13');
    expect(await impactOf(s, 'next.yaml', group(MAIN + moved))).toEqual([
      [
        '15551230001',
        `endpoint group "Acme PBX" (#${id}): endpoints "acme-backup" 203.0.113.11:5080 (${gw['acme-backup']}), "acme-main" 203.0.113.10 (${gw['acme-main']})`,
        `endpoint group "Acme PBX" (#${id}): endpoints "acme-backup" 203.0.113.13 (${gw['acme-backup']}), "acme-main" 203.0.113.10 (${gw['acme-main']})`,
      ],
    ]);
  });

  it('a mapping naming an endpoint by gateway id follows its new address', async () => {
    const s = await scenario({ empty: true, profile });
    const { gw } = await live(s);
    const byId = `  - did: "15551230009"\n    servers: ["${gw['acme-main']}"]\n`;
    await s.converge([s.file('acme.yaml', group(MAIN + BACKUP) + byId)]);
    const impact = await impactOf(s, 'next.yaml', group(MAIN.replace('203.0.113.10', '203.0.113.20') + BACKUP) + byId);
    expect(impact.find((e) => e[0] === '15551230009')).toEqual([
      '15551230009',
      `gateway "acme-main" 203.0.113.10:5060 (${gw['acme-main']})`,
      `gateway "acme-main" 203.0.113.20:5060 (${gw['acme-main']})`,
    ]);
  });

  it('a change that leaves the endpoints alone (the call limit) moves no call', async () => {
    const s = await scenario({ empty: true, profile });
    await live(s);
    expect(await impactOf(s, 'next.yaml', group(MAIN + BACKUP, '    call_limit: 30\n'))).toEqual([]);
  });
});
