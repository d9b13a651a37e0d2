import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { runProcess, startProcess, waitForStdout, type ProcessResult } from './process.js';

/** The built CLI launcher; `npm test` builds dist/ first. */
export const CLI = fileURLToPath(new URL('../../bin/dsipform.js', import.meta.url));

/** What a finished CLI process printed and how it exited. */
export type CliResult = ProcessResult;

/** Runs `dsipform ARGS` as a real child process with no terminal and a clean environment. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runProcess(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, NO_COLOR: '1', ...env } });
}

/** A `dsipform emulator` child process that has printed its ready line. */
export interface EmulatorProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the process printed so far. */
  readonly output: { stdout: string; stderr: string };
  /** Sends a signal and resolves to the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `dsipform emulator --port 0 ARGS` and waits for `listening on URL`. */
export async function startEmulatorProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<EmulatorProcess> {
  const p = startProcess(process.execPath, [CLI, 'emulator', '--port', '0', ...args], { env: { PATH: process.env.PATH, ...env } });
  const { child, output } = p;
  const url = (await waitForStdout(p, /^listening on (\S+)\n/))[1]!;
  return {
    child,
    url,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}
