/**
 * Counterexamples of routing invariants held to the real proxy (issue 36): files whose invariants
 * fail are applied to an emulated platform, `dsipform test --live` names one call breaking each
 * (number, caller, an instant in the proxy's zone), `dsipform route --live` replays it, and then
 * Kamailio 5.6, loaded with the platform's rows, is asked the same call at the same instant. Its
 * answer must be the counterexample's claim: the call routed where the invariant says it must not
 * be, or not routed (or elsewhere) where it must be. The same harness as differential.test.ts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorSnapshot } from '../../src/emulator/index.js';
import { runCli } from '../helpers/cli.js';
import { placeCalls, toGroupNamed, type TimedCall } from './helpers/run.js';
import type { SipCall } from './helpers/sip.js';
import { proxyPlan, proxySuite } from './helpers/suite.js';

const plan = proxyPlan();
const TZ = 'America/Chicago';

/** One carrier group of one gateway (Carrier Y has two), so each destination has its own gateways. */
const group = (name: string, ...hosts: string[]): string =>
  `  - { name: ${name}, lb_enabled: false, auth: none, endpoints: [${hosts.map((h, i) => `{ name: ${name.replace(' ', '-').toLowerCase()}-${i}, hostname: ${h} }`).join(', ')}] }\n`;

// "Empty" holds no gateway: the proxy drops the mapping to it (applied with --allow-dangling, as an
// operator may), so its DID is routed nowhere and every_did_routed fails.
const FILES = `version: 1
proxy:
  timezone: ${TZ}
carrier_groups:
${group('Carrier A', '203.0.113.1')}${group('Carrier B', '203.0.113.2')}${group('Carrier Y', '203.0.113.3', '203.0.113.4')}${group('Acme PBX', '198.51.100.7')}${group('Other PBX', '198.51.100.8')}  - { name: Empty, lb_enabled: false, auth: none, endpoints: [] }
outbound_routes:
  - { name: all, prefix: "1", carrier_group: Carrier A }
  - { name: premium-night, prefix: "1900", timerec: "20260101T180000|6H|daily", carrier_group: Carrier B }
  - { name: cust-x, prefix: "1312", from_prefix: "1312555", carrier_group: Carrier Y }
inbound_mappings:
  - { did: "1555123", group: Acme PBX }
  - { did: "15551239", group: Other PBX }
  - { did: "15550000", group: Empty }
invariants:
  - name: premium
    never: { direction: outbound, to_prefix: "1900" }
  - name: acme
    always: { direction: inbound, to_prefix: "1555123", reaches: { group: Acme PBX } }
  - name: customer
    never: { direction: outbound, from_prefix: "1200", reaches: { carrier_group: Carrier Y } }
  - name: late
    never: { direction: outbound, to_prefix: "1900", during: "20260101T220000|2H|daily", reaches: { carrier_group: Carrier B } }
  - builtin: every_did_routed
`;

/** A violation as `test --live` printed it: the invariant's name and the `dsipform route` arguments of its call. */
interface Printed {
  readonly name: string;
  readonly args: readonly string[];
  readonly call: SipCall;
  readonly local: string;
}

/** The FAIL lines of `dsipform test` with the replay line under each. */
function violations(output: string): Printed[] {
  const lines = output.split('\n');
  return lines.flatMap((line, i) => {
    const name = /^FAIL .*? invariant "([^"]+)"/.exec(line)?.[1];
    const replay = /^ {2}replay: dsipform route (.*)$/.exec(lines[i + 1] ?? '')?.[1];
    if (name === undefined || replay === undefined) return [];
    const args = replay.split(' ');
    const flag = (f: string): string => {
      const at = args.indexOf(f);
      return at < 0 ? '' : (args[at + 1] ?? '');
    };
    const direction = flag('--direction') as SipCall['direction'];
    expect(flag('--tz')).toBe(TZ);
    return [{ name, args, call: { direction, to: flag('--to'), from: flag('--from') }, local: flag('--at') }];
  });
}

/** The proxy's outcome of a decision `dsipform route --format json` printed: `gateways 3` or `no route`. */
function outcomeOf(decision: { result: string; gwlist?: string }, snapshot: EmulatorSnapshot): string {
  if (decision.result === 'no_route') return 'no route';
  expect(decision.result).toBe('routed');
  const list = decision.gwlist ?? '';
  if (!list.startsWith('#')) return `gateways ${list}`;
  const g = snapshot.groups?.groups.find((x) => String(x.gwgroupid) === list.slice(1));
  return `gateways ${(g?.gwlist ?? []).join(',')}`;
}

describe.skipIf(!plan.run)('invariant counterexamples against the real proxy (Kamailio 5.6)', () => {
  const suite = proxySuite(plan);
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dsipform-invariant-replay-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('each call dsipform names is what Kamailio does with it at that instant', async () => {
    const file = join(dir, 'rules.yaml');
    await writeFile(file, FILES);
    const dataFile = join(dir, 'platform.json');
    const emu = await startEmulator({ port: 0, token: 'invariant-replay-token-0123456789', empty: true, dataFile });
    const env = { DSIP_URL: emu.url, DSIP_TOKEN: emu.token };
    let printed: Printed[];
    const replayed: { result: string; gwlist?: string; rule?: { key: string } }[] = [];
    try {
      // The invariants are broken on purpose: the plan's gate refuses them (PLAN_INVARIANT_FAILED),
      // so the rules go in with --force, and `test --live` names the calls that break them.
      const refused = await runCli(['apply', file, '--auto-approve', '--allow-dangling'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('PLAN_INVARIANT_FAILED');
      const applied = await runCli(['apply', file, '--auto-approve', '--allow-dangling', '--force'], env);
      expect(applied.code, applied.stderr).toBe(0);
      const tested = await runCli(['test', '--live', file], env);
      expect(tested.code).toBe(1);
      expect(tested.stderr).toContain('ROUTING_INVARIANTS_FAILED');
      printed = violations(tested.stdout);
      expect(printed.map((p) => p.name)).toEqual(['premium', 'acme', 'customer', 'late', 'every_did_routed']);
      for (const p of printed) {
        const r = await runCli(['route', ...p.args, '--live', '--format', 'json'], env);
        expect(r.code, r.stderr).toBe(0);
        replayed.push(JSON.parse(r.stdout) as (typeof replayed)[number]);
      }
    } finally {
      await emu.close();
    }
    const snapshot = JSON.parse(await readFile(dataFile, 'utf8')) as EmulatorSnapshot;
    const late = printed.find((p) => p.name === 'late') as Printed;
    // The late-night call again at noon that day: outside `during`, and outside the night route too.
    const noon = `${late.local.slice(0, 10)}T12:00:00`;
    const timed: TimedCall[] = [...printed.map((p) => ({ call: p.call, local: p.local })), { call: late.call, local: noon }];
    const { outcomes, log } = await placeCalls(suite.tools, suite.sip(), snapshot, TZ, timed);

    const to = (name: string): string => toGroupNamed(snapshot, name);
    const byName = Object.fromEntries(printed.map((p, i) => [p.name, { p, proxy: outcomes[i], said: outcomeOf(replayed[i]!, snapshot) }]));
    // The proxy answers each call as dsipform's replay of it said...
    for (const { p, proxy, said } of Object.values(byName)) expect(proxy, `${p.name}: ${p.args.join(' ')}\n${log}`).toBe(said);
    // ...and that answer is the counterexample's claim.
    expect([to('Carrier A'), to('Carrier B')]).toContain(byName.premium?.proxy);
    expect(byName.acme?.p.call.to).toBe('15551239');
    expect(byName.acme?.proxy).toBe(to('Other PBX'));
    expect(byName.customer?.p.call).toMatchObject({ to: '1312', from: '12001312555' });
    expect(byName.customer?.proxy).toBe(to('Carrier Y'));
    expect(late.local).toMatch(/T2[23]:/);
    expect(byName.late?.proxy).toBe(to('Carrier B'));
    expect(outcomes[printed.length]).toBe(to('Carrier A'));
    expect(byName.every_did_routed?.p.call.to).toBe('15550000');
    expect(byName.every_did_routed?.proxy).toBe('no route');
  }, 120_000);
});
