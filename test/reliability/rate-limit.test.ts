import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';

const TOKEN = 'rate-limit-token-0123456789abcdef';
let emulator: EmulatorProcess | undefined;
afterEach(async () => {
  await emulator?.stop();
  emulator = undefined;
});

function routes(n: number): string {
  const lines = ['version: 1', 'outbound_routes:'];
  for (let i = 0; i < n; i += 1) lines.push(`  - name: route ${i}`, `    prefix: "${1000 + i}"`, '    gwgroupid: "2"');
  return `${lines.join('\n')}\n`;
}

describe('a rate-limited platform', () => {
  it('slows an apply of 60 creates down but fails none of them (Retry-After honoured, 429s not counted as errors)', async () => {
    emulator = await startEmulatorProcess(['--rate-limit', '20'], { DSIP_TOKEN: TOKEN });
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-rate-'));
    const file = join(dir, 'routes.yaml');
    writeFileSync(file, routes(60));
    const report = join(dir, 'report.json');
    const r = await runCli(
      // --force: the file deletes the fresh install's default route, which leaves calls unrouted.
      ['apply', file, '--url', emulator.url, '--auto-approve', '--force', '--format', 'json', '--parallelism', '32', '--report', report],
      { DSIP_TOKEN: TOKEN },
    );
    const written = JSON.parse(readFileSync(report, 'utf8'));
    const creates = written.outcomes.filter((o: { action: string }) => o.action === 'create');
    expect(creates.map((o: { status: string }) => o.status)).toEqual(Array(60).fill('applied'));
    expect(written.counts).toMatchObject({ failed: 0, not_attempted: 0 });
    expect(r.stderr).not.toMatch(/API_RATE_LIMITED/);
    expect(r.code).toBe(0);
    // The limit was really hit: some request of the run was answered 429.
    expect(written.requests.some((q: { status: number | null }) => q.status === 429)).toBe(true);
    const again = await runCli(['plan', file, '--url', emulator.url, '--detailed-exitcode'], { DSIP_TOKEN: TOKEN });
    expect(again.code).toBe(0);
  }, 60_000);
});
