import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain } from './in-process.js';
import { runProcess, type ProcessResult } from './process.js';

/** This checkout: the dsipform the mirrored provider runs from, the workspaces being outside it. */
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Whether the real terraform binary is on PATH (asked with checkpoint calls off, so nothing leaves
 * the machine). Tests that need it skip, and say so, without it.
 */
export const hasTerraform =
  spawnSync('terraform', ['version'], { stdio: 'ignore', env: { PATH: process.env.PATH, CHECKPOINT_DISABLE: '1' } }).status === 0;
if (!hasTerraform) console.warn('terraform not found on PATH: skipping the Terraform end-to-end tests');

/** What one terraform command printed. */
export type TfResult = ProcessResult;

/** A Terraform working directory wired to this package's provider through a filesystem mirror. */
export interface TfWorkspace {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  write(name: string, hcl: string): void;
  tf(args: readonly string[]): Promise<TfResult>;
}

/**
 * Makes a workspace: `dsipform terraform-mirror` lays out the mirror and writes the CLI config,
 * HOME and plugin caches are private, checkpoint calls are off, DSIPFORM_HOME names this checkout
 * (the mirrored provider finds dsipform there). `vars` become TF_VAR_*.
 */
export async function terraformWorkspace(vars: Record<string, string>, extraEnv: NodeJS.ProcessEnv = {}): Promise<TfWorkspace> {
  const base = mkdtempSync(join(tmpdir(), 'dsipform-tf-'));
  const dir = join(base, 'work');
  mkdirSync(dir);
  const mirror = await runMain(['terraform-mirror', join(base, 'mirror')]);
  if (mirror.code !== 0) throw new Error(`terraform-mirror failed: ${mirror.stderr}`);
  writeFileSync(join(base, 'cli.tfrc'), mirror.stdout);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: base,
    TF_CLI_CONFIG_FILE: join(base, 'cli.tfrc'),
    DSIPFORM_HOME: REPO,
    CHECKPOINT_DISABLE: '1',
    TF_IN_AUTOMATION: '1',
    NO_COLOR: '1',
    ...Object.fromEntries(Object.entries(vars).map(([k, v]) => [`TF_VAR_${k}`, v])),
    ...extraEnv,
  };
  return {
    dir,
    env,
    write: (name, hcl) => writeFileSync(join(dir, name), hcl),
    tf: (args) => {
      // Go's flag parsing stops at the first positional argument: flags go right after the subcommand.
      // `-chdir=DIR` is a global flag: it comes before the subcommand.
      const at = args[0]?.startsWith('-chdir=') ? 2 : 1;
      return runProcess('terraform', [...args.slice(0, at), '-no-color', ...args.slice(at)], { cwd: dir, env });
    },
  };
}

/** The provider's configuration from the variables `terraformWorkspace` sets: the start of a test's main.tf. */
export const PROVIDER_BLOCK = `terraform {
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
`;
