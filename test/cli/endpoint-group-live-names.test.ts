import { afterEach, describe, expect, it } from 'vitest';
import type { ImpactEntry } from '../../src/model/routing.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

/**
 * Issue 34 §5: files that do not manage `endpoint_groups:` still name a live endpoint group's
 * endpoints in a plan's routing impact, its routing tests, `routes --diff` and `routes --live`:
 * the plan reads, before it is made, the members of exactly the endpoint groups its changed
 * mappings and its inbound tests' calls reach (one request each), and no group for a plan that
 * changes no mapping.
 */
const LIVE = `version: 1
endpoint_groups:
  - name: Acme PBX
    endpoints:
      - name: acme-main
        hostname: 203.0.113.10
      - name: acme-backup
        hostname: 203.0.113.11:5080
  - name: Other PBX
    endpoints:
      - name: other-1
        hostname: 198.51.100.9
inbound_mappings:
  - did: "15551230001"
    group: Acme PBX
  - did: "15559990000"
    group: Other PBX
`;

/** The mappings alone (no `endpoint_groups:`), as the platform holds them, plus `extra`. */
const mappings = (extra = ''): string => `version: 1
inbound_mappings:
  - did: "15551230001"
    group: Acme PBX
  - did: "15559990000"
    group: Other PBX
${extra}`;
const ADDED = '  - did: "15551230002"\n    group: Acme PBX\n';

let proxy: CountingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

/** The platform holds LIVE; the id of each group and the words of Acme PBX with its endpoints. */
async function applied(s: Scenario): Promise<{ acme: number; other: number; words: string; otherWords: string }> {
  await s.converge([s.file('live.yaml', LIVE)]);
  const groups = await s.client.listEndpointGroups();
  const [acme, other] = ['Acme PBX', 'Other PBX'].map((n) => groups.find((g) => g.name === n)!);
  const labels = new Map(((await s.client.getGroupGateways(acme!.gwgroupid)) ?? []).map((l) => [String(l.gwid), l]));
  const address: Record<string, string> = { 'acme-main': '203.0.113.10', 'acme-backup': '203.0.113.11:5080' };
  const endpoints = acme!.gwids.map((id) => `"${labels.get(id)!.name}" ${address[labels.get(id)!.name]} (${id})`);
  const otherId = other!.gwids[0];
  return {
    acme: acme!.gwgroupid,
    other: other!.gwgroupid,
    words: `endpoint group "Acme PBX" (#${acme!.gwgroupid}): endpoints ${endpoints.join(', ')}`,
    otherWords: `endpoint group "Other PBX" (#${other!.gwgroupid}): endpoint "other-1" 198.51.100.9 (${otherId})`,
  };
}

/** Runs the CLI through a counting proxy; answers the result and the groups whose members it read. */
async function counted(s: Scenario, args: string[]): Promise<{ code: number; stdout: string; stderr: string; read: number[] }> {
  proxy = await startCountingProxy(s.emu.url);
  const r = await s.run(args, { env: { DSIP_URL: proxy.url } });
  const read = proxy.seen.flatMap((q) => /\/endpointgroups\/([0-9]+)$/.exec(q.url ?? '')?.slice(1) ?? []).map(Number);
  await proxy.close();
  proxy = undefined;
  return { ...r, read };
}

describe.each(['spec', 'current'] as const)('a live endpoint group the files do not manage (--profile %s)', (profile) => {
  it('plan: the impact names its endpoints in every format, reading that one group only', async () => {
    const s = await scenario({ empty: true, profile });
    const { acme, words } = await applied(s);
    const file = s.file('m.yaml', mappings(ADDED));
    const json = await counted(s, ['plan', file, '--tz', 'UTC', '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(json.read).toEqual([acme]);
    const impact = (JSON.parse(json.stdout) as { routing_impact: ImpactEntry[] }).routing_impact;
    expect(impact.map((e) => [e.to, e.after.gwlist, e.after.gwlist_words])).toEqual([['15551230002', `#${acme}`, words]]);
    const text = await s.run(['plan', file, '--tz', 'UTC']);
    expect(text.stdout).toContain(`calls to 15551230002…: no route → ${words} (mapping "15551230002")\n`);
    const markdown = await s.run(['plan', file, '--tz', 'UTC', '--format', 'markdown']);
    expect(markdown.stdout.replaceAll('\\#', '#')).toContain(words);
    const html = await s.run(['plan', file, '--tz', 'UTC', '--format', 'html']);
    expect(html.stdout.replaceAll('&quot;', '"').replaceAll('&#34;', '"')).toContain(words);
  });

  it('plan: a plan that changes no mapping reads no group; a notes change neither', async () => {
    const s = await scenario({ empty: true, profile });
    await applied(s);
    const same = await counted(s, ['plan', s.file('same.yaml', mappings()), '--tz', 'UTC']);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('No changes');
    expect(same.read).toEqual([]);
    const notes = await counted(s, [
      'plan',
      s.file('notes.yaml', mappings().replace('group: Other PBX\n', 'group: Other PBX\n    notes: moved\n')),
      '--tz',
      'UTC',
    ]);
    expect(notes.code, notes.stderr).toBe(0);
    expect(notes.stdout).toContain('1 to ');
    expect(notes.read).toEqual([]);
  });

  it("plan: a routing test's call names the group its mapping reaches, read for it alone", async () => {
    const s = await scenario({ empty: true, profile });
    const { other, otherWords } = await applied(s);
    const test = 'routing_tests:\n  - name: other\n    direction: inbound\n    to: "15559990000"\n    expect: { did: "1555" }\n';
    const file = s.file('t.yaml', mappings() + test);
    const text = await counted(s, ['plan', file, '--tz', 'UTC']);
    expect(text.code).toBe(1);
    expect(text.read).toEqual([other]);
    expect(text.stdout).toContain(`to servers ["#${other}"] (${otherWords})`);
    const json = await s.run(['plan', file, '--tz', 'UTC', '--format', 'json']);
    expect(json.stdout.replaceAll('\\"', '"')).toContain(otherWords);
  });

  it('routes --diff and routes --live name the endpoints', async () => {
    const s = await scenario({ empty: true, profile });
    const { words, otherWords } = await applied(s);
    const diff = await s.run(['routes', '--diff', s.file('m.yaml', mappings(ADDED)), '--tz', 'UTC']);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain(`after:  ${words} (mapping "15551230002")`);
    const live = await s.run(['routes', '--live', '--tz', 'UTC']);
    expect(live.code, live.stderr).toBe(0);
    expect(live.stdout).toContain(`→ ${words} (mapping "15551230001")`);
    expect(live.stdout).toContain(`→ ${otherWords} (mapping "15559990000")`);
    const json = await s.run(['routes', '--live', '--tz', 'UTC', '--format', 'json']);
    expect(json.stdout.replaceAll('\\"', '"')).toContain(words);
  });
});
