// The plan's V8 code cache after a plan of a tiny file wrote it (bin/dsipform.js, GROWTH): the
// no-change plan of the users' file (bench/lib/user-fixtures.mjs, 10,000 mappings + 5,000 routes)
// timed in CPU (user + system of each process) with a cache the tiny plan wrote and with one the
// users'-file plan wrote itself, interleaved, medians. Run `npm run build` first.
//
//   node bench/code-cache-growth.mjs [--runs 7] [--root DIR] [--baseline DIR] [--json]
//
// --root DIR: the build measured (this tree by default); --baseline DIR: another build (e.g. the
// commit before) timed in the same rounds, each with a cache its own tiny plan wrote. Each variant
// keeps its cache in a folder of its own (DSIPFORM_CODE_CACHE), made an hour old once written (the
// launcher checks a cache written over a minute ago); the first round's runs are counted, so a build
// that rewrites the cache pays for it in the figures; the caches' sizes are reported at the end.
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { cpuCounter, timeToExit } from './lib/spawn.mjs';
import { interleaved } from './lib/stats.mjs';
import { writeUserFiles } from './lib/user-fixtures.mjs';

const HERE = fileURLToPath(new URL('..', import.meta.url));
// One new mapping, everything else the platform holds left alone: a plan that goes through (exit 0)
// and runs no route, recurrence or policy rule of the users' file.
const TINY =
  'version: 1\npolicy:\n  ignore:\n    outbound_routes: ["*"]\n    inbound_mappings: ["*"]\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["23"]\n';

/** Resolves to the CPU medians (ms) of each variant and the plan caches' sizes at the end. */
export async function run({ runs = 7, root = HERE, baseline } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-code-cache-'));
  const files = writeUserFiles(join(dir, 'user'), { mappings: 10_000, routes: 5_000 });
  const tiny = join(dir, 'tiny.yaml');
  writeFileSync(tiny, TINY);
  const emu = await forkEmulator({ dataFile: files.data });
  try {
    const cpu = cpuCounter(dir);
    const envOf = (cache) => ({ ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1', DSIPFORM_CODE_CACHE: join(dir, cache) });
    const plan = (cliRoot, file) => [join(cliRoot, 'bin', 'dsipform.js'), 'plan', file, '--url', emu.url];
    const builds = { after: root, ...(baseline ? { before: baseline } : {}) };
    // The caches each variant starts from: written by the tiny plan, or by the users'-file plan itself.
    for (const [name, cliRoot] of Object.entries(builds)) {
      await timeToExit(process.execPath, plan(cliRoot, tiny), { env: envOf(`${name}-tiny`) });
      await timeToExit(process.execPath, plan(cliRoot, files.yaml), { env: envOf(`${name}-own`) });
      const anHourAgo = new Date(Date.now() - 3_600_000);
      for (const start of ['tiny', 'own']) utimesSync(join(dir, `${name}-${start}`, 'cli.cjs.plan.v8-cache'), anHourAgo, anHourAgo);
    }
    const variants = {};
    for (const [name, cliRoot] of Object.entries(builds)) {
      for (const start of ['tiny', 'own']) {
        variants[`${name}-${start}`] = async () => {
          const r = await cpu.timed(`${name}-${start}`, plan(cliRoot, files.yaml), { env: envOf(`${name}-${start}`) });
          if (!/No changes/i.test(r.stdout)) throw new Error(`the plan of the users' file is not empty: ${r.stdout.slice(0, 400)}`);
          return r.ms;
        };
      }
    }
    const wall = await interleaved(runs, variants);
    const cacheBytes = Object.fromEntries(Object.keys(variants).map((v) => [v, statSync(join(dir, v, 'cli.cjs.plan.v8-cache')).size]));
    return { runs, cpuMs: cpu.medians(), wallMs: Object.fromEntries(Object.entries(wall).map(([k, v]) => [k, v.medianMs])), cacheBytes };
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const result = await run({
    ...(opt('--runs') ? { runs: Number(opt('--runs')) } : {}),
    ...(opt('--root') ? { root: resolve(opt('--root')) } : {}),
    ...(opt('--baseline') ? { baseline: resolve(opt('--baseline')) } : {}),
  });
  console.log(args.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 2));
}
