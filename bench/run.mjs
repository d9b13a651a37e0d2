// `npm run bench` (after `npm run build`): every benchmark of issue 8, each comparison measured in
// the same run, each figure a median of several runs. Prints one table and writes
// bench/results/bench.json (bench-quick.json with --quick, a short smoke version at smaller scale).
// No network: the emulator and terraform run on loopback, terraform from a filesystem mirror.
//
//   npm run bench [-- --quick] [-- --only plan,apply,terraform,memory,cold,impact]
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as applyThroughput from './apply-throughput.mjs';
import * as coldStart from './cold-start.mjs';
import * as planAtScale from './plan-at-scale.mjs';
import * as planMemory from './plan-memory.mjs';
import * as routingImpact from './routing-impact.mjs';
import * as terraformVsDsipform from './terraform-vs-dsipform.mjs';
import { tableRows, renderTable } from './lib/table.mjs';
import { msSince, round } from './lib/stats.mjs';

const SECTIONS = {
  cold: coldStart,
  plan: planAtScale,
  memory: planMemory,
  apply: applyThroughput,
  terraform: terraformVsDsipform,
  impact: routingImpact,
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1].split(',') : Object.keys(SECTIONS);

const started = process.hrtime.bigint();
const machine = {
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGiB: round(totalmem() / 2 ** 30, 1),
  node: process.version,
  terraform: terraformVsDsipform.terraformVersion() ?? 'not found',
  platform: `${process.platform} ${process.arch}`,
  loadAverageAtStart: loadavg().map((x) => round(x, 2)),
};
const results = {};
for (const name of only) {
  const section = SECTIONS[name];
  if (!section) throw new Error(`unknown section "${name}"; known: ${Object.keys(SECTIONS).join(', ')}`);
  const t = process.hrtime.bigint();
  process.stderr.write(`bench: ${name}${quick ? ' (quick)' : ''} ...`);
  try {
    results[name] = await section.run({ quick });
  } catch (err) {
    results[name] = { error: err instanceof Error ? err.message : String(err) };
    process.exitCode = 1;
  }
  process.stderr.write(` ${round(msSince(t) / 1000, 1)} s\n`);
}
machine.loadAverageAtEnd = loadavg().map((x) => round(x, 2));
const rows = tableRows(results, { quick });
const out = {
  date: new Date().toISOString(),
  quick,
  machine,
  totalSeconds: round(msSince(started) / 1000, 1),
  table: rows,
  results,
};
const file = fileURLToPath(new URL(`results/${quick ? 'bench-quick' : 'bench'}.json`, import.meta.url));
mkdirSync(fileURLToPath(new URL('results/', import.meta.url)), { recursive: true });
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(
  `\n${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, node ${machine.node}, ${machine.terraform}; load average ${machine.loadAverageAtStart.join(' ')} at start, ${machine.loadAverageAtEnd.join(' ')} at end${quick ? '; QUICK: smaller scale, fewer runs' : ''}\n`,
);
console.log(renderTable(rows));
console.log(`\n${out.totalSeconds} s in all; written to ${file}`);
