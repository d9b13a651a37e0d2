import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';

describe('scenario: partial failure', () => {
  it('completes independent changes, reports each change, and exits 1', async () => {
    const s = await scenario({ empty: true });
    // A route outside dsipform's control (ignored) holds LCR pattern 1555-44, so creating another
    // route with that pattern is refused by the platform at apply time.
    await s.client.createOutboundRoute({ name: 'manual LCR', prefix: '44', from_prefix: '1555', gwgroupid: '9' });
    await s.client.createOutboundRoute({ name: 'old', prefix: '7', gwgroupid: '9' });
    const path = s.file(
      'p.yaml',
      `version: 1
inbound_mappings:
  - did: "1"
    servers: ["1"]
outbound_routes:
  - name: clashing
    prefix: "44"
    from_prefix: "1555"
    gwgroupid: "5"
  - name: fine
    prefix: "33"
    gwgroupid: "5"
policy:
  allow_unrouting: true # deleting "old" leaves calls to 7 with no route; not this test's subject
  ignore:
    outbound_routes: ["manual*"]
`,
    );
    // An empty platform has no groups: --allow-dangling lets the rules refer to none.
    const r = await s.run(['apply', path, '--auto-approve', '--allow-dangling']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/failed .*outbound_route "clashing".*Duplicate LCR pattern/);
    expect(r.stdout).toMatch(/not attempted .*outbound_route "old".*an earlier create of outbound_route "clashing" failed/);
    expect(r.stdout).toMatch(/2 applied, 1 failed, 1 not attempted/);
    const routes = (await s.client.listOutboundRoutes()).map((x) => x.name).sort();
    expect(routes).toEqual(['fine', 'manual LCR', 'old']);
    expect((await s.client.listInboundMappings()).map((m) => m.did)).toEqual(['1']);
  });

  it('emits one JSON event per change, then a summary, with --format json', async () => {
    const s = await scenario();
    const r = await s.run([
      'apply',
      s.file('m.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n  - did: "2"\n    servers: ["1"]\n'),
      '--auto-approve',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.event)).toEqual(['change', 'change', 'reload', 'summary']);
    expect(events[0]).toMatchObject({ event: 'change', action: 'create', kind: 'inbound_mapping', status: 'applied' });
    expect(events[3]).toMatchObject({ counts: { applied: 2, failed: 0, not_attempted: 0 }, reloaded: true });
  });
});

describe('scenario: export', () => {
  it('writes the live state as a file that plans to no changes', async () => {
    const s = await scenario();
    // Gateway ids only: the proxy drops a mapping that mixes gateways and a group (config refuses one).
    await s.client.createInboundMapping({ did: '0044123', servers: ['16', '17'], notes: 'leading zeros' });
    await s.client.createInboundMapping({ did: '', servers: ['#2'] });
    await s.client.createInboundMapping({ did: '+1#*', servers: ['5'] });
    await s.client.createOutboundRoute({
      name: 'LCR',
      prefix: '44',
      from_prefix: '1555',
      gwgroupid: '5',
      priority: 3,
      timerec: '20260101T140000|10H|daily',
      routeid: 'r7',
    });
    await s.client.createOutboundRoute({ name: 'twin', prefix: '1', gwgroupid: '5' });
    await s.client.createOutboundRoute({ name: 'twin', prefix: '2', gwgroupid: '6' });
    // Written by hand without a reload: made live, so the plan of the export owes nothing (a pending reload exits 2).
    await s.client.reloadProxy();
    const out = join(s.dir, 'exported.yaml');
    const exp = await s.run(['export', '--out', out]);
    expect(exp.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('did: "0044123"');
    expect(text).toMatch(/ruleid: \d+/); // the twins are pinned
    const plan = await s.run(['plan', out, '--detailed-exitcode']);
    expect(plan.stderr, text).toBe('');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/No changes/);
  });
});

describe('scenario: export of rules the proxy drops', () => {
  it('leaves them out, keeps them with policy.ignore and says why, so that validate passes and plan shows no changes', async () => {
    const s = await scenario();
    // The API takes all of these; the proxy drops each, and validate or plan refuses them in a file.
    await s.client.createInboundMapping({ did: '', servers: ['#2'] });
    await s.client.createInboundMapping({ did: '15550001', servers: ['16', '#4'], notes: 'mixed' });
    await s.client.createInboundMapping({ did: '15550002', servers: ['#4', '#5'], notes: 'two groups' });
    await s.client.createInboundMapping({ did: '+1555*3', servers: ['20'], notes: 'a gateway no group holds' });
    await s.client.createInboundMapping({ did: '15550004', servers: ['16'], notes: 'fine' });
    await s.client.createOutboundRoute({ name: 'to nowhere', prefix: '44', gwgroupid: '99' });
    // Written by hand without a reload: made live, so the plan of the export owes nothing (a pending reload exits 2).
    await s.client.reloadProxy();
    const out = join(s.dir, 'exported.yaml');
    const exp = await s.run(['export', '--out', out]);
    expect(exp.code).toBe(0);
    expect(exp.stderr).toMatch(/warning: the platform holds 4 rules the proxy drops \(3 inbound mappings, 1 outbound route\)/);
    expect(exp.stderr).toMatch(/hint: add each to the file as it should be/);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(
      /# {3}inbound mapping "15550001": servers mix a gateway id and a group reference \(\["16", "#4"\]\): the proxy drops the rule/,
    );
    expect(text).toMatch(/# {3}inbound mapping "15550002": servers hold two group references \(\["#4", "#5"\]\)/);
    expect(text).toMatch(/# {3}inbound mapping "\+1555\*3": servers name gateway 20, which no carrier or endpoint group holds/);
    expect(text).toMatch(/# {3}outbound route "to nowhere": gwgroupid names group 99, which does not exist on the platform/);
    expect(text).toContain('did: "15550004"');
    expect(text).not.toMatch(/did: "15550001"|name: "to nowhere"/);
    const validate = await s.run(['validate', out]);
    expect(validate.stderr, text).toBe('');
    expect(validate.code).toBe(0);
    const plan = await s.run(['plan', out, '--detailed-exitcode']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/No changes/);
    // The routing lints still see the rules the ignore keeps on the platform: warnings, not errors.
    expect(plan.stderr).not.toMatch(/^error/m);
    expect(plan.stderr).toMatch(/^warning: mapping "15550001": servers mix a gateway id and a group reference/m);
    // The ignore entries match exactly those DIDs (glob characters escaped): all four are still there.
    expect((await s.client.listInboundMappings()).length).toBe(5);
  });
});

describe('scenario: destroy', () => {
  it('deletes exactly the live objects the files declare', async () => {
    const s = await scenario();
    const path = s.file(
      'p.yaml',
      // Replacing the fresh install's default route leaves calls unrouted: allowed, as that is not the subject.
      'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\noutbound_routes:\n  - name: mine\n    prefix: "9"\n    gwgroupid: "2"\npolicy:\n  allow_unrouting: true\n',
    );
    await s.converge([path]);
    await s.client.createInboundMapping({ did: '2', servers: ['1'] });
    await s.client.createOutboundRoute({ name: 'theirs', prefix: '8', gwgroupid: '2' });
    const r = await s.run(['destroy', path, '--auto-approve']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Plan: 0 to create, 0 to update, 2 to delete\./);
    expect((await s.client.listInboundMappings()).map((m) => m.did)).toEqual(['2']);
    expect((await s.client.listOutboundRoutes()).map((x) => x.name)).toEqual(['theirs']);
  });
});

describe('scenario: plan output and exit codes', () => {
  it('exits 0 without --detailed-exitcode, 2 with it when changes are pending, 0 when none', async () => {
    const s = await scenario();
    const path = s.file('m.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n');
    expect((await s.run(['plan', path])).code).toBe(0);
    expect((await s.run(['plan', path, '--detailed-exitcode'])).code).toBe(2);
    const md = await s.run(['plan', path, '--format', 'markdown']);
    expect(md.stdout).toMatch(/\|/);
    const json = JSON.parse((await s.run(['plan', path, '--format', 'json'])).stdout);
    expect(json).toMatchObject({ format_version: 1, summary: { total: { create: 1 } } });
    expect(json.checksum).toMatch(/^sha256:/);
    expect(JSON.stringify(json)).not.toContain(s.emu.token);
  });

  it('refuses to plan without a URL, unless --emulator', async () => {
    const s = await scenario();
    const path = s.file('m.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n');
    const none = await s.run(['plan', path], { env: { DSIP_URL: '' } });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no platform URL given/);
    const emu = await s.run(['plan', path, '--emulator'], { env: { DSIP_URL: '' } });
    expect(emu.code).toBe(0);
    expect(emu.stdout).toMatch(/1 to create/);
  });

  it('keeps state between runs with --emulator-data', async () => {
    const s = await scenario();
    const path = s.file('m.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n');
    const data = join(s.dir, 'emu.json');
    const env = { DSIP_URL: '' };
    expect((await s.run(['apply', path, '--emulator', '--emulator-data', data, '--auto-approve'], { env })).code).toBe(0);
    const again = await s.run(['plan', path, '--emulator', '--emulator-data', data, '--detailed-exitcode'], { env });
    expect(again.code).toBe(0);
  });
});
