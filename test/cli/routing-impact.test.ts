import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';

/**
 * The routing impact of a plan, through the built CLI as a process against the emulator as a
 * process: `plan` shows which calls go elsewhere, and `apply` refuses a plan that leaves calls with
 * no route unless --force (or policy.allow_unrouting), as it refuses mass deletes.
 */
const TOKEN = 'routing-impact-token-0123456789';
const env = { DSIP_TOKEN: TOKEN, TZ: 'UTC' };
const dir = mkdtempSync(join(tmpdir(), 'dsipform-impact-'));
const file = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const MAPPINGS =
  'version: 1\ninbound_mappings:\n  - did: "15551230001"\n    servers: ["16"]\n  - did: "15551230002"\n    servers: ["16"]\n';
const FEWER = 'version: 1\ninbound_mappings:\n  - did: "15551230001"\n    servers: ["17"]\n';

let emulator: EmulatorProcess;
let url: string;
const cli = (...args: string[]) => runCli([...args, '--url', url], env);

beforeAll(async () => {
  emulator = await startEmulatorProcess([], { DSIP_TOKEN: TOKEN });
  url = emulator.url;
  const created = await cli('apply', file('mappings.yaml', MAPPINGS), '--auto-approve');
  expect(created.code, created.stderr).toBe(0);
});
afterAll(async () => {
  await emulator.stop();
});

describe('routing impact, the CLI as a process', () => {
  it('plan shows a Routing impact section, one line per class of calls, and fails with the refusal apply would give', async () => {
    const r = await cli('plan', file('fewer.yaml', FEWER));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error \(PLAN_UNROUTING\): refused: the plan leaves 1 class of inbound calls/m);
    expect(r.stdout).toMatch(/^Routing impact \(checked at any time \(no time recurrence is involved\)\):$/m);
    expect(r.stdout).toContain('  calls to 15551230001…: gateway 16 → gateway 17 (mapping "15551230001")\n');
    expect(r.stdout).toContain('  calls to 15551230002…: gateway 16 (mapping "15551230002") → no route\n');
    expect(r.stdout).toMatch(/Refused without --force[\s\S]*The plan leaves 1 class of inbound calls that routes today with no route\./);
    expect(r.stdout).toContain('Routed them before: "15551230002".');
  });

  it('markdown and JSON plans carry it too', async () => {
    const md = await cli('plan', join(dir, 'fewer.yaml'), '--format', 'markdown', '--force');
    expect(md.stdout).toContain('- ⚠️ calls to 15551230002…: gateway 16 (mapping "15551230002") → no route');
    const json = JSON.parse((await cli('plan', join(dir, 'fewer.yaml'), '--format', 'json', '--force')).stdout);
    expect(json.routing_impact).toHaveLength(2);
    expect(json.routing_impact[1]).toMatchObject({
      direction: 'inbound',
      to: '15551230002',
      before: { result: 'routed', gwlist: '16', rule: { kind: 'inbound_mapping', key: '15551230002' } },
      after: { result: 'no_route', candidates: [] },
    });
    expect(json.safety[0]).toMatchObject({ rule: 'unrouting', collection: 'inbound_mappings', keys: ['15551230002'] });
  });

  it('apply of the saved plan is refused without --force, changing nothing, and applies with it', async () => {
    const saved = join(dir, 'plan.json');
    // plan fails as apply will, and still saves the plan for review.
    expect((await cli('plan', join(dir, 'fewer.yaml'), '--out', saved)).code).toBe(1);
    expect(JSON.parse(readFileSync(saved, 'utf8')).routing_impact).toHaveLength(2);
    const refused = await cli('apply', '--plan', saved, '--auto-approve');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^error \(PLAN_UNROUTING\): refused: the plan leaves 1 class of inbound calls that routes today with no route: calls to 15551230002… \(routed before by "15551230002"\)$/m,
    );
    expect(refused.stderr).toMatch(/^hint: .*apply with --force.*policy\.allow_unrouting: true/m);
    expect((await cli('plan', join(dir, 'mappings.yaml'), '--detailed-exitcode')).code).toBe(0);
    const forced = await cli('apply', '--plan', saved, '--auto-approve', '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect((await cli('plan', join(dir, 'fewer.yaml'), '--detailed-exitcode')).code).toBe(0);
  });

  it('policy.allow_unrouting: true lets apply go ahead without --force', async () => {
    expect((await cli('apply', join(dir, 'mappings.yaml'), '--auto-approve')).code).toBe(0);
    const allowed = file('allowed.yaml', `${FEWER}policy:\n  allow_unrouting: true\n`);
    const r = await cli('apply', allowed, '--auto-approve');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('calls to 15551230002…: gateway 16 (mapping "15551230002") → no route');
    expect(r.stdout).not.toMatch(/Refused without --force/);
  });
});
