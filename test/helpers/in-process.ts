import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

/** What one in-process CLI run printed and returned. */
export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI's `main` in this process with captured streams: the same code path as the binary,
 * minus process start-up. No terminal unless `tty` says so; `answer` is typed at a prompt.
 */
export async function runMain(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; tty?: boolean; answer?: string; now?: () => number } = {},
): Promise<RunResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  if (options.answer !== undefined) stdin.end(`${options.answer}\n`);
  const io: CliIo = {
    stdin,
    stdinIsTTY: Boolean(options.tty),
    stdout,
    stderr,
    env: { NO_COLOR: '1', ...options.env },
    isTTY: Boolean(options.tty),
    secrets: new Set(),
    now: options.now ?? Date.now,
  };
  const code = await main(['node', 'dsipform', ...args], io);
  return { code, stdout: out, stderr: err };
}
