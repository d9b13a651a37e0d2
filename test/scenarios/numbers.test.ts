import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scenario, type Scenario } from '../helpers/scenario.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { runMain } from '../helpers/in-process.js';

const NUMBERS = `version: 1
numbers:
  - did: "15557770001"
    status: assigned
    carrier: Telnyx
    pool: chicago-main
  - did: "+15557770002"
    status: reserved
    pool: chicago-main
  - did: "15557770003"
`;

/** The live numbers as `did status carrier pool`, by DID. */
async function liveNumbers(s: Scenario): Promise<string[]> {
  return (await s.client.listNumbers()).map((n) => `${n.did} ${n.status} ${n.carrier} ${n.pool}`).sort();
}

describe('numbers as a managed collection (issue 35 §2)', () => {
  it('creates, updates and deletes numbers against the current emulator, then plans to no changes', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await s.client.createNumber({ did: '15557779999', status: 'reserved' });
    const path = s.file('numbers.yaml', NUMBERS);
    const plan = await s.run(['plan', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/\+ did_number "15557770001"/);
    expect(plan.stdout).toMatch(/- did_number "15557779999"/);
    await s.converge([path]);
    expect(await liveNumbers(s)).toEqual([
      '+15557770002 reserved null chicago-main',
      '15557770001 assigned Telnyx chicago-main',
      '15557770003 null null null',
    ]);
    // An update sends the changed fields; a field left out clears what the platform holds.
    const edited = s.file(
      'numbers.yaml',
      NUMBERS.replace('carrier: Telnyx', 'carrier: Bandwidth').replace(
        '    pool: chicago-main\n  - did: "15557770003"',
        '  - did: "15557770003"',
      ),
    );
    const update = await s.run(['plan', edited]);
    expect(update.stdout).toMatch(/~ did_number "15557770001"/);
    expect(update.stdout).toMatch(/~ did_number "\+15557770002"/);
    await s.converge([edited]);
    expect(await liveNumbers(s)).toEqual([
      '+15557770002 reserved null null',
      '15557770001 assigned Bandwidth chicago-main',
      '15557770003 null null null',
    ]);
  });

  it('pairs a declared DID with the live number of the same DID with a + in front: an update of did, not a refused create', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await s.client.createNumber({ did: '+15557770001', status: 'reserved' });
    const path = s.file('numbers.yaml', 'version: 1\nnumbers:\n  - did: "15557770001"\n    status: reserved\n');
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toMatch(/~ did_number "15557770001"/);
    await s.converge([path]);
    expect(await liveNumbers(s)).toEqual(['15557770001 reserved null null']);
  });
});

describe('numbers: where the platform or the files cannot take them', () => {
  it.each([
    ['given', ['--api-profile', 'spec']],
    ['detected', []],
  ])(
    'refuses a file declaring numbers on a platform without the Numbers module (profile spec %s), naming what detection found',
    async (how, args) => {
      const s = await scenario({ profile: 'spec', empty: true });
      const path = s.file('numbers.yaml', NUMBERS);
      const env = how === 'detected' ? { DSIP_API_PROFILE: 'auto' } : {};
      const plan = await s.run(['plan', path, ...args], { env });
      expect(plan.code).toBe(1);
      expect(plan.stderr).toContain('NUMBERS_MODULE_MISSING');
      expect(plan.stderr).toContain(`API profile spec (${how})`);
      expect(plan.stderr).toContain('Remove the numbers: collection');
    },
  );

  it('leaves the numbers alone when the files declare none (nothing created, changed or deleted)', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await s.client.createNumber({ did: '15557770009', status: 'reserved', carrier: 'Telnyx' });
    const path = s.file(
      'groups.yaml',
      'version: 1\ncarrier_groups:\n  - name: Carrier A\n    endpoints: [{name: a1, hostname: 203.0.113.10}]\n',
    );
    const plan = await s.run(['plan', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).not.toContain('did_number');
    expect(plan.stdout).toContain('Managed: carrier_groups');
    await s.converge([path]);
    expect(await liveNumbers(s)).toEqual(['15557770009 reserved Telnyx null']);
  });

  it('reports every bad number at FILE:LINE:COL: an unknown status, a DID that is not one, the same DID with and without +', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const path = s.file(
      'bad.yaml',
      'version: 1\nnumbers:\n  - did: "15557770001"\n    status: ported\n  - did: "1555-777"\n  - did: "+15557770001"\n',
    );
    const validate = await s.run(['validate', path]);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toMatch(/bad\.yaml:4:13: numbers\[0\]\.status must be one of: available, reserved, assigned/);
    expect(validate.stderr.match(/status/g)).toHaveLength(2); // once, with its hint
    expect(validate.stderr).toMatch(/bad\.yaml:5:\d+.*numbers\[1\]\.did.*0-9 \+ # \*/);
    expect(validate.stderr).toMatch(/bad\.yaml:6:\d+.*number "15557770001" is declared twice: also at .*bad\.yaml:3:\d+/);
  });
});

describe('numbers through a saved plan and JSON', () => {
  it('a saved plan of number changes validates against the plan schema and applies', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const path = s.file('numbers.yaml', NUMBERS);
    const saved = `${s.dir}/plan.json`;
    const planned = await s.run(['plan', path, '--out', saved]);
    expect(planned.code, planned.stderr).toBe(0);
    const applied = await s.run(['apply', '--plan', saved, '--auto-approve']);
    expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
    expect(await liveNumbers(s)).toHaveLength(3);
    const json = await s.run(['plan', path, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).summary.by_kind.did_number).toBeDefined();
  });
});

describe('numbers under the policy', () => {
  it('leaves live numbers matched by policy.ignore.numbers alone, and deletes none of a protected collection without --force', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await s.client.createNumber({ did: '18005550100', status: 'reserved' });
    await s.client.createNumber({ did: '15559990001', status: 'reserved' });
    const ignoring = s.file('numbers.yaml', `${NUMBERS}policy:\n  ignore:\n    numbers: ["1800*"]\n`);
    const plan = await s.run(['plan', ignoring]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).not.toContain('18005550100');
    expect(plan.stdout).toMatch(/- did_number "15559990001"/);
    const protecting = s.file('numbers.yaml', `${NUMBERS}policy:\n  protect: [numbers]\n  ignore:\n    numbers: ["1800*"]\n`);
    const refused = await s.run(['apply', protecting, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('numbers is protected by policy.protect');
    expect(await liveNumbers(s)).toEqual(['15559990001 reserved null null', '18005550100 reserved null null']);
    const forced = await s.run(['apply', protecting, '--auto-approve', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await liveNumbers(s)).toContain('18005550100 reserved null null');
    expect(await liveNumbers(s)).not.toContain('15559990001 reserved null null');
  });
});

describe('a block of numbers', () => {
  it('deletes many numbers with one request (ids in the body), each outcome applied, then reads them back', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    for (const did of ['15550000001', '15550000002', '+15550000003']) await s.client.createNumber({ did, status: 'reserved', pool: 'old' });
    const path = s.file('numbers.yaml', 'version: 1\nnumbers: []\n');
    const report = `${s.dir}/report.json`;
    const applied = await s.run(['apply', path, '--auto-approve', '--report', report]);
    expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
    const { outcomes, requests } = JSON.parse(readFileSync(report, 'utf8')) as {
      outcomes: { status: string; key: string }[];
      requests: { method: string; path: string }[];
    };
    expect(outcomes.map((o) => `${o.key} ${o.status}`).sort()).toEqual([
      '+15550000003 applied',
      '15550000001 applied',
      '15550000002 applied',
    ]);
    const numberRequests = requests.filter((r) => r.path.startsWith('/api/numbers/')).map((r) => `${r.method} ${r.path}`);
    expect(numberRequests).toEqual(['DELETE /api/numbers/v1/number', 'GET /api/numbers/v1/number']);
    expect(await liveNumbers(s)).toEqual([]);
  });
});

describe('numbers in export and drift', () => {
  it('export writes the numbers (quoted, none left out by default) and the file plans to no changes; one it cannot declare is ignored', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await s.client.createNumber({ did: '15557770001', status: 'assigned', carrier: 'Telnyx', pool: '312' });
    await s.client.createNumber({ did: '+15557770002' });
    await s.client.createNumber({ did: '15557770003', status: 'ported' });
    const out = `${s.dir}/exported.yaml`;
    const exported = await s.run(['export', '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain(
      'numbers:\n  - did: "15557770001"\n    status: "assigned"\n    carrier: "Telnyx"\n    pool: "312"\n  - did: "+15557770002"\n',
    );
    expect(text).toMatch(/number "15557770003": status "ported" is not one of available, reserved, assigned/);
    expect(text).toContain('numbers:\n      - "15557770003"');
    const again = await s.run(['plan', out, '--detailed-exitcode']);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
  });

  it('drift names a number edited on the platform, one deleted there and one created there', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const path = s.file('numbers.yaml', NUMBERS);
    await s.converge([path]);
    const [first, second] = await s.client.listNumbers();
    await s.client.updateNumber(first!.id, { pool: 'dallas' });
    await s.client.deleteNumber(second!.id);
    await s.client.createNumber({ did: '15550001111' });
    const drift = await s.run(['drift', path, '--format', 'json']);
    expect(drift.code).toBe(2);
    const objects = (JSON.parse(drift.stdout) as { objects: { kind: string; key: string; drift: string }[] }).objects;
    expect(objects.map((o) => `${o.kind} ${o.key} ${o.drift}`).sort()).toEqual(
      [`did_number ${first!.did} changed`, `did_number ${second!.did} missing`, 'did_number 15550001111 extra'].sort(),
    );
  });
});

describe('examples/numbers', () => {
  it('validates, applies against the current emulator and then plans to no changes', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const example = fileURLToPath(new URL('../../examples/numbers/numbers.yaml', import.meta.url));
    await s.converge([example]);
    expect(await liveNumbers(s)).toHaveLength(3);
  });
});

describe('numbers and the inbound mappings the platform writes for them (issue 35 §3)', () => {
  it('the plan states that a number written available empties its mapping, and writes the number before the mapping', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const path = s.file(
      'both.yaml',
      `version: 1
carrier_groups:
  - name: Carrier A
    endpoints: [{name: a1, hostname: 203.0.113.10}]
inbound_mappings:
  - did: "15557770002"
    group: Carrier A
numbers:
  - did: "+15557770002"
    status: available
`,
    );
    const text = await s.run(['plan', path]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('number +15557770002 → available: the platform creates inbound mapping 15557770002 with no servers');
    const json = await s.run(['plan', path, '--format', 'json']);
    const changes = (JSON.parse(json.stdout) as { changes: { kind: string; step: number }[] }).changes;
    const stepOf = (kind: string) => changes.find((c) => c.kind === kind)!.step;
    expect(stepOf('did_number')).toBeLessThan(stepOf('inbound_mapping'));
  });
});

describe('numbers with --target', () => {
  it('plans each target on its own: the one with the Numbers module gets the numbers, the one without is refused alone', async () => {
    const withModule = await emulatorFixture({ profile: 'current', empty: true });
    const without = await emulatorFixture({ profile: 'spec', empty: true });
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-numbers-targets-'));
    mkdirSync(join(dir, 'shared'));
    writeFileSync(join(dir, 'shared', 'numbers.yaml'), NUMBERS);
    const targets = join(dir, 'dsipform.targets.yaml');
    writeFileSync(
      targets,
      [
        'paths: [shared/]',
        'targets:',
        '  deployed:',
        `    url: ${withModule.emu.url}`,
        '    token: { env: TOKEN_DEPLOYED }',
        '  specified:',
        `    url: ${without.emu.url}`,
        '    token: { env: TOKEN_SPECIFIED }',
        '',
      ].join('\n'),
    );
    const env = { TOKEN_DEPLOYED: withModule.emu.token, TOKEN_SPECIFIED: without.emu.token };
    const r = await runMain(['plan', '--targets', targets, '--target', 'all', '--format', 'json'], { env });
    const report = JSON.parse(r.stdout) as {
      targets: { name: string; status: string; error?: { code: string }; result?: { changes: { kind: string }[] } }[];
    };
    const [deployed, specified] = report.targets;
    expect(deployed!.result!.changes.map((c) => c.kind)).toEqual(['did_number', 'did_number', 'did_number']);
    expect(specified!.error?.code).toBe('NUMBERS_MODULE_MISSING');
  });
});
