// Issue 18's table: each row a ratio of a whole dsipform process to a plain node floor, measured in
// the same run, runs interleaved (A B, A B, ...), medians. Run `npm run build` first.
//
//   node bench/startup-ratios.mjs [--runs 9] [--only validate,handshake,plan,apply] [--root DIR] [--json]
//
// --root DIR measures another build of the package (its bin/, over its dist/): e.g. a build of the
// previous commit, to record "before" beside "after" on the same machine in the same hour. The
// emulator, the fixtures and the floors always come from this tree.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { writeDesiredFiles, writeEmulatorData } from './lib/fixtures.mjs';
import { providerEnv } from './provider-handshake.mjs';
import { timeToExit, timeToFirstLine } from './lib/spawn.mjs';
import { interleaved, ratio, round } from './lib/stats.mjs';
import { rawPosts } from './apply-throughput.mjs';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const FLOOR = fileURLToPath(new URL('lib/floor.mjs', import.meta.url));
const HANDSHAKE_LINE = /^1\|6\|unix\|[^|]+\|grpc\|[A-Za-z0-9+/]+$/;
const FIVE_LINES = 'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["66"]\noutbound_routes: []\n';

const node = (args, opts) => timeToExit(process.execPath, args, opts);

/** `dsipform validate` of a 5-line file against `node -e 0`. */
async function validateRow(root, runs, dir) {
  const file = join(dir, 'five.yaml');
  writeFileSync(file, FIVE_LINES);
  const cli = join(root, 'bin', 'dsipform.js');
  const t = await interleaved(runs, {
    floor: async () => (await node(['-e', '0'])).ms,
    dsipform: async () => {
      const r = await node([cli, 'validate', file]);
      if (!r.stdout.startsWith('Valid: 1 file')) throw new Error(`validate said: ${r.stdout}${r.stderr}`);
      return r.ms;
    },
  });
  return { what: 'dsipform validate of a 5-line file', floorWhat: 'node -e 0', ...medians(t), goal: 1.6 };
}

/** Provider spawn to its go-plugin handshake line against node printing one line. */
async function handshakeRow(root, runs) {
  const env = await providerEnv();
  const provider = join(root, 'bin', 'terraform-provider-dsiprouter.js');
  const t = await interleaved(runs, {
    floor: async () => (await timeToFirstLine(['-e', 'console.log(1); setInterval(() => {}, 1000)'], {})).ms,
    dsipform: async () => {
      const { ms, line } = await timeToFirstLine([provider], env);
      if (!HANDSHAKE_LINE.test(line)) throw new Error(`not a handshake line: ${line}`);
      return ms;
    },
  });
  return { what: 'provider: spawn to its handshake line', floorWhat: 'node printing one line', ...medians(t), goal: 2.0 };
}

/** Whole-CLI plan, no changes, 10,000 mappings + 5,000 routes, against a node script that fetches and parses both lists. */
async function planRow(root, runs, dir, quick) {
  const counts = quick ? { mappings: 1_000, routes: 500 } : { mappings: 10_000, routes: 5_000 };
  const emu = await forkEmulator({ dataFile: writeEmulatorData(join(dir, 'emulator.json'), counts) });
  try {
    const files = writeDesiredFiles(join(dir, 'desired'), counts);
    const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
    const cli = join(root, 'bin', 'dsipform.js');
    const t = await interleaved(runs, {
      floor: async () => (await node([FLOOR, emu.url], { env })).ms,
      dsipform: async () => (await node([cli, 'plan', files.yaml, '--url', emu.url, '--detailed-exitcode'], { env })).ms,
    });
    return {
      what: `whole-CLI plan, no changes, ${counts.mappings} mappings + ${counts.routes} routes`,
      floorWhat: 'node script fetching and parsing both lists',
      ...medians(t),
      goal: 2.5,
    };
  } finally {
    await emu.close();
  }
}

/** Whole-CLI `apply --parallelism 8` of N creates against raw POSTs, each run on a fresh emulator; throughput ratio. */
async function applyRow(root, runs, dir, quick) {
  const n = quick ? 1_000 : 10_000;
  const files = writeDesiredFiles(join(dir, 'creates'), { mappings: n, routes: 0 });
  const cli = join(root, 'bin', 'dsipform.js');
  const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
  const fresh = async (measure) => {
    const emu = await forkEmulator();
    try {
      return await measure(emu.url);
    } finally {
      await emu.close();
    }
  };
  const t = await interleaved(runs, {
    floor: () => fresh((url) => rawPosts(url, n, 8)),
    dsipform: () =>
      fresh(async (url) => (await node([cli, 'apply', files.yaml, '--url', url, '--auto-approve', '--parallelism', '8'], { env })).ms),
  });
  const m = medians(t);
  // Throughput: the share of raw POST throughput the CLI reaches (higher is better).
  return {
    what: `whole-CLI apply --parallelism 8, ${n} creates`,
    floorWhat: 'raw POSTs, 8 workers',
    ...m,
    throughputShare: ratio(m.floorMs, m.dsipformMs),
    goalShare: 0.7,
  };
}

function medians(t) {
  return {
    dsipformMs: t.dsipform.medianMs,
    floorMs: t.floor.medianMs,
    ratio: ratio(t.dsipform.medianMs, t.floor.medianMs),
    samplesMs: { dsipform: t.dsipform.samplesMs, floor: t.floor.samplesMs },
  };
}

const ROWS = { validate: validateRow, handshake: handshakeRow, plan: planRow, apply: applyRow };

/** Runs the rows; resolves to one result per row. */
export async function run({ quick = false, runs = quick ? 3 : 9, only = Object.keys(ROWS), root = HERE } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-startup-'));
  try {
    const out = {};
    for (const name of only) {
      const rowRuns = name === 'apply' ? Math.min(runs, 3) : runs;
      out[name] = await ROWS[name](root, rowRuns, dir, quick);
    }
    return { root, runs, quick, rows: out };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const result = await run({
    quick: args.includes('--quick'),
    ...(opt('--runs') ? { runs: Number(opt('--runs')) } : {}),
    ...(opt('--only') ? { only: opt('--only').split(',') } : {}),
    ...(opt('--root') ? { root: resolve(opt('--root')) } : {}),
  });
  if (args.includes('--json')) console.log(JSON.stringify(result));
  else
    for (const r of Object.values(result.rows)) {
      const share =
        r.throughputShare !== undefined
          ? `, ${Math.round(r.throughputShare * 100)}% of raw throughput (goal ≥ 70%)`
          : `, goal ≤ ${r.goal}×`;
      console.log(`${r.what}: ${round(r.dsipformMs)} ms; ${r.floorWhat}: ${round(r.floorMs)} ms; ratio ${r.ratio}×${share}`);
    }
}
