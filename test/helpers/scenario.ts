import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { emulatorFixture, TEST_PROFILE, type EmulatorFixture } from './emulator.js';
import { runMain, type RunResult } from './in-process.js';

/** A fresh emulator, a scratch directory for desired-state files, and the CLI pointed at both. */
export interface Scenario extends EmulatorFixture {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  /** Writes a desired-state file (YAML text) and returns its path. */
  file(name: string, text: string): string;
  /** Runs the CLI against this emulator. */
  run(
    args: readonly string[],
    options?: { tty?: boolean; answer?: string; env?: NodeJS.ProcessEnv; now?: () => number },
  ): Promise<RunResult>;
  /** Applies the paths with --auto-approve, expects exit 0, then plans again and expects no changes. */
  converge(paths: readonly string[], extra?: readonly string[]): Promise<RunResult>;
}

/** Starts a scenario; the emulator is closed after the test. */
export async function scenario(options: EmulatorOptions = {}): Promise<Scenario> {
  const fixture = await emulatorFixture(options);
  // One clock for the emulator and the CLI, so lease expiry can be reached without waiting.
  const now = options.now;
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-scenario-'));
  const env = { DSIP_URL: fixture.emu.url, DSIP_TOKEN: fixture.emu.token, DSIP_API_PROFILE: options.profile ?? TEST_PROFILE };
  const run: Scenario['run'] = (args, o = {}) => runMain(args, { ...(now ? { now } : {}), ...o, env: { ...env, ...o.env } });
  return {
    ...fixture,
    dir,
    env,
    file(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    run,
    async converge(paths, extra = []) {
      const applied = await run(['apply', ...paths, '--auto-approve', ...extra]);
      expect(applied.code, `apply failed:\n${applied.stdout}\n${applied.stderr}`).toBe(0);
      const state = extra.includes('--state') ? ['--state', extra[extra.indexOf('--state') + 1]!] : [];
      const again = await run(['plan', ...paths, '--detailed-exitcode', ...state]);
      expect(again.code, `plan after apply is not empty:\n${again.stdout}\n${again.stderr}`).toBe(0);
      expect(again.stdout).toMatch(/No changes/);
      return applied;
    },
  };
}
