import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { CLI } from '../helpers/cli.js';
import { startProcess, waitForStdout } from '../helpers/process.js';

/** A running CLI child process with its output so far. */
export interface CliChild {
  readonly child: ChildProcess;
  readonly out: { stdout: string; stderr: string };
  /** Resolves once stdout matches. */
  waitFor(pattern: RegExp): Promise<void>;
  /** Resolves to [exit code, signal]. */
  exit(): Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts `dsipform ARGS` as a real process. */
export function startCli(args: readonly string[], env: NodeJS.ProcessEnv): CliChild {
  const p = startProcess(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, NO_COLOR: '1', ...env } });
  const exited = once(p.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return {
    child: p.child,
    out: p.output,
    waitFor: async (pattern) => void (await waitForStdout(p, pattern)),
    exit: () => exited,
  };
}
