import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/** What a finished process printed and how it exited. */
export interface ProcessResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** How to start a process. */
export interface ProcessOptions {
  readonly cwd?: string;
  /** The whole environment (default: this process's); callers add PATH themselves when they give one. */
  readonly env?: NodeJS.ProcessEnv;
  /** Written to stdin, which is then closed; without it stdin is /dev/null. */
  readonly input?: string;
}

/** A started process and everything it printed so far. */
export interface StartedProcess {
  readonly child: ChildProcess;
  readonly output: { stdout: string; stderr: string };
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  readonly exited: Promise<number | string>;
  /** Resolves with the exit code once the process is gone and its output has all been read. */
  readonly closed: Promise<number | null>;
}

/** Starts `command ARGS` with its stdout and stderr collected in `output`. */
export function startProcess(command: string, args: readonly string[], options: ProcessOptions = {}): StartedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output.stderr += d.toString()));
  if (options.input !== undefined) child.stdin!.end(options.input);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output, exited, closed };
}

/** Runs `command ARGS` to completion: its exit code and all it printed. */
export async function runProcess(command: string, args: readonly string[], options: ProcessOptions = {}): Promise<ProcessResult> {
  const p = startProcess(command, args, options);
  const code = await p.closed;
  return { code, stdout: p.output.stdout, stderr: p.output.stderr };
}

/** Resolves with the match once the process's stdout matches `pattern`; rejects if it ends first. */
export function waitForStdout(p: StartedProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const m = pattern.exec(p.output.stdout);
      if (m) {
        p.child.stdout!.off('data', check);
        resolve(m);
      }
      return m !== null;
    };
    // Registered after startProcess's own listener, so output already holds the new data.
    p.child.stdout!.on('data', check);
    void p.closed.then(
      (code) => check() || reject(new Error(`the process exited (${code}) before its stdout matched ${pattern}: ${p.output.stderr}`)),
    );
    check();
  });
}

/**
 * Copies the folder `from` to `to` (replaced if it exists) with `cp -R`: node's cpSync takes some
 * seconds for a node_modules folder, where cp takes one.
 */
export async function copyTree(from: string, to: string): Promise<void> {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(dirname(to), { recursive: true });
  const r = await runProcess('cp', ['-R', from, to]);
  if (r.code !== 0) throw new Error(`cp -R ${from} ${to}: ${r.stderr}`);
}
