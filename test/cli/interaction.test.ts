import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { onTerminal } from '../helpers/terminal.js';
import { scenario } from '../helpers/scenario.js';
import { startCli } from '../reliability/processes.js';

function mappings(n: number): string {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < n; i += 1) lines.push(`  - did: "3000${i}"`, '    servers: ["1"]');
  return `${lines.join('\n')}\n`;
}

describe('the approval prompt', () => {
  it.each([
    ['Ctrl-C', 130, '\x03'],
    ['Ctrl-D', 1, '\x04'],
    ['"no"', 1, 'no\r'],
  ])(
    '%s cancels cleanly: nothing changed, exit %i',
    async (_name, exit, keys) => {
      const s = await scenario();
      const path = s.file('p.yaml', mappings(2));
      const r = await onTerminal(s.env, ['apply', path], /Enter a value: /, keys);
      expect(r.screen).toContain('Apply cancelled; nothing was changed.');
      expect(r.screen).not.toMatch(/internal error|AbortError/);
      expect(r.code).toBe(exit);
      expect(await s.client.listInboundMappings()).toEqual([]);
    },
    30_000,
  );
});

describe('stdout closed while an apply runs (| head -1)', () => {
  it('finishes the apply, reloads, writes the report, then fails with a clear error', async () => {
    const s = await scenario({ faults: { latencyMs: 10, seed: 3 } });
    const path = s.file('p.yaml', mappings(60));
    const report = join(s.dir, 'report.json');
    const child = spawn(
      process.execPath,
      [CLI, 'apply', path, '--auto-approve', '--format', 'json', '--parallelism', '2', '--report', report],
      { env: { PATH: process.env.PATH, NO_COLOR: '1', ...s.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let first = '';
    child.stdout.on('data', (d: Buffer) => {
      first += d.toString();
      // As `head -1` does: read the first line, then go away.
      if (first.includes('\n')) child.stdout.destroy();
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(first).toMatch(/^\{"event":"change"/);
    expect(stderr).not.toMatch(/internal error|EPIPE|at \S+ \(/);
    expect(stderr).toMatch(
      /error \(OUTPUT_CLOSED\): standard output was closed while the apply ran .*the apply went on to its end: 60 applied, 0 failed, 0 not attempted; the proxy was reloaded/,
    );
    expect(stderr).toContain(`hint: Every outcome is in ${report}.`);
    expect(code).toBe(1);
    expect(await s.client.listInboundMappings()).toHaveLength(60);
    expect((await s.client.raw('GET', '/inboundmapping')).kamreload).toBe(false);
    const written = JSON.parse(readFileSync(report, 'utf8'));
    expect(written).toMatchObject({ interrupted: false, reloaded: true, counts: { applied: 60, failed: 0, not_attempted: 0 } });
  }, 60_000);

  it('a command with nothing left to do still exits non-zero, without a crash', async () => {
    const s = await scenario();
    const path = s.file('p.yaml', mappings(2000)); // a plan larger than a pipe's buffer
    const child = spawn(process.execPath, [CLI, 'plan', path], {
      env: { PATH: process.env.PATH, NO_COLOR: '1', ...s.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(stderr).not.toMatch(/internal error|EPIPE/);
    expect(stderr).toMatch(/error \(OUTPUT_CLOSED\): standard output was closed before all the output was written/);
    expect(code).toBe(1);
  }, 30_000);
});

describe('Ctrl-C during an apply', () => {
  it('says "Apply interrupted" and counts the changes not attempted by kind instead of listing each', async () => {
    const s = await scenario({ faults: { latencyMs: 30, seed: 1 } });
    const path = s.file('p.yaml', mappings(200));
    const report = join(s.dir, 'report.json');
    const run = startCli(['apply', path, '--auto-approve', '--parallelism', '2', '--report', report], s.env);
    // Above 100 changes, a non-terminal stdout gets progress lines, not one line per change (issue 18).
    await run.waitFor(/^applying: \d+\/200 changes done/m);
    run.child.kill('SIGINT');
    const [code] = await run.exit();
    expect(code).toBe(130);
    const written = JSON.parse(readFileSync(report, 'utf8'));
    const notAttempted = written.counts.not_attempted as number;
    expect(notAttempted).toBeGreaterThan(100);
    expect(run.out.stdout).not.toMatch(/^not attempted /m);
    expect(run.out.stdout).toContain(
      `Not attempted, interrupted before they started: ${notAttempted} changes (${report} lists each one):\n  inbound_mapping: ${notAttempted} to create\n`,
    );
    expect(run.out.stdout.trimEnd().split('\n').at(-1)).toBe(
      `Apply interrupted: ${written.counts.applied} applied, 0 failed, ${notAttempted} not attempted. Proxy reloaded.`,
    );
    expect(run.out.stdout.split('\n').length).toBeLessThan(200 * 13); // the plan's blocks, not one line per change twice
  }, 60_000);

  it('keeps the progress bar where it stopped on a terminal', async () => {
    const s = await scenario({ faults: { latencyMs: 30, seed: 1 } });
    const path = s.file('p.yaml', mappings(100));
    const r = await onTerminal(s.env, ['apply', path, '--auto-approve', '--parallelism', '2'], /applying \[[^\]]*\] [1-9]\d*\/100/, '\x03');
    expect(r.code).toBe(130);
    const bars = [...r.screen.matchAll(/applying \[[^\]]*\] (\d+)\/100 changes, 0 failed(, interrupted)?/g)];
    const last = bars.at(-1)!;
    expect(last[2]).toBe(', interrupted');
    expect(Number(last[1])).toBeLessThan(100);
    expect(r.screen).toMatch(/Apply interrupted: \d+ applied, 0 failed, \d+ not attempted\./);
    expect(r.screen).not.toContain('Apply complete');
  }, 60_000);

  it('a second Ctrl-C stops at once and still writes what is known to the report, marked interrupted', async () => {
    const s = await scenario({ faults: { latencyMs: 1000, seed: 1 } }); // a change sent stays in flight at least 500 ms
    const path = s.file('p.yaml', mappings(40));
    const report = join(s.dir, 'report.json');
    const run = startCli(['apply', path, '--auto-approve', '--parallelism', '4', '--report', report], s.env);
    await run.waitFor(/^applied /m);
    run.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 50));
    run.child.kill('SIGINT');
    const [code] = await run.exit();
    expect(code).toBe(130);
    expect(run.out.stderr).toMatch(
      /Stopped at once: \d+ applied, 0 failed, \d+ changes? in flight \(outcome unknown\), \d+ not attempted; the proxy was not reloaded\./,
    );
    expect(run.out.stderr).toContain(`What is known is in ${report}.`);
    const written = JSON.parse(readFileSync(report, 'utf8'));
    expect(written).toMatchObject({ format_version: 1, interrupted: true, stopped_at_once: true, reloaded: false });
    const { applied, failed, not_attempted, in_flight } = written.counts;
    expect(applied).toBeGreaterThan(0);
    expect(in_flight).toBeGreaterThan(0);
    expect(applied + failed + not_attempted + in_flight).toBe(40);
    expect(written.outcomes).toHaveLength(applied + failed + not_attempted);
    expect(written.in_flight).toHaveLength(in_flight);
    expect(statSync(report).mode & 0o077).toBe(0);
    // The platform holds at least what the report says was applied.
    expect((await s.client.listInboundMappings()).length).toBeGreaterThanOrEqual(applied);
  }, 60_000);
});
