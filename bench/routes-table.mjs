// `dsipform routes` of a whole table (issue 26, Speed): the whole CLI, spawn to exit, on 10,000
// inbound mappings and 5,000 outbound routes, of which 1,500 are LCR routes (From prefixes 1555 and
// 1556) and 300 carry a weekly time recurrence (office hours over a plain route of the same
// prefix, so their classes split by time). Measured, interleaved:
//   - files:     `dsipform routes FILE` (the table of the files, no network), as text and as JSON;
//   - live:      `dsipform routes --live` against the emulator holding the same objects, JSON;
//   - diff:      `dsipform routes --diff FILE` against that emulator, the files changing 1 object
//                in 100 (another carrier group or gateway): read, plan, the difference, JSON.
// The emulator runs in its own process. Goal: the table of the whole set in at most 2 s (wall
// time, spawn to exit; the CPU time the CLI process used is reported beside it).
//
//   node bench/routes-table.mjs [--quick] [--runs N] [--json]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { rulesYaml, singleTargetMappingAt, writeRulesEmulatorData } from './lib/fixtures.mjs';
import { timeToExit } from './lib/spawn.mjs';
import { interleaved, median, round } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../bin/dsipform.js', import.meta.url));
// Reports the CPU time of the process at its exit: on a shared machine, wall time swings with the
// load of others, CPU time much less; both are reported.
const USAGE = fileURLToPath(new URL('lib/report-rss.mjs', import.meta.url));
const GOAL_MS = 2000;
// The start of the time examined, pinned so every run examines the same week.
const AT = ['--at', '2026-11-30T00:00:00', '--tz', 'America/New_York'];

/**
 * Route `i` of `n`: 3 in 10 are LCR (From 1555 or 1556 on their own prefix); 3 in 50 are office
 * hours (weekdays from 08:00 to 12:00, 8 hours) over the plain route of the prefix 3 further on.
 */
function routeAt(i, shift = 0) {
  const gwgroupid = String(1 + ((i + shift) % 9));
  const base = { name: `Route ${i}`, prefix: String(100_000 + i), gwgroupid, priority: i % 10 };
  if (i % 10 < 3) return { ...base, from_prefix: i % 2 === 0 ? '1555' : '1556' };
  if (i % 50 >= 3 && i % 50 < 6) {
    const hour = String(8 + (i % 5)).padStart(2, '0');
    return { ...base, prefix: String(100_000 + i + 3), priority: 20, timerec: `20260101T${hour}0000|8H|weekly|||MO,TU,WE,TH,FR` };
  }
  return base;
}

/** The catch-all route, so no class is left without a route. */
const DEFAULT_ROUTE = { name: 'Default', prefix: '', gwgroupid: '1' };
const OBJECTS = { mappingOf: singleTargetMappingAt, routeOf: routeAt, extra: [DEFAULT_ROUTE] };

/** Runs the variants interleaved; resolves to their medians and the number of spans each printed. */
export async function run({ quick = false, runs } = {}) {
  const counts = quick ? { mappings: 1_000, routes: 500 } : { mappings: 10_000, routes: 5_000 };
  const n = runs ?? (quick ? 3 : 5);
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-routes-'));
  const emu = await forkEmulator({ dataFile: writeRulesEmulatorData(join(dir, 'emulator.json'), counts, OBJECTS) });
  try {
    const same = join(dir, 'same.yaml');
    const some = join(dir, 'some.yaml');
    writeFileSync(same, rulesYaml(counts, OBJECTS));
    writeFileSync(some, rulesYaml(counts, { ...OBJECTS, shift: (i) => (i % 100 === 0 ? 1 : 0) }));
    const usageFile = join(dir, 'usage.jsonl');
    const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1', BENCH_RSS_FILE: usageFile };
    const spans = {};
    const cpu = {};
    const cli =
      (name, args, okCodes = [0]) =>
      async () => {
        writeFileSync(usageFile, '');
        const r = await timeToExit(process.execPath, ['--import', USAGE, CLI, 'routes', ...args, ...AT], { env, okCodes });
        if (args.includes('json')) spans[name] = JSON.parse(r.stdout).spans.length;
        (cpu[name] ??= []).push(JSON.parse(readFileSync(usageFile, 'utf8').trim().split('\n').pop()).cpuMs);
        return r.ms;
      };
    const variants = {
      filesText: cli('filesText', [same]),
      filesJson: cli('filesJson', [same, '--format', 'json']),
      liveJson: cli('liveJson', ['--live', '--url', emu.url, '--format', 'json']),
      diffJson: cli('diffJson', ['--diff', some, '--url', emu.url, '--format', 'json']),
    };
    await variants.filesJson(); // warm the file cache and the emulator
    delete cpu.filesJson;
    const t = await interleaved(n, variants);
    const ms = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.medianMs]));
    const cpuMs = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, round(median(v), 1)]));
    const worst = Math.max(ms.filesText, ms.filesJson, ms.liveJson);
    return {
      objects: { ...counts, lcr: Math.ceil(counts.routes * 0.3), timerec: (counts.routes / 50) * 3 },
      runs: n,
      ms,
      samplesMs: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.samplesMs])),
      cpuMs,
      spans,
      goal: { tableMsAtMost: GOAL_MS, met: worst <= GOAL_MS },
    };
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--runs');
  const result = await run({ quick: process.argv.includes('--quick'), ...(at > 0 ? { runs: Number(process.argv[at + 1]) } : {}) });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 2));
}
