// Issue 35 §4: a managed inbound mapping the Numbers module emptied (its number written while
// `available`: servers wiped, renamed to the DID) is named by `drift` and `plan` with the number,
// in every format (MAPPING_EMPTIED_BY_NUMBERS), and the finding says whether the plan's repair holds.
// The CLI as a process against the `current` emulator over loopback; the platform changed behind
// the files through the client, as the Numbers page would.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { emulatorFixture, type EmulatorFixture } from '../helpers/emulator.js';

const MAPPING = 'inbound_mappings:\n  - did: "15551230001"\n    servers: ["#2"]\n    notes: Main office\n';
const POLICY = 'policy:\n  ignore:\n    inbound_mappings: ["*"]\n';

interface Emptied {
  code: string;
  key: string;
  ruleid: number;
  number: { id: number; did: string; status: string };
  repair_holds: boolean;
  message: string;
  hint: string;
  origin?: { file: string; line: number; col: number };
}

/** The mapping applied from the files, then emptied by creating its number `available` behind them. */
async function emptied(numbers = ''): Promise<{ fx: EmulatorFixture; file: string; env: NodeJS.ProcessEnv; url: string[] }> {
  const fx = await emulatorFixture({ profile: 'current' });
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-coexistence-'));
  const file = join(dir, 'platform.yaml');
  writeFileSync(file, `version: 1\n${MAPPING}${POLICY}`);
  const env = { DSIP_TOKEN: fx.emu.token, DSIP_API_PROFILE: 'current' };
  const url = ['--url', fx.emu.url];
  const apply = await runCli(['apply', file, ...url, '--auto-approve'], env);
  expect(apply.code, apply.stderr).toBe(0);
  await fx.client.createNumber({ did: '15551230001', status: 'available' });
  const held = (await fx.client.listInboundMappings()).find((m) => m.did === '15551230001');
  expect(held).toMatchObject({ servers: [''], notes: '15551230001' });
  writeFileSync(file, `version: 1\n${MAPPING}${numbers}${POLICY}`);
  return { fx, file, env, url };
}

function ajv(): Ajv2020 {
  const a = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  a.addSchema(JSON.parse(readFileSync('schemas/plan.schema.json', 'utf8')) as object);
  return a;
}

describe('a managed mapping the Numbers module emptied', () => {
  it('drift names it and its number in text, markdown and JSON (drift.schema.json); the repair holds since creating the mapping marks the number assigned', async () => {
    const { file, env, url } = await emptied();
    const text = await runCli(['drift', file, ...url], env);
    expect(text.code, text.stderr).toBe(2);
    expect(text.stdout).toContain('Emptied by the Numbers module (1 inbound mapping):');
    expect(text.stdout).toMatch(
      /warning \(MAPPING_EMPTIED_BY_NUMBERS\): .*platform\.yaml:3:5: inbound mapping "15551230001" \(ruleid \d+\) was emptied by the Numbers module: number "15551230001" \(id 1\) is available/,
    );
    expect(text.stdout).toContain('which makes the platform mark the number assigned, so the repair holds');

    const md = await runCli(['drift', file, ...url, '--format', 'markdown'], env);
    expect(md.stdout).toContain('**Emptied by the Numbers module (1 inbound mapping):**');
    expect(md.stdout).toContain('`MAPPING_EMPTIED_BY_NUMBERS`');

    const json = await runCli(['drift', file, ...url, '--format', 'json'], env);
    const doc = JSON.parse(json.stdout) as { coexistence?: Emptied[] };
    const validate = ajv().compile(JSON.parse(readFileSync('schemas/drift.schema.json', 'utf8')) as object);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.coexistence).toEqual([
      expect.objectContaining({
        code: 'MAPPING_EMPTIED_BY_NUMBERS',
        key: '15551230001',
        number: { id: 1, did: '15551230001', status: 'available' },
        repair_holds: true,
      }),
    ]);
  });

  it('plan says it in text, markdown, HTML and a saved plan (plan.schema.json) that applies; afterwards the number is assigned and nothing is said', async () => {
    const { fx, file, env, url } = await emptied();
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-coexistence-plan-'));
    const saved = join(dir, 'plan.json');
    const text = await runCli(['plan', file, ...url, '--out', saved], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('warning (MAPPING_EMPTIED_BY_NUMBERS)');
    expect(text.stdout).toContain('number "15551230001" (id 1) is available');
    for (const [format, needle] of [
      ['markdown', '`MAPPING_EMPTIED_BY_NUMBERS`'],
      ['html', '<code>MAPPING_EMPTIED_BY_NUMBERS</code>'],
    ] as const) {
      const r = await runCli(['plan', file, ...url, '--format', format], env);
      expect(r.stdout, format).toContain(needle);
      expect(r.stdout, format).toMatch(/emptied by the Numbers module: number .{1,6}15551230001.{1,6} \(id 1\) is available/);
    }
    const plan = JSON.parse(readFileSync(saved, 'utf8')) as { coexistence?: Emptied[] };
    const validate = ajv().getSchema('https://dsipform.invalid/schemas/plan.schema.json')!;
    expect(validate(plan), JSON.stringify(validate.errors)).toBe(true);
    expect(plan.coexistence?.map((f) => [f.key, f.number.did, f.repair_holds])).toEqual([['15551230001', '15551230001', true]]);

    const applied = await runCli(['apply', ...url, '--plan', saved, '--auto-approve'], env);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect((await fx.client.listInboundMappings()).find((m) => m.did === '15551230001')).toMatchObject({ servers: ['#2'] });
    expect((await fx.client.listNumbers()).map((n) => n.status)).toEqual(['assigned']);
    const again = await runCli(['plan', file, ...url, '--detailed-exitcode'], env);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).not.toContain('MAPPING_EMPTIED_BY_NUMBERS');
  });

  it('the files declare the number available: the repair does not hold, said with what to do; declared assigned, it holds and applies for good', async () => {
    const available = 'numbers:\n  - did: "15551230001"\n    status: available\n';
    const { fx, file, env, url } = await emptied(available);
    const json = await runCli(['plan', file, ...url, '--format', 'json'], env);
    expect(json.code, json.stderr).toBe(0);
    const [finding] = (JSON.parse(json.stdout) as { coexistence: Emptied[] }).coexistence;
    expect(finding).toMatchObject({ key: '15551230001', repair_holds: false });
    expect(finding!.message).toMatch(/but the files declare the number available \(.*platform\.yaml:7:5\)/);
    expect(finding!.message).toContain('the platform empties the mapping again');
    expect(finding!.hint).toContain('status: assigned');
    // Applied as it stands, the loop the finding warns of: the next plan writes the number available again.
    expect((await runCli(['apply', file, ...url, '--auto-approve'], env)).code).toBe(0);
    const next = JSON.parse((await runCli(['plan', file, ...url, '--format', 'json'], env)).stdout) as {
      changes: { kind: string; action: string; after?: { status?: string } }[];
    };
    expect(next.changes).toContainEqual(
      expect.objectContaining({ kind: 'did_number', action: 'update', after: expect.objectContaining({ status: 'available' }) }),
    );

    // Declared assigned instead: the repair holds, and after apply the mapping routes and nothing is left.
    await fx.client.updateNumber(1, { status: 'available' });
    writeFileSync(file, `version: 1\n${MAPPING}numbers:\n  - did: "15551230001"\n    status: assigned\n${POLICY}`);
    const fixed = JSON.parse((await runCli(['plan', file, ...url, '--format', 'json'], env)).stdout) as { coexistence: Emptied[] };
    expect(fixed.coexistence.map((f) => f.repair_holds)).toEqual([true]);
    expect((await runCli(['apply', file, ...url, '--auto-approve'], env)).code).toBe(0);
    expect((await runCli(['plan', file, ...url, '--detailed-exitcode'], env)).code).toBe(0);
    expect((await fx.client.listInboundMappings()).find((m) => m.did === '15551230001')).toMatchObject({ servers: ['#2'] });
  }, 30_000);
});
