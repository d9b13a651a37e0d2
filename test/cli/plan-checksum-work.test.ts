/**
 * Issue 33 §4: a plan's live checksums (sha256 of the live state's canonical JSON, whole and per
 * collection) and the saved plan's checksum are shown only by `--format json|html` and written only
 * by `--out`; the text and markdown plans show neither. They were worked out for every plan (some
 * 20 ms of CPU for a no-change plan of 15,000 rules); now at their first read
 * (plan/live-checksum.ts `withLiveChecksums`) and the CLI saves a plan only for those outputs.
 * Counted here: the live state's texts given to the hash by one `plan` run. At the base (2b2320e)
 * a text plan hashed three (each collection, then the whole), as the JSON plan does.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readLive } from '../../src/apply/read-live.js';
import { checksumOfPieces, checksumOfText } from '../../src/plan/checksum.js';
import { liveChecksums } from '../../src/plan/live-checksum.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { runMain, type RunResult } from '../helpers/in-process.js';

// The hash's entry points, watched: their answers are the real ones.
vi.mock('../../src/plan/checksum.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/plan/checksum.js')>();
  return { ...actual, checksumOfPieces: vi.fn(actual.checksumOfPieces), checksumOfText: vi.fn(actual.checksumOfText) };
});

const dir = mkdtempSync(join(tmpdir(), 'dsipform-plan-checksum-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function usersFile(): string {
  const lines = ['version: 1', 'policy:', '  allow_unrouting: true', 'inbound_mappings:'];
  for (let i = 0; i < 20; i++) lines.push(`  - did: "${15_550_000_100 + i}"`, '    servers: ["1"]', `    notes: Customer ${i} — main line`);
  lines.push('outbound_routes:', '  - name: Default', '    prefix: ""', '    gwgroupid: "1"');
  const file = join(dir, 'users.yaml');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** One in-process CLI run with the emulator's token, at a fixed instant. */
function run(args: string[], token: string): Promise<RunResult> {
  return runMain(args, { env: { DSIP_TOKEN: token }, now: () => Date.parse('2026-11-30T12:00:00Z') });
}

/**
 * How many of the live state's texts the hash was given since the last clear: the whole (in pieces)
 * and each rule collection's part (its mappings' DIDs, its routes' prefixes). The groups a plan
 * depended on (`groups_checksum`, a few hundred characters) are not counted.
 */
function hashed(): number {
  const parts = vi.mocked(checksumOfText).mock.calls.filter(([text]) => text.includes('"did":') || text.includes('"prefix":'));
  return vi.mocked(checksumOfPieces).mock.calls.length + parts.length;
}

describe('the live checksums of a plan', () => {
  it('are not worked out for a text or markdown plan, and are the same in the JSON plan and the saved one', async () => {
    const { emu, client } = await emulatorFixture();
    const file = usersFile();
    const applied = await run(['apply', file, '--url', emu.url, '--auto-approve'], emu.token);
    expect(applied.code).toBe(0);

    for (const format of ['text', 'markdown']) {
      vi.mocked(checksumOfPieces).mockClear();
      vi.mocked(checksumOfText).mockClear();
      const r = await run(['plan', file, '--url', emu.url, '--detailed-exitcode', '--format', format], emu.token);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/No changes/);
      // Before: 3 (the mappings, the routes, the whole live state).
      expect(hashed()).toBe(0);
    }

    vi.mocked(checksumOfPieces).mockClear();
    vi.mocked(checksumOfText).mockClear();
    const out = join(dir, 'plan.json');
    const json = await run(['plan', file, '--url', emu.url, '--format', 'json', '--out', out], emu.token);
    expect(json.code).toBe(0);
    // Once for the JSON plan and the saved file together (and once for the plan's own checksum).
    expect(vi.mocked(checksumOfPieces).mock.calls.length).toBeGreaterThan(0);
    const shown = JSON.parse(json.stdout) as { live_checksum: string; live_checksums: Record<string, string>; managed: string[] };
    const saved = JSON.parse(readFileSync(out, 'utf8')) as typeof shown;
    expect(saved).toEqual(shown);
    const keys = Object.keys(shown);
    expect(keys.slice(keys.indexOf('managed'), keys.indexOf('managed') + 3)).toEqual(['managed', 'live_checksum', 'live_checksums']);
    const live = await readLive(client, ['inbound_mappings', 'outbound_routes']);
    const now = liveChecksums(live, ['inbound_mappings', 'outbound_routes']);
    expect(shown.live_checksum).toBe(now.whole);
    expect(shown.live_checksums).toEqual(now.each);
    expect(Object.keys(now.each)).toEqual(['inbound_mappings', 'outbound_routes']);
  }, 60_000);
});
