// Peak memory (maxRSS) of a plan of N inbound mappings (default 100,000), no changes: the real CLI
// (`dsipform plan FILE --detailed-exitcode`: loading the YAML file, reading N live mappings, diffing,
// printing) in a fresh process, its peak read by a preload (lib/report-rss.mjs). Beside it, in the
// same run, what each part costs alone: the loader on the same file (bench/loader-memory.mjs's
// child), the live read through the client (lib/read-live-child.mjs), and a bare `node`.
// The emulator, seeded from a data file built with its own store, runs in its own process.
//
//   node bench/plan-memory.mjs [--quick] [--json]
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { writeDesiredFiles, writeEmulatorData } from './lib/fixtures.mjs';
import { timeToExit } from './lib/spawn.mjs';
import { median, ratio, round } from './lib/stats.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const CLI = here('../bin/dsipform.js');
const PRELOAD = here('lib/report-rss.mjs');
const LOADER_CHILD = here('loader-memory.mjs');
const READ_LIVE = here('lib/read-live-child.mjs');

/** Runs `node [--import preload] args` and resolves to its peak RSS in MiB (and its wall time). */
async function peak(dir, args, okCodes = [0]) {
  const file = join(dir, `rss-${Math.random().toString(36).slice(2)}.jsonl`);
  const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1', BENCH_RSS_FILE: file };
  const r = await timeToExit(process.execPath, ['--import', PRELOAD, ...args], { env, okCodes });
  const { maxRssKiB } = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').pop());
  return { mib: maxRssKiB / 1024, ms: r.ms, stdout: r.stdout };
}

/** Runs the measurement; resolves to peak RSS medians (MiB) and ratios. */
export async function run({ quick = false } = {}) {
  const n = quick ? 10_000 : 100_000;
  const runs = 3;
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-mem-'));
  const emu = await forkEmulator({ dataFile: writeEmulatorData(join(dir, 'emulator.json'), { mappings: n }) });
  try {
    const files = writeDesiredFiles(join(dir, 'desired'), { mappings: n, routes: 0 });
    const samples = { cliPlan: [], loaderOnly: [], readLiveOnly: [], bareNode: [] };
    const ms = { cliPlan: [] };
    for (let r = 0; r < runs; r += 1) {
      const plan = await peak(dir, [CLI, 'plan', files.yaml, '--url', emu.url, '--detailed-exitcode']);
      if (!/No changes/.test(plan.stdout)) throw new Error(`the plan is not empty: ${plan.stdout.slice(0, 300)}`);
      samples.cliPlan.push(plan.mib);
      ms.cliPlan.push(plan.ms);
      const loader = await peak(dir, [LOADER_CHILD, '--child', files.yaml]);
      if (!JSON.parse(loader.stdout).ok) throw new Error('the loader failed on the file');
      samples.loaderOnly.push(loader.mib);
      const live = await peak(dir, [READ_LIVE, emu.url]);
      if (live.stdout.trim() !== `${n} 0`) throw new Error(`the live read found ${live.stdout.trim()}`);
      samples.readLiveOnly.push(live.mib);
      samples.bareNode.push((await peak(dir, ['-e', '0'])).mib);
    }
    const mib = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, round(median(xs), 1)]));
    return {
      mappings: n,
      fileBytes: statSync(files.yaml).size,
      runs,
      peakRssMiB: mib,
      maxPeakRssMiB: Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, round(Math.max(...xs), 1)])),
      cliPlanMedianMs: round(median(ms.cliPlan)),
      ratios: { cliPlanOverBareNode: ratio(mib.cliPlan, mib.bareNode), loaderOnlyOverCliPlan: ratio(mib.loaderOnly, mib.cliPlan) },
      goal: { peakRssMiBAtMost: 500 },
    };
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await run({ quick: process.argv.includes('--quick') });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 1));
}
