// What the exact routing impact adds to a whole-CLI plan (issue 16, point 4; issue 26, part 1):
// `dsipform plan FILE` of 10,000 inbound mappings and 5,000 outbound routes (1,500 of them LCR, 300
// with a time recurrence), with the impact and without it (DSIPFORM_ROUTING_IMPACT=off, an internal
// switch the CLI reads for this measurement), interleaved in the same run, in three plans:
//   - some: the platform holds every object and the files change 1 in 100 (another gateway,
//     another carrier group): the everyday plan, 150 changed rules among 15,000, the routes among
//     them LCR routes with time recurrences, so their classes are decided in every window of a week;
//   - changes: the files change every object, so every class of calls is decided;
//   - creates: an empty platform, so every rule is created and every class decided.
// The emulator runs in its own process. Goals: the impact of 1 change in 100 at most 1.3× the plan
// without it, of every object changed (or created) at most 2×. Wall time (spawn to exit) and the CPU
// time the CLI process used are both measured.
//
//   node bench/routing-impact.mjs [--quick] [--runs N] [--json]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { routeAt, rulesYaml, singleTargetMappingAt, writeRulesEmulatorData } from './lib/fixtures.mjs';
import { timeToExit } from './lib/spawn.mjs';
import { interleaved, median, ratio, round } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../bin/dsipform.js', import.meta.url));
// Reports the CPU time of the process at its exit: on a shared machine, wall time swings with the
// load of others, CPU time much less; both are reported.
const USAGE = fileURLToPath(new URL('lib/report-rss.mjs', import.meta.url));

/** The time recurrences of the routes that have one: weekday evenings, office hours, weekends. */
const TIMERECS = ['20260101T180000|6H|weekly|||MO,TU,WE,TH,FR', '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR', '20260103T000000|P2D|weekly'];

/**
 * Route `i`, sent to the next carrier group when `shift` is 1: 3 in 10 LCR (from_prefix "1555"), 3
 * in 50 with a time recurrence (among them every route the 1-in-100 plan changes).
 */
function routeWith(i, shift = 0) {
  const r = routeAt(i);
  const lcr = i % 10 < 3 ? { from_prefix: '1555' } : {};
  const { from_prefix: _, ...simple } = r;
  const timed = [0, 7, 23].includes(i % 50) ? { timerec: TIMERECS[i % 3] } : {};
  return { ...simple, ...lcr, ...timed, gwgroupid: String(1 + ((Number(r.gwgroupid) - 1 + shift) % 9)) };
}

const OBJECTS = { mappingOf: singleTargetMappingAt, routeOf: routeWith };

/** Times `dsipform plan FILE` (wall and CPU) with and without the impact against one emulator, interleaved. */
async function measure(emulatorOptions, file, runs, dir) {
  const emu = await forkEmulator(emulatorOptions);
  const usageFile = join(dir, 'usage.jsonl');
  try {
    const env = (impact) => ({
      ...process.env,
      DSIP_TOKEN: TOKEN,
      NO_COLOR: '1',
      TZ: 'UTC',
      DSIPFORM_ROUTING_IMPACT: impact,
      BENCH_RSS_FILE: usageFile,
    });
    const cpu = { on: [], off: [] };
    const plan = (impact) => async () => {
      writeFileSync(usageFile, '');
      const r = await timeToExit(process.execPath, ['--import', USAGE, CLI, 'plan', file, '--url', emu.url, '--detailed-exitcode'], {
        env: env(impact),
        okCodes: [2],
      });
      const shown = r.stdout.includes('Routing impact (checked over');
      if (shown !== (impact === 'on')) throw new Error(`the plan ${shown ? 'shows' : 'lacks'} the routing impact with ${impact}`);
      cpu[impact].push(JSON.parse(readFileSync(usageFile, 'utf8').trim().split('\n').pop()).cpuMs);
      return r.ms;
    };
    await plan('on')(); // warm the file cache
    cpu.on.length = 0;
    const impactLines = (await timeToExit(process.execPath, [CLI, 'plan', file, '--url', emu.url], { env: env('on') })).stdout
      .split('\n')
      .filter((l) => l.startsWith('  calls to ')).length;
    const t = await interleaved(runs, { withImpact: plan('on'), withoutImpact: plan('off') });
    const cpuMs = { withImpact: round(median(cpu.on), 1), withoutImpact: round(median(cpu.off), 1) };
    return {
      impactLines,
      ms: { withImpact: t.withImpact.medianMs, withoutImpact: t.withoutImpact.medianMs },
      samplesMs: { withImpact: t.withImpact.samplesMs, withoutImpact: t.withoutImpact.samplesMs },
      ratio: ratio(t.withImpact.medianMs, t.withoutImpact.medianMs),
      cpuMs,
      cpuRatio: ratio(cpuMs.withImpact, cpuMs.withoutImpact),
    };
  } finally {
    await emu.close();
  }
}

/** Runs both plans; resolves to their medians (ms), the ratios and the goal. */
export async function run({ quick = false, runs } = {}) {
  const counts = quick ? { mappings: 1_000, routes: 500 } : { mappings: 10_000, routes: 5_000 };
  const n = runs ?? (quick ? 3 : 5);
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-impact-'));
  try {
    const file = (name, shift) => {
      writeFileSync(join(dir, name), rulesYaml(counts, { ...OBJECTS, shift }));
      return join(dir, name);
    };
    const data = { dataFile: writeRulesEmulatorData(join(dir, 'emulator.json'), counts, OBJECTS) };
    const some = await measure(
      data,
      file('some.yaml', (i) => (i % 100 === 0 ? 1 : 0)),
      n,
      dir,
    );
    const changes = await measure(
      data,
      file('changes.yaml', () => 1),
      n,
      dir,
    );
    // An empty platform but for the fresh install's groups, which the files refer to.
    const creates = await measure(
      { dataFile: writeRulesEmulatorData(join(dir, 'groups-only.json'), { mappings: 0, routes: 0 }, OBJECTS) },
      file('creates.yaml', () => 0),
      n,
      dir,
    );
    return { objects: counts, runs: n, some, changes, creates, goal: { someAtMost: 1.3, everyAtMost: 2 } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--runs');
  const result = await run({ quick: process.argv.includes('--quick'), ...(at > 0 ? { runs: Number(process.argv[at + 1]) } : {}) });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 2));
}
