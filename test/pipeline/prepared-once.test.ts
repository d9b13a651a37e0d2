// The rules after a plan are prepared for the simulation (routing/match.ts: loaded, indexed, each
// LCR pattern compiled) once per content and each LCR pattern compiled once (routing/prepared-share.ts),
// though the routing impact, the lints, the routing tests and the invariants each build a rule set
// of their own from them (issue 36 §2: at 4,000 per-customer LCR routes, preparing the checks' copy
// again was about half of deciding class 1's callers). Counted as the work done, not timed: the
// loads of the whole rule set and the patterns compiled, through the library's planDesired against
// the emulator over loopback, from a real file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadDesiredState, planDesired } from '../../src/index.js';
import { emulatorFixture } from '../helpers/emulator.js';

// A preparation indexes the set's LCR records (routing/match.ts, its only caller); a compile of a
// pattern makes its parts beside its regular expression.
const work = vi.hoisted(() => ({ prepared: [] as number[], compiled: [] as string[] }));
vi.mock('../../src/routing/lcr-index.js', async (original) => {
  const real = await original<typeof import('../../src/routing/lcr-index.js')>();
  return {
    ...real,
    indexLcrRecords: ((records) => {
      work.prepared.push(records.length);
      return real.indexLcrRecords(records);
    }) as typeof real.indexLcrRecords,
  };
});
vi.mock('../../src/routing/lcr-match.js', async (original) => {
  const real = await original<typeof import('../../src/routing/lcr-match.js')>();
  return {
    ...real,
    lcrParts: (...args: Parameters<typeof real.lcrParts>) => {
      work.compiled.push(args[0]);
      return real.lcrParts(...args);
    },
  };
});

/** K per-customer LCR routes on prefix 1 (the bench's shape, bench/lib/itsp-fixtures.mjs), a catch-all, and invariants. */
function lcrFile(k: number): string {
  const lines = ['version: 1', 'outbound_routes:'];
  for (let i = 0; i < k; i++)
    lines.push(`  - { name: "Customer ${i}", prefix: "1", gwgroupid: "${1 + (i % 2)}", from_prefix: "${2000 + i}" }`);
  lines.push('  - { name: Default, prefix: "", gwgroupid: "1" }');
  lines.push(
    'invariants:',
    '  - builtin: no_dead_rule',
    '  - builtin: no_unreached_group',
    '  - name: area 2007 is never routed to the US',
    '    never: { direction: outbound, to_prefix: "1", from_prefix: "2007" }',
    // A set with a window of its own is decided in a table of its own, on the rules its calls can
    // meet (classes.ts `narrowedSets`): here all of them, a copy of the same rules.
    '  - name: area 2005 is routed in office hours',
    '    always: { direction: outbound, to_prefix: "1", from_prefix: "2005", during: "20260105T090000|8H|weekly|||MO,TU,WE,TH,FR" }',
    'routing_tests:',
    '  - { name: customer 3, direction: outbound, from: "2003", to: "15551234567", expect: { result: routed } }',
  );
  return `${lines.join('\n')}\n`;
}

describe('the rules after a plan, prepared once', () => {
  it('loads the whole rule set once per content and compiles each LCR pattern once, for the impact, lints, tests and invariants', async () => {
    const k = 40;
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-prepared-once-'));
    const file = join(dir, 'routes.yaml');
    writeFileSync(file, lcrFile(k));
    const loaded = await loadDesiredState([file]);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const { client } = await emulatorFixture();
    work.prepared.length = 0;
    work.compiled.length = 0;
    const result = await planDesired(client, loaded.desired, { at: '2026-11-30T00:00:00', tz: 'America/New_York', force: true });
    // The checks ran on the rules after the plan: the impact, the test, the invariants.
    expect(result.plan.routing_impact?.length ?? 0).toBeGreaterThan(0);
    expect(result.routing_tests.map((t) => t.status)).toEqual(['passed']);
    expect(result.invariants.map((i) => i.status)).toEqual(['held', 'violated', 'violated', 'violated']);
    expect(result.invariants[2]?.counterexample?.from).toBe('2007');
    // Two orders of the same rules (the impact's, the platform's; the checks', the files'): one
    // preparation each; before, the office hours' copy was prepared again.
    expect(work.prepared.filter((n) => n === k)).toHaveLength(2);
    // Each pattern compiled at most once, though two orders of the rules were prepared (before: once
    // per copy, 3 × K); a pattern is compiled only when a lookup needs its expression (lcr-match.ts
    // matches most lookups on the pattern's texts).
    expect(work.compiled.length).toBeLessThanOrEqual(k);
    expect(new Set(work.compiled).size).toBe(work.compiled.length);
  });
});
