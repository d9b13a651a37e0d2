// Issue 18's table: each row a ratio of a whole dsipform process to a plain node floor, measured in
// the same run, runs interleaved (A B, A B, ...), medians. Run `npm run build` first.
//
//   node bench/startup-ratios.mjs [--runs 9] [--only validate,handshake,plan,userplan,apply,terraform] [--root DIR] [--baseline DIR] [--json]
//
// The terraform row (`terraform plan` of one resource through the provider, against the same plan
// through a stub provider that only handshakes, bench/lib/stub-provider.mjs) runs when terraform is
// on PATH; without it the row says it was skipped, and why.
//
// --root DIR measures another build of the package (its bin/, over its dist/): e.g. a build of the
// previous commit, to record "before" beside "after" on the same machine in the same hour. The
// emulator, the fixtures and the floors always come from this tree. --baseline DIR times the
// validate row and the users' file plan of a second build in the same interleaved rounds (before and
// after under the same load). The validate and users'-file rows report CPU time (user + system of
// each process) beside wall time, and its ratios: on a shared machine the steadier figure.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { writeDesiredFiles, writeEmulatorData } from './lib/fixtures.mjs';
import { writeUserFiles } from './lib/user-fixtures.mjs';
import { providerEnv } from './provider-handshake.mjs';
import { cpuCounter, timeToExit, timeToFirstLine } from './lib/spawn.mjs';
import { interleaved, ratio, round } from './lib/stats.mjs';
import { rawPosts, rawScript } from './apply-throughput.mjs';
import { terraformVersion } from './terraform-vs-dsipform.mjs';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const STUB = fileURLToPath(new URL('lib/stub-provider.mjs', import.meta.url));
const PACKAGE_VERSION = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
// The floor of a whole-CLI plan (issue 33): plain node fetching and parsing the lists the plan reads.
const FLOOR = fileURLToPath(new URL('lib/plain-floor.mjs', import.meta.url));
// The floor these rows used before issue 33 (undici's `request`, the bench's emulator helper): shown beside it.
const UNDICI_FLOOR = fileURLToPath(new URL('lib/floor.mjs', import.meta.url));
const HANDSHAKE_LINE = /^1\|6\|unix\|[^|]+\|grpc\|[A-Za-z0-9+/]+$/;
const FIVE_LINES = 'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["66"]\noutbound_routes: []\n';

const node = (args, opts) => timeToExit(process.execPath, args, opts);
/** `dsipform validate` of a 5-line file against `node -e 0` (and, with --baseline, another build's in the same rounds). */
async function validateRow(root, runs, dir, _quick, baseline) {
  const file = join(dir, 'five.yaml');
  writeFileSync(file, FIVE_LINES);
  const cpu = cpuCounter(dir);
  const validateOnce = async (name, cliRoot) => {
    const r = await cpu.timed(name, [join(cliRoot, 'bin', 'dsipform.js'), 'validate', file]);
    if (!r.stdout.startsWith('Valid: 1 file')) throw new Error(`validate said: ${r.stdout}${r.stderr}`);
    return r.ms;
  };
  const t = await interleaved(runs, {
    floor: async () => (await cpu.timed('floor', ['-e', '0'])).ms,
    dsipform: () => validateOnce('dsipform', root),
    ...(baseline ? { baseline: () => validateOnce('baseline', baseline) } : {}),
  });
  return {
    what: 'dsipform validate of a 5-line file',
    floorWhat: 'node -e 0',
    ...medians(t),
    ...(baseline ? { baselineMs: t.baseline.medianMs, baselineRatio: ratio(t.baseline.medianMs, t.floor.medianMs) } : {}),
    ...cpuRatios(cpu.medians()),
    goal: 1.5,
  };
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
      floorWhat: 'plain node script (fetch) fetching and parsing both lists',
      ...medians(t),
      goal: 2.0,
    };
  } finally {
    await emu.close();
  }
}

/**
 * Whole-CLI plan, no changes, of a file shaped like users' files (bench/lib/user-fixtures.mjs: a
 * policy block with `allow_unrouting: true`, time recurrences, names with punctuation), against a
 * node script that fetches and parses every list that plan reads (mappings, routes, carrier and
 * endpoint groups); the two-list floor of the plan row is measured beside it.
 */
async function userPlanRow(root, runs, dir, quick, baseline) {
  const counts = quick ? { mappings: 1_000, routes: 500 } : { mappings: 10_000, routes: 5_000 };
  const files = writeUserFiles(join(dir, 'user'), counts);
  const emu = await forkEmulator({ dataFile: files.data });
  try {
    const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
    const cpu = cpuCounter(dir);
    const planOnce = async (name, cliRoot) => {
      const r = await cpu.timed(name, [join(cliRoot, 'bin', 'dsipform.js'), 'plan', files.yaml, '--url', emu.url, '--detailed-exitcode'], {
        env,
      });
      if (!/No changes/i.test(r.stdout)) throw new Error(`the plan of the users' file is not empty: ${r.stdout.slice(0, 400)}`);
      return r.ms;
    };
    const t = await interleaved(runs, {
      floor: async () => (await cpu.timed('floor', [FLOOR, emu.url, 'groups'], { env })).ms,
      undiciFloor: async () => (await node([UNDICI_FLOOR, emu.url, 'groups'], { env })).ms,
      dsipform: () => planOnce('dsipform', root),
      // --baseline DIR: another build timed in the same rounds, so "before" and "after" share the machine's drift.
      ...(baseline ? { baseline: () => planOnce('baseline', baseline) } : {}),
    });
    return {
      what: `whole-CLI plan, no changes, ${counts.mappings} mappings + ${counts.routes} routes, a users' file (policy with a boolean, time recurrences, names)`,
      floorWhat: 'plain node script (fetch) fetching and parsing the four lists the plan reads',
      ...medians(t),
      undiciFloorMs: t.undiciFloor.medianMs,
      ratioUndiciFloor: ratio(t.dsipform.medianMs, t.undiciFloor.medianMs),
      ...(baseline ? { baselineMs: t.baseline.medianMs, baselineRatio: ratio(t.baseline.medianMs, t.floor.medianMs) } : {}),
      ...cpuRatios(cpu.medians()),
      goal: 2.0,
    };
  } finally {
    await emu.close();
  }
}

/** Median CPU times (ms) of the floor, dsipform and the baseline, and the CPU ratios to the floor. */
function cpuRatios({ floor, dsipform, baseline }) {
  return {
    cpuMs: { floor, dsipform, ...(baseline !== undefined ? { baseline } : {}) },
    cpuRatio: ratio(dsipform, floor),
    ...(baseline !== undefined ? { baselineCpuRatio: ratio(baseline, floor) } : {}),
  };
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
    script: () => fresh((url) => rawScript(url, n, 8)),
    dsipform: () =>
      fresh(async (url) => (await node([cli, 'apply', files.yaml, '--url', url, '--auto-approve', '--parallelism', '8'], { env })).ms),
  });
  const m = medians(t);
  // Throughput: the share of raw POST throughput the CLI reaches (higher is better). Two floors: a
  // plain node script doing the POSTs in a fresh process (node's start-up and a cold JIT, as the CLI
  // has: the goal's floor, like the other rows'), and raw POSTs in this process (warm after the
  // first run, faster than any fresh process: shown beside it).
  return {
    what: `whole-CLI apply --parallelism 8, ${n} creates`,
    floorWhat: 'raw POSTs, 8 workers, in-process',
    ...m,
    throughputShare: ratio(m.floorMs, m.dsipformMs),
    scriptMs: t.script.medianMs,
    throughputShareScript: ratio(t.script.medianMs, m.dsipformMs),
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

const ONE_MAPPING_TF = `terraform {
  required_providers {
    dsiprouter = { source = "dsipform/dsiprouter" }
  }
}
provider "dsiprouter" {
  url   = "URL"
  token = "TOKEN"
}
resource "dsiprouter_inbound_mapping" "one" {
  did     = "15550000001"
  servers = ["23"]
  notes   = "one"
}
`;

const TERRAFORM_ONLY_TF = `resource "terraform_data" "one" {
  input = "one"
}
`;

/**
 * `terraform plan` of one new inbound mapping through the provider (the launcher users install,
 * from \`dsipform terraform-mirror\`), against the same plan through the stub provider: the same
 * configuration, an empty state, the emulator up. Both providers come from dev_overrides (so
 * neither needs \`terraform init\`), each through a shell launcher. Beside them, Terraform alone: a
 * plan of one terraform_data resource (no provider to start).
 */
async function terraformRow(root, runs, dir) {
  const version = terraformVersion();
  if (!version) return { what: 'terraform plan of one resource', skipped: 'terraform is not on PATH' };
  const emu = await forkEmulator({ dataFile: writeEmulatorData(join(dir, 'tf-emulator.json'), { mappings: 0, routes: 0 }) });
  try {
    const launcher = (name, text) => {
      const bin = join(dir, name);
      mkdirSync(bin);
      writeFileSync(join(bin, 'terraform-provider-dsiprouter'), text, { mode: 0o755 });
      return bin;
    };
    // The launcher \`dsipform terraform-mirror\` packages (the one users install), finding this package through DSIPFORM_HOME.
    const { providerWrapper } = await import(pathToFileURL(join(root, 'dist', 'cli', 'terraform-mirror.js')).href);
    const realBin = launcher('tf-real', providerWrapper(PACKAGE_VERSION));
    const stubBin = launcher('tf-stub', `#!/bin/sh\nexec "${process.execPath}" "${STUB}" "$@"\n`);
    const workspace = (name, bin, text) => {
      const home = join(dir, `${name}-home`);
      const cwd = join(dir, name);
      mkdirSync(home);
      mkdirSync(cwd);
      writeFileSync(join(cwd, 'main.tf'), text);
      const rc = join(home, 'cli.tfrc');
      writeFileSync(
        rc,
        bin ? `provider_installation {\n  dev_overrides {\n    "dsipform/dsiprouter" = "${bin}"\n  }\n  direct {}\n}\n` : '',
      );
      const env = {
        PATH: process.env.PATH,
        HOME: home,
        TF_CLI_CONFIG_FILE: rc,
        CHECKPOINT_DISABLE: '1',
        TF_IN_AUTOMATION: '1',
        NO_COLOR: '1',
        DSIPFORM_HOME: root,
      };
      return async () => {
        const r = await timeToExit('terraform', ['plan', '-no-color', '-input=false', '-lock=false', '-detailed-exitcode'], {
          cwd,
          env,
          okCodes: [2],
        });
        if (!/Plan: 1 to add, 0 to change, 0 to destroy/.test(r.stdout))
          throw new Error(`terraform plan (${name}): ${r.stdout.slice(-400)}${r.stderr.slice(-400)}`);
        return r.ms;
      };
    };
    const config = ONE_MAPPING_TF.replace('URL', emu.url).replace('TOKEN', TOKEN);
    const real = workspace('tf-real-ws', realBin, config);
    const stub = workspace('tf-stub-ws', stubBin, config);
    const alone = workspace('tf-alone-ws', null, TERRAFORM_ONLY_TF);
    // terraform_data is built in: init only writes the working directory, no provider is installed.
    await timeToExit('terraform', ['init', '-no-color', '-input=false'], {
      cwd: join(dir, 'tf-alone-ws'),
      env: { PATH: process.env.PATH, HOME: join(dir, 'tf-alone-ws-home'), CHECKPOINT_DISABLE: '1' },
    });
    const t = await interleaved(runs, { floor: stub, dsipform: real, terraformAlone: alone });
    return {
      what: 'terraform plan of one resource through the provider',
      floorWhat: 'the same plan through a provider stub that only handshakes',
      terraform: version,
      ...medians(t),
      terraformAloneMs: t.terraformAlone.medianMs,
      stubOverTerraformAlone: ratio(t.floor.medianMs, t.terraformAlone.medianMs),
    };
  } finally {
    await emu.close();
  }
}

const ROWS = {
  validate: validateRow,
  handshake: handshakeRow,
  plan: planRow,
  userplan: userPlanRow,
  apply: applyRow,
  terraform: terraformRow,
};

/** Runs the rows; resolves to one result per row. */
export async function run({ quick = false, runs = quick ? 3 : 9, only = Object.keys(ROWS), root = HERE, baseline } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-startup-'));
  try {
    const out = {};
    for (const name of only) {
      const rowRuns = name === 'apply' ? Math.min(runs, 3) : runs;
      out[name] = await ROWS[name](root, rowRuns, dir, quick, baseline);
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
    ...(opt('--baseline') ? { baseline: resolve(opt('--baseline')) } : {}),
  });
  if (args.includes('--json')) console.log(JSON.stringify(result));
  else
    for (const r of Object.values(result.rows)) {
      if (r.skipped) {
        console.log(`${r.what}: skipped (${r.skipped})`);
        continue;
      }
      const tail =
        r.throughputShare !== undefined
          ? `; a fresh node script doing the same POSTs: ${round(r.scriptMs)} ms, ${Math.round(r.throughputShareScript * 100)}% of its throughput (goal ≥ 70%); ${Math.round(r.throughputShare * 100)}% of the in-process (warm) loop's`
          : r.ratioUndiciFloor !== undefined
            ? `, goal ≤ ${r.goal}×; against the earlier floor (undici's request and the bench's emulator helper, ${round(r.undiciFloorMs)} ms): ${r.ratioUndiciFloor}×${r.baselineMs !== undefined ? `; the baseline build: ${round(r.baselineMs)} ms, ratio ${r.baselineRatio}×` : ''}`
            : r.goal !== undefined
              ? `, goal ≤ ${r.goal}×${r.baselineMs !== undefined ? `; the baseline build: ${round(r.baselineMs)} ms, ratio ${r.baselineRatio}×` : ''}`
              : r.terraformAloneMs !== undefined
                ? `; Terraform alone (one terraform_data): ${round(r.terraformAloneMs)} ms, the stub ${r.stubOverTerraformAlone}× that`
                : '';
      const cpu =
        r.cpuRatio !== undefined
          ? `; CPU time ${round(r.cpuMs.dsipform)} / ${round(r.cpuMs.floor)} ms, ${r.cpuRatio}×${r.baselineCpuRatio !== undefined ? ` (the baseline build ${round(r.cpuMs.baseline)} ms, ${r.baselineCpuRatio}×)` : ''}`
          : '';
      console.log(`${r.what}: ${round(r.dsipformMs)} ms; ${r.floorWhat}: ${round(r.floorMs)} ms; ratio ${r.ratio}×${tail}${cpu}`);
    }
}
