// Terraform through this package's provider against dsipform, on the same N objects (default 1,000
// inbound mappings), both at parallelism 10 (Terraform's default), in the same run:
//   - apply: N creates on a fresh, empty emulator (`terraform apply` from an empty state;
//     `dsipform apply FILE --auto-approve`);
//   - plan: no changes, right after that apply (`terraform plan`, which refreshes every object in
//     its state one read at a time; `dsipform plan FILE`, which reads each collection once).
// Terraform is driven as test/helpers/terraform.ts drives it: private HOME, CHECKPOINT_DISABLE=1,
// the provider from a filesystem mirror written by `dsipform terraform-mirror`, init once, offline.
// Skipped, and said so, when terraform is not on PATH.
//
//   node bench/terraform-vs-dsipform.mjs [--quick] [--json]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { mappingAt, writeDesiredFiles } from './lib/fixtures.mjs';
import { timeToExit } from './lib/spawn.mjs';
import { median, ratio, round } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../bin/dsipform.js', import.meta.url));
// The mirrored provider finds dsipform through DSIPFORM_HOME: the workspace is outside this checkout.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PARALLELISM = 10;

const MAIN_TF = `terraform {
  required_providers {
    dsiprouter = { source = "dsipform/dsiprouter" }
  }
}
variable "dsip_url" { type = string }
variable "dsip_token" {
  type      = string
  sensitive = true
}
provider "dsiprouter" {
  url   = var.dsip_url
  token = var.dsip_token
}
locals {
  mappings = jsondecode(file("\${path.module}/mappings.json"))
}
resource "dsiprouter_inbound_mapping" "m" {
  for_each = local.mappings
  did      = each.key
  servers  = each.value.servers
  notes    = each.value.notes
}
`;

/** The terraform version line, or null when terraform is not on PATH. */
export function terraformVersion() {
  const r = spawnSync('terraform', ['version'], { encoding: 'utf8', env: { ...process.env, CHECKPOINT_DISABLE: '1' } });
  return r.status === 0 ? r.stdout.split('\n')[0].trim() : null;
}

/** A workspace with the provider mirrored and `terraform init` done; `tf(args, vars)` times a command. */
async function workspace(base, n) {
  const dir = join(base, 'work');
  mkdirSync(dir);
  const mirror = await timeToExit(process.execPath, [CLI, 'terraform-mirror', join(base, 'mirror')]);
  writeFileSync(join(base, 'cli.tfrc'), mirror.stdout);
  const mappings = Object.fromEntries(
    Array.from({ length: n }, (_, i) => mappingAt(i)).map((m) => [m.did, { servers: m.servers, notes: m.notes }]),
  );
  writeFileSync(join(dir, 'mappings.json'), JSON.stringify(mappings));
  writeFileSync(join(dir, 'main.tf'), MAIN_TF);
  const env = {
    PATH: process.env.PATH,
    HOME: base,
    TF_CLI_CONFIG_FILE: join(base, 'cli.tfrc'),
    DSIPFORM_HOME: ROOT,
    CHECKPOINT_DISABLE: '1',
    TF_IN_AUTOMATION: '1',
    NO_COLOR: '1',
  };
  const tf = (args, url, okCodes = [0]) =>
    timeToExit('terraform', [args[0], '-no-color', '-input=false', ...args.slice(1)], {
      cwd: dir,
      env: { ...env, TF_VAR_dsip_url: url, TF_VAR_dsip_token: TOKEN },
      okCodes,
    });
  await tf(['init'], 'http://unused');
  return { dir, tf };
}

/** Runs the comparison; resolves to medians (ms) and how many times faster dsipform is. */
export async function run({ quick = false } = {}) {
  const version = terraformVersion();
  const n = quick ? 100 : 1_000;
  if (!version) return { skipped: 'terraform is not on PATH', objects: n };
  const runs = quick ? 1 : 3;
  const base = mkdtempSync(join(tmpdir(), 'dsipform-bench-tf-'));
  try {
    const ws = await workspace(base, n);
    const files = writeDesiredFiles(join(base, 'desired'), { mappings: n, routes: 0 });
    const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
    const dsip = (args, url, okCodes = [0]) => timeToExit(process.execPath, [CLI, ...args, '--url', url], { env, cwd: base, okCodes });
    const ms = { terraformApply: [], terraformPlan: [], dsipformApply: [], dsipformPlan: [] };
    for (let r = 0; r < runs; r += 1) {
      let emu = await forkEmulator();
      try {
        rmSync(join(ws.dir, 'terraform.tfstate'), { force: true });
        rmSync(join(ws.dir, 'terraform.tfstate.backup'), { force: true });
        const apply = await ws.tf(['apply', '-auto-approve', `-parallelism=${PARALLELISM}`], emu.url);
        if (!new RegExp(`Apply complete! Resources: ${n} added`).test(apply.stdout))
          throw new Error(`terraform apply: ${apply.stdout.slice(-500)}`);
        ms.terraformApply.push(apply.ms);
        ms.terraformPlan.push((await ws.tf(['plan', '-detailed-exitcode', `-parallelism=${PARALLELISM}`], emu.url)).ms);
      } finally {
        await emu.close();
      }
      emu = await forkEmulator();
      try {
        rmSync(join(base, '.dsipform'), { recursive: true, force: true });
        ms.dsipformApply.push((await dsip(['apply', files.yaml, '--auto-approve', '--parallelism', String(PARALLELISM)], emu.url)).ms);
        ms.dsipformPlan.push((await dsip(['plan', files.yaml, '--detailed-exitcode'], emu.url)).ms);
      } finally {
        await emu.close();
      }
    }
    const med = Object.fromEntries(Object.entries(ms).map(([k, xs]) => [k, round(median(xs))]));
    return {
      terraform: version,
      objects: n,
      kind: 'inbound_mapping',
      parallelism: PARALLELISM,
      runs,
      medianMs: med,
      samplesMs: Object.fromEntries(Object.entries(ms).map(([k, xs]) => [k, xs.map((x) => round(x))])),
      ratios: {
        planTerraformOverDsipform: ratio(med.terraformPlan, med.dsipformPlan),
        applyTerraformOverDsipform: ratio(med.terraformApply, med.dsipformApply),
      },
      goal: { timesFasterAtLeast: 20 },
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await run({ quick: process.argv.includes('--quick') });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 1));
}
