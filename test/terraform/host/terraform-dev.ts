import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '../../helpers/process.js';
import { FAKE_PLUGIN } from './plugin-process.js';

/** What one terraform command printed; `all` is stdout then stderr. */
export interface TfResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly all: string;
}

/** A private Terraform setup whose `dsipform/dsiprouter` is the host serving the fake provider. */
export interface DevTerraform {
  readonly base: string;
  /** The provider processes' TMPDIR (their sockets live there). */
  readonly tmp: string;
  readonly storeFile: string;
  readonly eventsFile: string;
  readonly env: NodeJS.ProcessEnv;
  /** A new working directory holding `main.tf`. */
  workdir(name: string, hcl: string): string;
  tf(dir: string, args: readonly string[], extraEnv?: NodeJS.ProcessEnv): Promise<TfResult>;
}

/**
 * Makes the setup: a `dev_overrides` CLI config pointing at a wrapper that runs the fake plugin
 * with node (no `terraform init` needed), and a private HOME, TF_DATA_DIR, plugin cache and
 * TMPDIR; checkpoint calls are off, so nothing reaches the network or the user's configuration.
 */
export function devTerraform(): DevTerraform {
  const base = mkdtempSync(join(tmpdir(), 'dsipform-host-tf-'));
  const bin = join(base, 'bin');
  const tmp = join(base, 'tmp');
  for (const dir of [bin, tmp, join(base, 'home'), join(base, 'plugin-cache')]) mkdirSync(dir);
  const wrapper = join(bin, 'terraform-provider-dsiprouter');
  writeFileSync(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${FAKE_PLUGIN}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  const cliConfig = join(base, 'cli.tfrc');
  writeFileSync(cliConfig, `provider_installation {\n  dev_overrides {\n    "dsipform/dsiprouter" = "${bin}"\n  }\n  direct {}\n}\n`);
  const storeFile = join(base, 'store.json');
  const eventsFile = join(base, 'events.log');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: join(base, 'home'),
    TMPDIR: tmp,
    TF_CLI_CONFIG_FILE: cliConfig,
    TF_DATA_DIR: join(base, 'tf-data'),
    TF_PLUGIN_CACHE_DIR: join(base, 'plugin-cache'),
    CHECKPOINT_DISABLE: '1',
    TF_IN_AUTOMATION: '1',
    FAKE_DSIP_STORE: storeFile,
    FAKE_DSIP_EVENTS: eventsFile,
  };
  return {
    base,
    tmp,
    storeFile,
    eventsFile,
    env,
    workdir(name, hcl) {
      const dir = join(base, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'main.tf'), hcl);
      return dir;
    },
    tf: async (dir, args, extraEnv = {}) => {
      const r = await runProcess('terraform', args, { cwd: dir, env: { ...env, ...extraEnv } });
      return { ...r, all: r.stdout + r.stderr };
    },
  };
}
