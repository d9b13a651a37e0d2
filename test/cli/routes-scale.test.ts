/**
 * The routing analysis at an ITSP's size (issue 36, part 2): K per-customer LCR routes on one To
 * prefix, each with its own From prefix of 4 digits, so any two (or three) share a caller of at
 * most 15 digits and tie. The table is about K rows (one per customer, one for callers holding two
 * or more prefixes), not one per pair; and the JSON of `routes` and `plan` is written in pieces,
 * never as one string.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { emulatorFixture } from '../helpers/emulator.js';

const dir = mkdtempSync(join(tmpdir(), 'dsipform-routes-scale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** K LCR routes on prefix 1, From prefixes 2000, 2001, …, with the catch-all route, as people write them. */
function customers(k: number): string {
  const lines = ['version: 1', 'policy:', '  allow_unrouting: true', 'outbound_routes:'];
  for (let i = 0; i < k; i++)
    lines.push(
      `  - name: Customer ${i} (area ${2000 + i})`,
      '    prefix: "1"',
      `    gwgroupid: "${1 + (i % 9)}"`,
      `    from_prefix: "${2000 + i}"`,
    );
  lines.push('  - name: Default', '    prefix: ""', '    gwgroupid: "1"');
  const file = join(dir, `customers-${k}.yaml`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Runs the CLI in this process; stdout is kept as the pieces it was written in. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; pieces: string[]; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const pieces: string[] = [];
  let err = '';
  stdout.on('data', (d: Buffer) => pieces.push(d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const io: CliIo = {
    stdin: new PassThrough(),
    stdinIsTTY: false,
    stdout,
    stderr,
    env: { NO_COLOR: '1', ...env },
    isTTY: false,
    secrets: new Set(),
    now: () => Date.parse('2026-11-30T12:00:00Z'),
  };
  const code = await main(['node', 'dsipform', ...args], io);
  return { code, pieces, stderr: err };
}

const AT = ['--at', '2026-11-30T00:00:00', '--tz', 'UTC'];
/** Pieces are about 64 KiB; one item (the tied callers' row, naming every customer) may be longer. */
const PIECE = 64 * 1024;

describe('routes and plan of 1,000 per-customer LCR routes', () => {
  it('gives about one row per customer, and one for the callers holding two or more of their prefixes', async () => {
    const k = 1000;
    const r = await run(['routes', customers(k), '--format', 'json', ...AT]);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.pieces.join('')) as {
      spans: {
        class: { from_parts: string[]; from_holds?: string; from: string };
        decisions: { result: string; candidates: unknown[] }[];
      }[];
    };
    // Classes: other numbers, no From part, each customer, the tied callers. Before: one per pair (about 500,000).
    expect(doc.spans.length).toBeLessThanOrEqual(k + 3);
    expect(doc.spans.length).toBeGreaterThanOrEqual(k + 2);
    const ties = doc.spans.filter((s) => s.class.from_holds === 'two_or_more');
    expect(ties).toHaveLength(1);
    expect(ties[0]?.class.from_parts).toHaveLength(k);
    expect(ties[0]?.class.from).toBe('20002001');
    expect(ties[0]?.decisions[0]?.result).toBe('ambiguous');
    expect(ties[0]?.decisions[0]?.candidates).toHaveLength(k);
  }, 60_000);

  it('writes the JSON of routes in pieces, never as one string', async () => {
    const r = await run(['routes', customers(1500), '--format', 'json', ...AT]);
    const total = r.pieces.reduce((n, p) => n + p.length, 0);
    expect(total).toBeGreaterThan(20 * PIECE);
    // Before: one piece, the whole document.
    expect(Math.max(...r.pieces.map((p) => p.length))).toBeLessThan(total / 4);
    expect(r.pieces.filter((p) => p.length <= 2 * PIECE).length).toBeGreaterThan(10);
    expect(JSON.parse(r.pieces.join('')).spans.length).toBeGreaterThan(1500);
  }, 60_000);

  it('writes the JSON of a plan creating them in pieces, the routing impact entry by entry', async () => {
    const { emu } = await emulatorFixture();
    const r = await run(['plan', customers(1500), '--url', emu.url, '--format', 'json', ...AT], { DSIP_TOKEN: emu.token });
    expect(r.stderr).not.toMatch(/error/);
    const total = r.pieces.reduce((n, p) => n + p.length, 0);
    expect(total).toBeGreaterThan(20 * PIECE);
    // Before: one piece, the whole document.
    expect(Math.max(...r.pieces.map((p) => p.length))).toBeLessThan(total / 4);
    expect(r.pieces.filter((p) => p.length <= 2 * PIECE).length).toBeGreaterThan(10);
    const plan = JSON.parse(r.pieces.join('')) as { routing_impact: { from_holds?: string }[]; changes: unknown[] };
    expect(plan.changes.length).toBeGreaterThanOrEqual(1500);
    expect(plan.routing_impact.filter((e) => e.from_holds === 'two_or_more')).toHaveLength(1);
    expect(plan.routing_impact.length).toBeLessThanOrEqual(1505);
  }, 60_000);
});
