import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';
import { ACME, BETA_GROUP } from './endpoint-group-files.js';

/**
 * Issue 34 §5: routing tests (`expect:`) and invariants (`reaches:`) name an endpoint group by its
 * name and its endpoints by name or address, from the files alone, with `--live`, and in a plan
 * that creates the group; a wrong name is a problem at its FILE:LINE:COL listing the names known.
 */

/** ACME with one routing test expecting `expect` (a flow mapping): the test at line 13, `expect:` at 16. */
const withTest = (expect: string): string =>
  `${ACME}routing_tests:\n  - name: acme\n    direction: inbound\n    to: "15551230001"\n    expect: ${expect}\n`;

describe('from the files alone', () => {
  it('a test expects the declared endpoint group and its endpoints, by name and by address', async () => {
    const s = await scenario({ empty: true });
    const file = s.file('t.yaml', withTest('{ group: Acme PBX, gateways: ["203.0.113.11:5080", acme-main] }'));
    const r = await s.run(['test', file, '--tz', 'UTC']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`ok    ${file}:13 acme\n`);
  });

  it('the endpoints in the wrong order fail, naming what the call reaches', async () => {
    const s = await scenario({ empty: true });
    const file = s.file('t.yaml', withTest('{ gateways: [acme-main, acme-backup] }'));
    const r = await s.run(['test', file, '--tz', 'UTC']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('whose gateways are "acme-backup" 203.0.113.11:5080, "acme-main" 203.0.113.10:5060');
  });

  it('a wrong endpoint name is a problem at its FILE:LINE:COL listing the endpoints known', async () => {
    const s = await scenario({ empty: true });
    const file = s.file('t.yaml', withTest('{ group: Acme PBX, gateways: [acme-mian] }'));
    const r = await s.run(['test', file, '--tz', 'UTC']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:16:32: routing test "acme": expect.gateways: no gateway is named or at "acme-mian"`);
    expect(r.stderr).toContain(
      'the gateways known by name are: "acme-backup" 203.0.113.11:5080 (of "Acme PBX"), "acme-main" 203.0.113.10:5060 (of "Acme PBX")',
    );
  });

  it('an endpoint group is no carrier group: carrier_group: names it wrongly, and says which names there are', async () => {
    const s = await scenario({ empty: true });
    const file = s.file('t.yaml', withTest('{ carrier_group: Acme PBX }'));
    const r = await s.run(['test', file, '--tz', 'UTC']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:16:15: routing test "acme": expect.carrier_group: no carrier group is named "Acme PBX"`);
    expect(r.stderr).toContain('hint: "Acme PBX" is an endpoint group: expect it with group: Acme PBX;');
  });

  it('invariants: reaches an endpoint group by name; inbound_never_to_carrier holds for a mapping to it', async () => {
    const s = await scenario({ empty: true });
    const file = s.file(
      't.yaml',
      `${ACME}invariants:
  - name: Acme's numbers reach Acme
    always: { direction: inbound, to_prefix: "15551230001", reaches: { group: Acme PBX } }
  - name: Acme's number reaches its endpoints in order
    always: { direction: inbound, to_prefix: "15551230001", reaches: { gateways: [acme-backup, "203.0.113.10"] } }
  - builtin: inbound_never_to_carrier
`,
    );
    const r = await s.run(['test', file, '--tz', 'UTC']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ok +.*Acme's numbers reach Acme/);
    expect(r.stdout).toMatch(/ok +.*inbound_never_to_carrier/);
  });
});

describe.each(['spec', 'current'] as const)('in a plan (--profile %s)', (profile) => {
  it('a test and an invariant expect a group the same plan creates, and the endpoints a plan adds', async () => {
    const s = await scenario({ empty: true, profile });
    await s.converge([s.file('groups.yaml', ACME)]);
    const file = s.file(
      'next.yaml',
      `${ACME.replace('inbound_mappings:', `${BETA_GROUP}inbound_mappings:`)}  - did: "15551230002"
    group: Beta PBX
routing_tests:
  - name: beta
    direction: inbound
    to: "15551230002"
    expect: { group: Beta PBX, gateways: [beta-1] }
invariants:
  - name: Beta's number reaches Beta
    always: { direction: inbound, to_prefix: "15551230002", reaches: { gateways: ["198.51.100.7"] } }
`,
    );
    const r = await s.run(['plan', file, '--tz', 'UTC']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Routing tests (against the rules after the plan): 1 passed, 0 failed\n');
    expect(r.stdout).toContain('(endpoint group "Beta PBX" (id known after apply): endpoint "beta-1" 198.51.100.7)');
    expect(r.stdout).toMatch(/Routing invariants \(against the rules after the plan\): 1 held, 0 violated/);
  });

  it('a wrong endpoint name stops the plan at its FILE:LINE:COL, listing the endpoints known', async () => {
    const s = await scenario({ empty: true, profile });
    await s.converge([s.file('groups.yaml', ACME)]);
    const file = s.file('t.yaml', withTest('{ group: Acme PBX, gateways: [acme-mian] }'));
    const r = await s.run(['plan', file, '--tz', 'UTC']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:16:32: routing test "acme": expect.gateways: no gateway is named or at "acme-mian"`);
    expect(r.stderr).toMatch(/the gateways known by name are: .*"acme-backup" 203\.0\.113\.11:5080/);
    expect(r.stderr).toContain('error (PLAN_BLOCKED)');
  });

  it('test --live: a group the files declare but the platform lacks is known by name (the call then has no route)', async () => {
    const s = await scenario({ empty: true, profile });
    await s.converge([s.file('groups.yaml', ACME)]);
    const file = s.file(
      't.yaml',
      `${ACME.replace('inbound_mappings:', `${BETA_GROUP}inbound_mappings:`)}routing_tests:
  - name: beta
    direction: inbound
    to: "15551230002"
    expect: { group: Beta PBX, gateways: [beta-1] }
`,
    );
    const r = await s.run(['test', file, '--live', '--tz', 'UTC']);
    expect(r.stderr).not.toContain('no group is named');
    expect(r.stderr).not.toContain('no gateway is named');
    expect(r.stdout).toContain('expected the call to be routed, but the call took no route (the call fails)');
  });
});
