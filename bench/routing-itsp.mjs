// The routing analysis at an ITSP's size (issue 36, part 2): `dsipform routes FILE --format json`
// and `dsipform plan FILE` (against an emulator holding the fresh install's groups only, so every
// route is created and every class of calls decided) on the four shapes of
// bench/lib/itsp-fixtures.mjs, each at two sizes, one run after the other in this one run:
//   - lcr:      1,000 and 4,000 per-customer LCR routes, equal-length From prefixes;
//   - lcrTimed: the same, each open one hour a day;
//   - minutes:  80 and 160 one-minute daily routes on one prefix and one route every 4 years;
//   - yearly:   500 and 1,000 prefixes, each with its own yearly recurrence.
// Reported per run: wall time (spawn to exit), the CLI's CPU time and peak RSS, the bytes `routes`
// wrote and its spans; per shape, the ratio of the larger size to the smaller (about the ratio of
// the sizes when the work grows linearly). Beside each plan, the same plan without the routing
// impact (DSIPFORM_ROUTING_IMPACT=off), to show what the analysis adds. The plans run at one instant
// (`--at`), as `routes` does; the plan as users run it (no `--at`: its impact covers the horizon
// from today, the longest period of the shape's recurrences, four years for the one-minute shape)
// is measured beside them (`planHorizon`). Goals: every run under 10 s and 500 MB.
//
//   node bench/routing-itsp.mjs [--quick] [--json]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { itspYaml, writeGroupsOnlyData } from './lib/itsp-fixtures.mjs';
import { timeToExit } from './lib/spawn.mjs';
import { ratio, round } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../bin/dsipform.js', import.meta.url));
const USAGE = fileURLToPath(new URL('lib/report-rss.mjs', import.meta.url));
const AT = ['--at', '2026-11-30T00:00:00', '--tz', 'America/New_York'];
/** The plan as users run it: the proxy's zone given, the clock read (the horizon starts today). */
const NOW = ['--tz', 'America/New_York'];
const SIZES = {
  lcr: [1_000, 4_000],
  lcrTimed: [1_000, 4_000],
  minutes: [80, 160],
  yearly: [500, 1_000],
};
const GOAL = { msAtMost: 10_000, rssMbAtMost: 500 };

/** One CLI run: wall ms, CPU ms, peak RSS (MB), stdout. */
async function measure(args, env, usageFile, okCodes) {
  writeFileSync(usageFile, '');
  const r = await timeToExit(process.execPath, ['--import', USAGE, CLI, ...args], { env, okCodes });
  const usage = JSON.parse(readFileSync(usageFile, 'utf8').trim().split('\n').pop());
  return { ms: round(r.ms, 0), cpuMs: round(usage.cpuMs, 0), rssMb: round((usage.maxRssKiB * 1024) / 1e6, 0), stdout: r.stdout };
}

/** Runs every shape at both sizes; resolves to the figures, the growth ratios and the goals. */
export async function run({ quick = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-itsp-'));
  const emu = await forkEmulator({ dataFile: writeGroupsOnlyData(join(dir, 'groups.json')) });
  const usageFile = join(dir, 'usage.jsonl');
  const env = (impact) => ({
    ...process.env,
    DSIP_TOKEN: TOKEN,
    NO_COLOR: '1',
    BENCH_RSS_FILE: usageFile,
    DSIPFORM_ROUTING_IMPACT: impact,
  });
  const results = {};
  try {
    for (const [shape, sizes] of Object.entries(SIZES)) {
      const rows = [];
      for (const full of sizes) {
        const k = quick ? Math.max(10, Math.round(full / 10)) : full;
        const file = join(dir, `${shape}-${k}.yaml`);
        writeFileSync(file, itspYaml(shape, k));
        const routes = await measure(['routes', file, '--format', 'json', ...AT], env('on'), usageFile, [0]);
        const plan = await measure(['plan', file, '--url', emu.url, ...AT], env('on'), usageFile, [0]);
        const bare = await measure(['plan', file, '--url', emu.url, ...AT], env('off'), usageFile, [0]);
        const horizon = await measure(['plan', file, '--url', emu.url, ...NOW], env('on'), usageFile, [0]);
        const { stdout, ...routesFigures } = routes;
        rows.push({
          k,
          routes: { ...routesFigures, bytes: stdout.length, spans: JSON.parse(stdout).spans.length },
          plan: { ms: plan.ms, cpuMs: plan.cpuMs, rssMb: plan.rssMb },
          planWithoutImpact: { ms: bare.ms, cpuMs: bare.cpuMs, rssMb: bare.rssMb },
          planHorizon: { ms: horizon.ms, cpuMs: horizon.cpuMs, rssMb: horizon.rssMb },
          impactAdds: ratio(plan.cpuMs, bare.cpuMs),
        });
      }
      const [a, b] = rows;
      results[shape] = {
        rows,
        growth: {
          size: round(b.k / a.k, 2),
          routesCpu: ratio(b.routes.cpuMs, a.routes.cpuMs),
          planCpu: ratio(b.plan.cpuMs, a.plan.cpuMs),
          planHorizonCpu: ratio(b.planHorizon.cpuMs, a.planHorizon.cpuMs),
        },
      };
    }
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const all = Object.values(results).flatMap((r) => r.rows.flatMap((row) => [row.routes, row.plan, row.planHorizon]));
  const met = all.every((x) => x.ms <= GOAL.msAtMost && x.rssMb <= GOAL.rssMbAtMost);
  return { quick, results, goal: { ...GOAL, met } };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await run({ quick: process.argv.includes('--quick') });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 2));
}
