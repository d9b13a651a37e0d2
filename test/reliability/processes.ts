import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { CLI } from '../helpers/cli.js';

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
  const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  return {
    child,
    out,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          if (pattern.test(out.stdout)) {
            child.stdout.off('data', check);
            resolve();
          }
        };
        child.stdout.on('data', check);
        void exited.then(() => (pattern.test(out.stdout) ? resolve() : reject(new Error(`exited before ${pattern}: ${out.stdout}\n${out.stderr}`))));
        check();
      }),
    exit: () => exited,
  };
}
