// The CLI's V8 tier-up budget (bin/dsipform.js RUN_FLAGS): the same commands run by several builds
// of the package (each its own bin/ over its own dist/, e.g. the base and copies whose launcher sets
// another `--interrupt-budget`), interleaved in rounds, the order of the builds rotated each round,
// so load drift hits every build alike. Per case and build: the median CPU time (user + system of
// the CLI's process) and wall time (spawn to exit), and each build's ratios to the first build.
// The cases are the long runs, where optimised code has time to pay off, and the plans of
// bench/invariants.mjs; the short runs are bench/startup-ratios.mjs's (--root, --baseline).
//
//   node bench/tier-up-budget.mjs --roots base=DIR,other=DIR[,...] [--rounds 3] [--cases a,b] [--json]
//
// Cases: planAt (a plan of 4,000 timed LCR routes at one instant), planInvariants (the same plan as
// users run it, from today, with bench/invariants.mjs's block), planMinutes (160 one-minute routes
// with the block), routesLcr (`routes` of the 4,000 timed LCR routes), routesMinutes (`routes` of
// the 160 one-minute routes, several seconds), planScale (no changes, 10,000 mappings and 5,000
// routes, as bench/plan-at-scale.mjs), apply (10,000 creates at parallelism 8 against a fresh
// emulator, as bench/apply-throughput.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { writeDesiredFiles, writeEmulatorData } from './lib/fixtures.mjs';
import { itspYaml, writeGroupsOnlyData } from './lib/itsp-fixtures.mjs';
import { cpuCounter } from './lib/spawn.mjs';
import { median, ratio, round } from './lib/stats.mjs';
import { INVARIANTS } from './invariants.mjs';

const AT = ['--at', '2026-11-30T00:00:00', '--tz', 'America/New_York'];
const NOW = ['--tz', 'America/New_York'];
const SCALE = { mappings: 10_000, routes: 5_000 };
const CREATES = 10_000;

/** Each case: its files and emulator made once (`setup`), and the command of one run (`args`, with an emulator of its own when `fresh`). */
function cases(dir) {
  const itsp = (shape, k, block = '') => {
    const file = join(dir, `${shape}-${k}${block ? '-inv' : ''}.yaml`);
    writeFileSync(file, `${itspYaml(shape, k)}${block}`);
    return file;
  };
  let creates;
  const groups = () => forkEmulator({ dataFile: writeGroupsOnlyData(join(dir, 'groups.json')) });
  return {
    planAt: { setup: groups, args: (url) => ['plan', itsp('lcrTimed', 4_000), '--url', url, ...AT] },
    planInvariants: { setup: groups, args: (url) => ['plan', itsp('lcrTimed', 4_000, INVARIANTS), '--url', url, '--force', ...NOW] },
    planMinutes: { setup: groups, args: (url) => ['plan', itsp('minutes', 160, INVARIANTS), '--url', url, '--force', ...NOW] },
    routesLcr: { args: () => ['routes', itsp('lcrTimed', 4_000), '--format', 'json', ...AT] },
    routesMinutes: { args: () => ['routes', itsp('minutes', 160), '--format', 'json', ...AT] },
    planScale: {
      setup: () => forkEmulator({ dataFile: writeEmulatorData(join(dir, 'scale.json'), SCALE) }),
      args: (url) => ['plan', writeDesiredFiles(join(dir, 'scale'), SCALE).yaml, '--url', url, '--detailed-exitcode'],
    },
    apply: {
      fresh: true,
      args: (url) => [
        'apply',
        (creates ??= writeDesiredFiles(join(dir, 'creates'), { mappings: CREATES, routes: 0 }).yaml),
        '--url',
        url,
        '--auto-approve',
        '--parallelism',
        '8',
      ],
    },
  };
}

/** Runs `rounds` rounds of each chosen case on every build; resolves to medians and ratios to the first build. */
export async function run({ roots, rounds = 3, only }) {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-budget-'));
  const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
  const names = Object.keys(roots);
  const results = {};
  try {
    for (const [name, c] of Object.entries(cases(dir))) {
      if (only && !only.includes(name)) continue;
      const emu = c.setup ? await c.setup() : undefined;
      const args = c.args(emu?.url);
      const cpu = cpuCounter(dir);
      const wall = Object.fromEntries(names.map((n) => [n, []]));
      const load = [];
      try {
        const once = async (build, keep) => {
          const fresh = c.fresh ? await forkEmulator() : undefined;
          const cwd = join(dir, `cwd-${build}`);
          mkdirSync(cwd, { recursive: true });
          try {
            const argv = fresh ? c.args(fresh.url) : args;
            const r = await cpu.timed(keep ? build : 'warm-up', [join(roots[build], 'bin', 'dsipform.js'), ...argv], {
              env,
              cwd,
              okCodes: [0],
            });
            if (keep) wall[build].push(r.ms);
          } finally {
            await fresh?.close();
          }
        };
        // One unmeasured run per build first: each writes or grows its code cache, as a user's second run finds it.
        for (const n of names) await once(n, false);
        for (let i = 0; i < rounds; i++) {
          load.push(loadavg()[0]);
          for (let j = 0; j < names.length; j++) await once(names[(i + j) % names.length], true);
        }
      } finally {
        await emu?.close();
      }
      const cpuMs = cpu.medians();
      const wallMs = Object.fromEntries(names.map((n) => [n, round(median(wall[n]), 0)]));
      const [first] = names;
      results[name] = {
        args: args.map((a = 'URL') => (a.startsWith(dir) ? a.slice(dir.length + 1) : a)).join(' '),
        load: load.map((l) => round(l, 2)),
        cpuMs: Object.fromEntries(names.map((n) => [n, round(cpuMs[n], 0)])),
        wallMs,
        cpuRatio: Object.fromEntries(names.map((n) => [n, ratio(cpuMs[n], cpuMs[first])])),
        wallRatio: Object.fromEntries(names.map((n) => [n, ratio(wallMs[n], wallMs[first])])),
        wallSamplesMs: Object.fromEntries(names.map((n) => [n, wall[n].map((x) => round(x, 0))])),
      };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rounds, builds: roots, results };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const value = (flag) => {
    const at = process.argv.indexOf(flag);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const roots = Object.fromEntries(
    (value('--roots') ?? '')
      .split(',')
      .filter(Boolean)
      .map((p) => p.split('='))
      .map(([n, d]) => [n, resolve(d)]),
  );
  if (Object.keys(roots).length < 2) throw new Error('--roots name=DIR,name=DIR: at least two builds');
  const result = await run({ roots, rounds: Number(value('--rounds') ?? 3), only: value('--cases')?.split(',') });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 2));
}
