// How often V8 deoptimizes in the plan with the invariants block, on one shape of
// bench/invariants.mjs (issue 36 §2: the CPU the block adds through the CLI is largely the
// optimizing compiler's; a deopt throws compiled code away and compiles again). Runs the built CLI
// with `--trace-deopt-verbose` against the emulator, once without the block and once with it, and reports
// the number of deopts of each and, for the plan with the block, the functions of dist/routing and
// dist/model/time that deoptimized, with their reasons (counted).
//
//   npm run build && node bench/invariants-deopts.mjs [--shape lcrTimed] [--size 1000] [--root DIR]
// (--root: another build's root, e.g. a base copy, to count its deopts the same way. DEOPT_DUMP=PREFIX
// writes each raw trace to PREFIX-plan.txt / PREFIX-planWithInvariants.txt.) The count varies by
// some ±10 between runs (the compiler thread's timing): compare several runs, never one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INVARIANTS } from './invariants.mjs';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { itspYaml, writeGroupsOnlyData } from './lib/itsp-fixtures.mjs';

const arg = (name, dflt) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : dflt;
};
const shape = arg('--shape', 'lcrTimed');
const size = Number(arg('--size', '1000'));
const root = resolve(arg('--root', fileURLToPath(new URL('..', import.meta.url))));
const AT = ['--at', '2026-11-30T00:00:00', '--tz', 'America/New_York'];

/**
 * The deopts in one `--trace-deopt-verbose` trace: their count, and per function of routing/ and
 * model/time/, per reason. The CLI runs from a bundle: a deopt's position there is mapped to its
 * module by the next `__esm({"dist/…js"` wrapper after it (esbuild closes each module with it).
 */
function deopts(trace, bundleLines) {
  let fn = '?';
  let reason = '?';
  let count = 0;
  const ours = new Map();
  for (const line of trace.split('\n')) {
    const bail = /^\[bailout \(kind: deopt[^,]*, reason: ([^)]*)\).*<JSFunction ([^ >]+)/.exec(line);
    if (bail !== null) {
      [, reason, fn] = bail;
      count++;
      continue;
    }
    const at = /;;; deoptimize at <[^>]*cli\.cjs:(\d+):(\d+)>/.exec(line);
    if (at === null) continue;
    const after = (bundleLines[Number(at[1]) - 1] ?? '').slice(Number(at[2]));
    const src = /__esm\(\{"dist\/([^"]+)"/.exec(after)?.[1];
    if (src === undefined || !/^(routing|model\/time)\//.test(src)) continue;
    const key = `${src} ${fn}: ${reason}`;
    ours.set(key, (ours.get(key) ?? 0) + 1);
  }
  return { count, ours: [...ours].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${n} ${key}`) };
}

const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-deopts-'));
const emu = await forkEmulator({ dataFile: writeGroupsOnlyData(join(dir, 'groups.json')) });
try {
  const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
  const bundle = readFileSync(join(root, 'dist/bundle/cli.cjs'), 'utf8').split('\n');
  const out = {};
  for (const [name, text] of [
    ['plan', itspYaml(shape, size)],
    ['planWithInvariants', `${itspYaml(shape, size)}${INVARIANTS}`],
  ]) {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, text);
    const cli = join(root, 'bin/dsipform.js');
    const args = ['--trace-deopt-verbose', cli, 'plan', file, '--url', emu.url, '--force', ...AT];
    const run = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (process.env.DEOPT_DUMP) writeFileSync(`${process.env.DEOPT_DUMP}-${name}.txt`, run.stdout);
    out[name] = deopts(run.stdout, bundle);
  }
  console.log(JSON.stringify({ shape, size, root, ...out }, null, 2));
} finally {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
}
