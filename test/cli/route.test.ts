import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RouteDecision } from '../../src/model/routing.js';
import { runCli } from '../helpers/cli.js';
import { scenario } from '../helpers/scenario.js';

const ROUTES = fileURLToPath(new URL('../../examples/routing/routes.yaml', import.meta.url));
const MONDAY = ['--at', '2026-12-28T10:00:00', '--tz', 'Europe/London'];

describe('dsipform route (the CLI as a process)', () => {
  it('explains an outbound decision from the files in text, and exits 0', async () => {
    const r = await runCli(['route', ROUTES, '--direction', 'outbound', '--to', '442071234567', ...MONDAY]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Call: outbound to 442071234567 at 2026-12-28T10:00:00 Europe/London\n');
    expect(r.stdout).toContain('Result: routed by outbound route "UK office hours" (group 8000, prefix "44", priority 10)\nSends to: #6\n');
    expect(r.stdout).toContain(
      '6. route "UK office hours" wins: priority 10, time recurrence "20260101T090000|8H|weekly|||MO,TU,WE,TH,FR" matches 2026-12-28T10:00:00',
    );
    expect(r.stderr).toBe('');
  });

  it('prints the decision as one JSON object in the documented shape', async () => {
    const r = await runCli([
      'route',
      ROUTES,
      '--direction',
      'outbound',
      '--to',
      '442071234567',
      '--from',
      '15551234567',
      ...MONDAY,
      '--format',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout) as RouteDecision;
    expect(Object.keys(d)).toEqual(['direction', 'from', 'to', 'at', 'result', 'rule', 'gwlist', 'candidates', 'steps']);
    expect(d).toMatchObject({
      direction: 'outbound',
      from: '15551234567',
      to: '442071234567',
      at: '2026-12-28T10:00:00 Europe/London',
      result: 'routed',
      rule: { kind: 'outbound_route', key: 'UK from our 1555 numbers', prefix: '44', lcr_pattern: '1555-44', priority: 0 },
      gwlist: '#7',
    });
    expect(d.steps).toContain('LCR: matching "1555-44" (length difference 17)');
  });

  it('answers no_route with exit 0 and no rule', async () => {
    const s = await scenario();
    const file = s.file('r.yaml', 'version: 1\noutbound_routes:\n  - name: US\n    prefix: "1"\n    gwgroupid: "2"\n');
    const r = await runCli(['route', file, '--direction', 'outbound', '--to', '4420', '--format', 'json', '--tz', 'UTC']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout) as RouteDecision;
    expect(d.result).toBe('no_route');
    expect('rule' in d).toBe(false);
    expect('gwlist' in d).toBe(false);
    const text = await runCli(['route', file, '--direction', 'outbound', '--to', '4420', '--tz', 'UTC']);
    expect(text.stdout).toContain('Result: no route: the proxy rejects the call (500 No rules defined for number)');
  });

  it('--live routes on the platform rules after an apply, the same as the files', async () => {
    // A fresh install: its groups hold the gateways and groups the example refers to.
    const s = await scenario();
    await s.converge([ROUTES]);
    const ask = (extra: string[]) =>
      runCli(['route', ...extra, '--direction', 'inbound', '--to', '15551230001', ...MONDAY, '--format', 'json'], s.env);
    const live = await ask(['--live']);
    expect(live.code, live.stderr).toBe(0);
    const files = await ask([ROUTES]);
    const liveDecision = JSON.parse(live.stdout) as RouteDecision;
    const fileDecision = JSON.parse(files.stdout) as RouteDecision;
    expect(liveDecision).toMatchObject({ result: 'routed', rule: { kind: 'inbound_mapping', key: '15551230001' }, gwlist: '16,17' });
    expect(typeof liveDecision.rule?.ruleid).toBe('number');
    expect({ ...liveDecision.rule, ruleid: undefined }).toEqual({ ...fileDecision.rule, ruleid: undefined });
    expect(live.stdout).not.toContain(s.emu.token);
  });

  it('says ambiguous, with both candidates and no rule, when the proxy would pick by chance', async () => {
    const s = await scenario();
    const file = s.file(
      'twins.yaml',
      'version: 1\noutbound_routes:\n  - name: Carrier A\n    prefix: "33"\n    gwgroupid: "2"\n  - name: Carrier B\n    prefix: "33"\n    gwgroupid: "3"\n',
    );
    const json = await runCli(['route', file, '--direction', 'outbound', '--to', '33123456789', '--format', 'json', '--tz', 'UTC']);
    expect(json.code, json.stderr).toBe(0);
    const d = JSON.parse(json.stdout) as RouteDecision;
    expect(d.result).toBe('ambiguous');
    expect('rule' in d).toBe(false);
    expect(d.candidates.map((c) => c.key)).toEqual(['Carrier A', 'Carrier B']);
    const text = await runCli(['route', file, '--direction', 'outbound', '--to', '33123456789', '--tz', 'UTC']);
    expect(text.stdout).toContain('Result: ambiguous: the proxy picks one of these in an undefined order');
    expect(text.stdout).toContain(
      '  - outbound route "Carrier A" (group 8000, prefix "33", priority 0): routed by it to #2\n  - outbound route "Carrier B" (group 8000, prefix "33", priority 0): routed by it to #3\n',
    );
    expect(d.outcomes?.map((o) => `${o.candidate.key} ${o.result} ${o.gwlist}`)).toEqual(['Carrier A routed #2', 'Carrier B routed #3']);
  });

  it('--live: a live mapping the proxy drops (mixed servers, which the API accepts) is passed over, and said so', async () => {
    const s = await scenario();
    await s.client.createInboundMapping({ did: '1555', servers: ['66', '#5'] });
    await s.client.createInboundMapping({ did: '', servers: ['#9'] });
    const r = await runCli(['route', '--live', '--direction', 'inbound', '--to', '15551230001', '--tz', 'UTC'], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Result: routed by the default inbound mapping (did "")');
    expect(r.stdout).toContain(
      'mapping "1555" is not loaded: servers mix a gateway id and a group reference ("66,#5"): the proxy drops the rule',
    );
  });

  it('--live reads the groups: a #id to a missing group is passed over as dropped, and a group is expanded to its gateways', async () => {
    const s = await scenario({ empty: true });
    const id = await s.client.createCarrierGroup({
      name: 'Carrier A',
      lb_enabled: false,
      endpoints: [{ name: 'a1', hostname: '198.51.100.1', strip: 0, prefix: '', weight: 1 }],
    });
    const [gateway] = (await s.client.listCarrierGroups()).find((g) => g.gwgroupid === id)!.gwids;
    await s.client.createInboundMapping({ did: '1555', servers: [`#${id}`] });
    await s.client.createInboundMapping({ did: '1555123', servers: ['#99'] });
    const r = await runCli(['route', '--live', '--direction', 'inbound', '--to', '15551230001', '--tz', 'UTC'], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('mapping "1555123" is not loaded: servers name group 99, which does not exist on the platform');
    expect(r.stdout).toContain('Result: routed by inbound mapping "1555"');
    expect(r.stdout).toContain(`sends to carrier group "Carrier A" (#${id}): gateway "a1" 198.51.100.1:5060 (${gateway})`);
  });

  it('from the files, a group named by group:/carrier_group: routes to that name, and the steps say its id is not known here', async () => {
    const s = await scenario();
    const file = s.file(
      'g.yaml',
      'version: 1\ninbound_mappings:\n  - did: "1555"\n    group: PBX\noutbound_routes:\n  - name: UK\n    prefix: "44"\n    carrier_group: Carrier A\n',
    );
    const out = await runCli(['route', file, '--direction', 'outbound', '--to', '4420', '--format', 'json', '--tz', 'UTC']);
    expect(out.code, out.stderr).toBe(0);
    const d = JSON.parse(out.stdout) as RouteDecision;
    expect(d).toMatchObject({ result: 'routed', rule: { key: 'UK' }, gwlist: '#"Carrier A"' });
    expect(d.steps.join('\n')).toContain('sends to the group named "Carrier A"; its id and gateways are not known here');
    const inbound = await runCli(['route', file, '--direction', 'inbound', '--to', '15551', '--tz', 'UTC']);
    expect(inbound.stdout).toContain('Result: routed by inbound mapping "1555"');
    expect(inbound.stdout).toContain('Sends to: #"PBX"');
  });

  it.each<[string, string[], string, string]>([
    [
      'no --direction',
      ['--to', '44'],
      'error (ROUTE_BAD_DIRECTION): --direction is required',
      'hint: The proxy decides by the source of the call',
    ],
    [
      'a bad --direction',
      ['--direction', 'sideways', '--to', '44'],
      'error (ROUTE_BAD_DIRECTION): --direction "sideways" is not inbound or outbound',
      'hint:',
    ],
    [
      'no --to',
      ['--direction', 'outbound'],
      'error (ROUTE_NO_NUMBER): --to is required: the called number',
      'hint: Add the number the call is to',
    ],
    [
      'a bad --at',
      ['--direction', 'outbound', '--to', '44', '--at', 'tomorrow'],
      'error (ROUTE_BAD_TIME): --at "tomorrow" must be an ISO date and time',
      'hint: Write --at',
    ],
    [
      'a bad --tz',
      ['--direction', 'outbound', '--to', '44', '--tz', 'Mars/Olympus'],
      'error (ROUTE_BAD_TIME): --tz "Mars/Olympus" is not a time zone',
      'hint: Write --at',
    ],
    [
      '--live with files',
      [ROUTES, '--live', '--direction', 'outbound', '--to', '44'],
      "error (CLI_BAD_OPTION): --live routes on the platform's rules, so it takes no desired-state files",
      'hint: Drop the paths',
    ],
  ])('%s is a coded error with a hint, exit 1', async (_name, args, message, hint) => {
    const r = await runCli(['route', ...(args[0] === ROUTES ? [] : [ROUTES]), ...args]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain(hint);
  });

  it('no files and no --live is a coded error naming the verb', async () => {
    const r = await runCli(['route', '--direction', 'outbound', '--to', '44']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no desired-state files given');
    expect(r.stderr).toContain('dsipform route config/');
  });
});

describe('examples/routing/README.md', () => {
  it('every route command it shows on the files answers with exit 0', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../examples/routing/README.md', import.meta.url), 'utf8').replace(/\\\n\s*/g, '');
    const commands = [...readme.matchAll(/^npx dsipform (route examples\/routing\/routes\.yaml [^\n]+)$/gm)].map((m) => m[1]!.split(/\s+/));
    expect(commands.length).toBeGreaterThanOrEqual(8);
    const results = await Promise.all(commands.map((args) => runCli(args.map((a) => (a === 'examples/routing/routes.yaml' ? ROUTES : a)))));
    results.forEach((r, i) => {
      expect(r.code, `${commands[i]!.join(' ')}\n${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/Result: routed|"result": "routed"/);
    });
  }, 60_000);
});
