import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { scenario } from '../helpers/scenario.js';

/**
 * The built-in invariants and the `from_prefix` callers, each violated and held through the real
 * CLI; every counterexample is replayed through `dsipform route --format json` (test/cli/invariants.test.ts
 * covers the never/always sets).
 */
const HEAD = `version: 1
proxy:
  timezone: Europe/London
`;

function write(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-inv-builtin-'));
  const file = join(dir, 'rules.yaml');
  writeFileSync(file, HEAD + body);
  return file;
}

/** Replays the (first) violation's `replay:` line through `route --format json` and checks the answer is the one it shows. */
async function replay(output: string, extra: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  const line = output.split('\n').find((l) => l.trim().startsWith('replay: dsipform route'));
  expect(line, output).toBeDefined();
  const args = (line as string).trim().replace('replay: dsipform route ', '').split(' ');
  const took = /took (.*?)(; so does|$)/m.exec(output)?.[1];
  const r = await runCli(['route', ...args, '--format', 'json', ...extra], env);
  expect(r.code, r.stderr).toBe(0);
  const d = JSON.parse(r.stdout) as { result: string; rule?: { key: string } };
  if (took?.startsWith('no route')) expect(d.result).toBe('no_route');
  else {
    expect(d.result).toBe('routed');
    expect(took).toContain(JSON.stringify(d.rule?.key));
  }
}

async function validate(file: string): Promise<CliResult> {
  return runCli(['validate', file]);
}

const ROUTES = `outbound_routes:
  - name: all
    prefix: "1"
    carrier_group: Carrier A
  - name: cust-x
    prefix: "1312"
    from_prefix: "1312555"
    carrier_group: Carrier B
`;

describe('built-in invariants through the CLI', () => {
  it('inbound_never_to_carrier: a DID mapped to a carrier group is a violation naming that call', async () => {
    const file = write(
      `${ROUTES}inbound_mappings:\n  - did: "15551230001"\n    servers: ["7"]\n  - did: "15551230002"\n    group: Carrier A\ninvariants:\n  - builtin: inbound_never_to_carrier\n`,
    );
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ROUTING_INVARIANTS_FAILED');
    expect(r.stderr).toMatch(
      /FAIL .*rules\.yaml:\d+: invariant "inbound_never_to_carrier": an inbound call is sent to a carrier group: the call to 15551230002 /,
    );
    await replay(r.stderr, [file]);
  });

  it('inbound_never_to_carrier: held when every DID goes to gateways', async () => {
    const file = write(
      `${ROUTES}inbound_mappings:\n  - did: "15551230001"\n    servers: ["7", "8"]\ninvariants:\n  - builtin: inbound_never_to_carrier\n`,
    );
    const r = await validate(file);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/ok {3}.*invariant "inbound_never_to_carrier"/);
  });

  it('no_dead_rule: a route that a higher priority on the same prefix always wins over is named', async () => {
    const file = write(
      `${ROUTES}  - name: winner\n    prefix: "1"\n    priority: 5\n    carrier_group: Carrier B\ninvariants:\n  - builtin: no_dead_rule\n`,
    );
    const r = await validate(file);
    expect(r.code).toBe(1);
    // The call to the dead rule's prefix shows who takes it instead; route agrees.
    expect(r.stderr).toMatch(
      /invariant "no_dead_rule": 1 rule\(s\) no call ever takes \("all"\): the call to 1 at \S+ \(Europe\/London\) took route "winner"/,
    );
    await replay(r.stderr, [file]);
  });

  it('every_did_routed: a live DID whose only gateway does not exist is not routed (test --live)', async () => {
    const s = await scenario();
    await s.client.createInboundMapping({ did: '1555', servers: ['9999'] });
    await s.client.createInboundMapping({ did: '1666', servers: ['16'] });
    const file = s.file('inv.yaml', 'version: 1\ninvariants:\n  - builtin: every_did_routed\n');
    const r = await runCli(['test', file, '--live', '--tz', 'UTC'], s.env);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /FAIL .*inv\.yaml:3: invariant "every_did_routed": a DID of an inbound mapping is not routed: the call to 1555 /,
    );
    await replay(r.stdout, ['--live'], s.env);
  });
});

describe('from_prefix callers', () => {
  it.each([
    ['the LCR caller itself', '1312555', '1312 from 1312555'],
    // The platform's LCR matches a From part followed only by digits anywhere in the From-user.
    ['a longer prefix that holds the LCR caller', '1200', '1312 from 12001312555'],
  ])('never reaches, violated by %s', async (_name, from, call) => {
    const file = write(
      `${ROUTES}invariants:\n  - never: { direction: outbound, to_prefix: "1312", from_prefix: "${from}", reaches: { carrier_group: Carrier B } }\n`,
    );
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`an outbound call reaches carrier group "Carrier B": the call to ${call} at `);
    await replay(r.stderr, [file]);
  });

  it('held where the LCR route does not reach: the caller matters only with its number', async () => {
    const file = write(
      `${ROUTES}invariants:\n  - never: { direction: outbound, to_prefix: "1415", from_prefix: "1312555", reaches: { carrier_group: Carrier B } }\n`,
    );
    const r = await validate(file);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/ok {3}.*invariant/);
  });

  it('always reaches, violated by a caller outside the LCR route', async () => {
    const file = write(
      `${ROUTES}invariants:\n  - always: { direction: outbound, to_prefix: "1312", from_prefix: "1312", reaches: { carrier_group: Carrier B } }\n`,
    );
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/an outbound call does not reach carrier group "Carrier B": the call to 1312 from 1312\d* at /);
    await replay(r.stderr, [file]);
  });
});

const GROUPS = `carrier_groups:
  - name: Carrier A
    endpoints: [{ name: a1, hostname: a1.example.com }]
  - name: Spare
    endpoints: [{ name: s1, hostname: s1.example.com }]
`;

describe('no_unreached_group', () => {
  it('names a declared carrier group that no rule sends a call to', async () => {
    const file = write(
      `${GROUPS}outbound_routes:\n  - name: all\n    prefix: "1"\n    carrier_group: Carrier A\ninvariants:\n  - builtin: no_unreached_group\n`,
    );
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /FAIL .*rules\.yaml:\d+: invariant "no_unreached_group": 1 group\(s\) that no call reaches at any moment: "Spare"; /,
    );
    expect(r.stderr).not.toContain('"Carrier A"; ');
  });

  it('held when each declared group is reached, one of them only in a window', async () => {
    const file = write(
      `${GROUPS}outbound_routes:\n  - name: all\n    prefix: "1"\n    carrier_group: Carrier A\n  - name: nights\n    prefix: "1900"\n    timerec: "20260101T220000|2H|daily"\n    carrier_group: Spare\ninvariants:\n  - builtin: no_unreached_group\n`,
    );
    const r = await validate(file);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/ok {3}.*invariant "no_unreached_group"/);
  });
});

describe('test --format junit', () => {
  it('lists each invariant as a case; a violation fails with its call and the route command that replays it', async () => {
    const file = write(
      `${ROUTES}invariants:\n  - name: premium\n    never: { direction: outbound, to_prefix: "1900" }\n  - name: 1212 routed\n    always: { direction: outbound, to_prefix: "1212" }\n`,
    );
    const r = await runCli(['test', '--format', 'junit', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/<testsuites name="dsipform routing tests" tests="2" failures="1" errors="0">/);
    expect(r.stdout).toMatch(
      /<testcase name="invariant 1212 routed" classname="[^"]*\.invariants" file="[^"]*rules\.yaml" line="\d+" time="0"\/>/,
    );
    const failure = /<testcase name="invariant premium"[^>]*>\s*<failure message="([^"]*)" type="RoutingInvariantViolated">/.exec(r.stdout);
    expect(failure, r.stdout).not.toBeNull();
    const message = (failure as RegExpExecArray)[1]!.replace(/&quot;/g, '"');
    expect(message).toMatch(/rules\.yaml:\d+: an outbound call is routed: the call to 1900 at /);
    expect(message).toMatch(/; replay: dsipform route --direction outbound --to 1900 --at \S+ --tz Europe\/London$/);
    await replay(message.replace('; replay: ', '\n  replay: '), [file]);
  });
});
