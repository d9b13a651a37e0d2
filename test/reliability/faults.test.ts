import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';

// The platform starts empty (no groups): every run says --allow-dangling, as the subject here is
// failure handling, not the references.

/** 700 mappings and 300 routes (a third of them LCR): 1,000 creates. */
function bigConfig(): string {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < 700; i += 1) lines.push(`  - did: "1555${String(i).padStart(6, '0')}"`, `    servers: ["${(i % 90) + 1}"]`);
  lines.push('outbound_routes:');
  for (let i = 0; i < 300; i += 1) {
    lines.push(`  - name: route ${i}`, `    prefix: "${1000 + i}"`, `    gwgroupid: "${(i % 9) + 1}"`);
    if (i % 3 === 0) lines.push(`    from_prefix: "77"`);
  }
  return `${lines.join('\n')}\n`;
}

describe('apply under faults', () => {
  it('applies 1,000 changes against --fault-rate 0.2 --drop-rate 0.05 in one run; nothing twice; then no changes', async () => {
    const s = await scenario({ empty: true, faults: { faultRate: 0.2, dropRate: 0.05, seed: 7 } });
    const path = s.file('big.yaml', bigConfig());
    const report = join(s.dir, 'report.json');
    const fast = ['--retry-base', '5', '--max-attempts', '12'];
    const r = await s.run(['apply', path, '--auto-approve', '--allow-dangling', '--parallelism', '16', '--report', report, ...fast]);
    expect(
      r.code,
      r.stdout
        .split('\n')
        .filter((l) => !l.startsWith('applied'))
        .join('\n') + r.stderr,
    ).toBe(0);
    const outcomes = JSON.parse(readFileSync(report, 'utf8')).outcomes as { status: string; attempts: number }[];
    expect(outcomes).toHaveLength(1000);
    expect(outcomes.every((o) => o.status === 'applied')).toBe(true);
    expect(outcomes.some((o) => o.attempts > 1)).toBe(true); // faults were met and survived
    // Count what exists with faults off (a second emulator client would see the same store).
    const again = await s.run(['plan', path, '--detailed-exitcode', '--allow-dangling', ...fast]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    const mappings = await retryList(() => s.client.listInboundMappings());
    const routes = await retryList(() => s.client.listOutboundRoutes());
    expect(mappings).toHaveLength(700);
    expect(new Set(mappings.map((m) => m.did)).size).toBe(700);
    expect(routes).toHaveLength(300);
    expect(new Set(routes.map((x) => x.name)).size).toBe(300);
  }, 120_000);
});

/** The fixture's client retries too, but the test reads until it gets an answer. */
async function retryList<T>(read: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i += 1) {
    try {
      return await read();
    } catch (err) {
      if (i > 20) throw err;
    }
  }
}
