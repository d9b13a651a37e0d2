import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runProcess, startProcess, waitForStdout, type ProcessResult } from '../../helpers/process.js';

/** The built launcher, and the host from dist/ serving the fake provider (`npm test` builds dist/ first). */
export const LAUNCHER = fileURLToPath(new URL('../../../bin/terraform-provider-dsiprouter.js', import.meta.url));
export const FAKE_PLUGIN = fileURLToPath(new URL('./fixtures/fake-plugin.mjs', import.meta.url));

/** A provider process that printed its first stdout line. */
export interface PluginProcess {
  readonly child: ChildProcess;
  readonly line: string;
  readonly output: { stdout: string; stderr: string };
  /** Resolves with the exit code (or signal name) once the process is gone. */
  readonly exited: Promise<number | string>;
}

/** Runs `node script ARGS` to completion with exactly `env` (plus PATH). */
export function runPlugin(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ProcessResult> {
  return runProcess(process.execPath, [script, ...args], { env: { PATH: process.env.PATH, ...env } });
}

/** Starts `node script ARGS` and waits for its first line on stdout (the handshake or reattach line). */
export async function startPlugin(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<PluginProcess> {
  const p = startProcess(process.execPath, [script, ...args], { env: { PATH: process.env.PATH, ...env } });
  const line = (await waitForStdout(p, /^(.*)\n/))[1]!;
  return { child: p.child, line, output: p.output, exited: p.exited };
}
