import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** A desired-state file of `n` inbound mappings. */
function mappings(n: number): string {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < n; i += 1) lines.push(`  - did: "1555${String(i).padStart(7, '0')}"`, '    servers: ["16"]');
  return `${lines.join('\n')}\n`;
}

/** `dsipform apply` of `n` creates against the built-in emulator, stdout a pipe (not a terminal). */
async function applyCreates(n: number, extra: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-apply-output-'));
  const file = join(dir, 'platform.yaml');
  writeFileSync(file, mappings(n));
  const report = join(dir, 'report.json');
  const r = await runCli(['apply', file, '--emulator', '--auto-approve', '--report', report, ...extra], { NO_COLOR: '1' });
  return { ...r, report: JSON.parse(readFileSync(report, 'utf8')) as { outcomes: unknown[] } };
}

const OUTCOME_LINE = /^applied\s+\+ inbound_mapping /m;

describe('apply output when stdout is not a terminal (issue 18)', () => {
  it('keeps one line per change up to 100 changes', async () => {
    const r = await applyCreates(100);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => OUTCOME_LINE.test(l))).toHaveLength(100);
    expect(r.stdout).not.toContain('applying:');
  });

  it('prints progress lines instead of 101 outcome lines, and the report file still has every outcome', async () => {
    const r = await applyCreates(101);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(OUTCOME_LINE);
    const progress = r.stdout.split('\n').filter((l) => l.startsWith('applying: '));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.length).toBeLessThanOrEqual(11);
    expect(progress.at(-1)).toBe('applying: 101/101 changes done, 0 failed');
    expect(r.report.outcomes).toHaveLength(101);
  });

  it('still gives one JSON event per change with --format json', async () => {
    const r = await applyCreates(101, ['--format', 'json']);
    expect(r.code).toBe(0);
    const events = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { event: string });
    expect(events.filter((e) => e.event === 'change')).toHaveLength(101);
  });

  it('writes the whole plan before any progress line when the changes start while it is written (--auto-approve)', async () => {
    const n = 2_500; // some 20,000 lines of plan: written in parts while the first changes are under way
    const r = await applyCreates(n);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const summary = lines.indexOf(`Plan: ${n} to create, 0 to update, 0 to delete.`);
    expect(summary).toBeGreaterThan(0);
    expect(lines.findIndex((l) => l.startsWith('applying: '))).toBe(summary + 1);
    const plan = lines.slice(0, summary + 1).join('\n');
    for (const i of [0, 1, 1234, n - 1]) {
      const did = `1555${String(i).padStart(7, '0')}`;
      expect(plan.split(`# inbound_mapping "${did}" will be created`)).toHaveLength(2);
      expect(plan.split(`calls to ${did}…: no route → gateway 16 (mapping "${did}")`)).toHaveLength(2);
    }
    expect(plan).not.toMatch(/\n\n\n/);
    expect(lines.at(-2)).toBe(`Apply complete: ${n} applied, 0 failed, 0 not attempted. Proxy reloaded.`);
    expect(r.report.outcomes).toHaveLength(n);
  });
});
