import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(__dirname, '..', '..', 'bin', 'dsipform.js');

function run(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const RULES = `version: 1
proxy:
  timezone: Europe/London
outbound_routes:
  - name: all
    prefix: "1"
    carrier_group: Carrier A
  - name: night
    prefix: "1900"
    timerec: "20260101T180000|6H|daily"
    carrier_group: Carrier B
inbound_mappings:
  - did: "15551230001"
    servers: ["#7"]
`;

function write(invariants: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-inv-'));
  const file = join(dir, 'rules.yaml');
  writeFileSync(file, `${RULES}invariants:\n${invariants}`);
  return file;
}

/** The replay line of a violation, run through dsipform route: its answer must be the one the violation shows. */
function replay(file: string, output: string): void {
  const line = output.split('\n').find((l) => l.trim().startsWith('replay: dsipform route'));
  expect(line).toBeDefined();
  const args = (line as string).trim().replace('replay: dsipform route ', '').split(' ');
  const took = /took (.*?); so does/.exec(output)?.[1];
  const r = run(['route', ...args, '--format', 'json', file]);
  expect(r.code).toBe(0);
  const d = JSON.parse(r.stdout) as { result: string; rule?: { key: string } };
  if (took?.startsWith('no route')) expect(d.result).toBe('no_route');
  else expect(took).toContain(JSON.stringify(d.rule?.key));
}

describe('invariants in validate', () => {
  it.each([
    ['never routed, violated', '  - name: premium\n    never: { direction: outbound, to_prefix: "1900" }\n', 1],
    ['never reaches, violated', '  - never: { direction: outbound, to_prefix: "1900", reaches: { carrier_group: Carrier B } }\n', 1],
    [
      'never reaches outside the window, held',
      '  - never: { direction: outbound, to_prefix: "1900", during: "20260101T010000|2H|daily", reaches: { carrier_group: Carrier B } }\n',
      0,
    ],
    ['always reaches, violated', '  - always: { direction: outbound, to_prefix: "1900", reaches: { carrier_group: Carrier A } }\n', 1],
    ['always routed, held', '  - always: { direction: outbound, to_prefix: "1212" }\n', 0],
    ['always routed inbound, violated', '  - always: { direction: inbound, to_prefix: "1555" }\n', 1],
    ['every DID routed, held', '  - builtin: every_did_routed\n', 0],
    ['no dead rule, held', '  - builtin: no_dead_rule\n', 0],
  ])('%s', (_name, invariants, code) => {
    const file = write(invariants);
    const r = run(['validate', file]);
    expect(r.code).toBe(code);
    if (code === 1) {
      expect(r.stderr).toContain('ROUTING_INVARIANTS_FAILED');
      expect(r.stderr).toMatch(/FAIL .*rules\.yaml:\d+: invariant/);
      replay(file, r.stderr);
    } else expect(r.stderr).toMatch(/ok {3}.*invariant/);
  });

  it('places a bad prefix and a bad window at file:line:col', () => {
    const file = write('  - never: { direction: outbound, to_prefix: "19x" }\n  - always: { direction: inbound, during: "bad" }\n');
    const r = run(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/rules\.yaml:\d+:\d+: invariants\[0\]\.never\.to_prefix "19x"/);
    expect(r.stderr).toMatch(/rules\.yaml:\d+:\d+: invariants\[1\]\.always\.during/);
  });
});
