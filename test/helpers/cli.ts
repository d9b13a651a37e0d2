import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The built CLI launcher; `npm test` builds dist/ first. */
export const CLI = fileURLToPath(new URL('../../bin/dsipform.js', import.meta.url));

/** What a finished CLI process printed and how it exited. */
export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `dsipform ARGS` as a real child process with no terminal and a clean environment. */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
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
  const child = spawn(process.execPath, [CLI, 'emulator', '--port', '0', ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stderr.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output.stdout += d.toString();
      const m = /^listening on (\S+)\n/.exec(output.stdout);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code} before it was ready: ${output.stderr}`)));
  });
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
