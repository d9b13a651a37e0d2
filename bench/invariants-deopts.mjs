// How often V8 deoptimizes in the plan with the invariants block, on one shape of
// bench/invariants.mjs (issue 36 §2: the CPU the block adds through the CLI is largely the
// optimizing compiler's; a deopt throws compiled code away and compiles again). Runs the built CLI
// with `--trace-deopt` against the emulator, once without the block and once with it, and reports
// the number of deopts of each and, for the plan with the block, the functions of dist/routing and
// dist/model/time that deoptimized, with their reasons (counted).
//
//   npm run build && node bench/invariants-deopts.mjs [--shape lcrTimed] [--size 1000] [--root DIR]
// (--root: another build's root, e.g. a base copy, to count its deopts the same way. DEOPT_DUMP=PREFIX
// writes each raw trace to PREFIX-plan.txt / PREFIX-planWithInvariants.txt; DEOPT_FLAG=--trace-deopt-verbose
// adds each deopt's position in the bundle, `;;; deoptimize at <dist/bundle/cli.cjs:L:C>`.)
// The CLI runs from a bundle, whose trace names no source file: the per-file list is empty there,
// and the count is the measure (it varies by some ±10 between runs: the compiler thread's timing).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** The deopts in one trace: their count, and per function of routing/model/time, per reason. */
function deopts(trace) {
  const lines = trace.split('\n').filter((l) => l.startsWith('[bailout (kind: deopt'));
  const ours = new Map();
  for (const line of lines) {
    const fn = /<JSFunction ([^ >]+)/.exec(line)?.[1] ?? '?';
    const reason = /reason: ([^)]+)\)/.exec(line)?.[1] ?? '?';
    const src = /dist\/((?:routing|model\/time)\/[^:]+):/.exec(line)?.[1];
    if (src === undefined) continue;
    const key = `${src} ${fn}: ${reason}`;
    ours.set(key, (ours.get(key) ?? 0) + 1);
  }
  return { count: lines.length, ours: [...ours].sort((a, b) => b[1] - a[1]) };
}

const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-deopts-'));
const emu = await forkEmulator({ dataFile: writeGroupsOnlyData(join(dir, 'groups.json')) });
try {
  const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
  const out = {};
  for (const [name, text] of [
    ['plan', itspYaml(shape, size)],
    ['planWithInvariants', `${itspYaml(shape, size)}${INVARIANTS}`],
  ]) {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, text);
    const cli = join(root, 'bin/dsipform.js');
    const args = [process.env.DEOPT_FLAG ?? '--trace-deopt', cli, 'plan', file, '--url', emu.url, '--force', ...AT];
    const run = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (process.env.DEOPT_DUMP) writeFileSync(`${process.env.DEOPT_DUMP}-${name}.txt`, run.stdout);
    out[name] = deopts(run.stdout);
  }
  console.log(JSON.stringify({ shape, size, root, ...out }, null, 2));
} finally {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
}
