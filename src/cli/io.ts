import type { Readable, Writable } from 'node:stream';
import { redactText } from '../api/secrets.js';

/** Where a command reads its environment and writes its output; tests pass their own. */
export interface CliIo {
  readonly stdin: Readable;
  /** Whether stdin is a terminal a person can answer a prompt on. */
  readonly stdinIsTTY: boolean;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: NodeJS.ProcessEnv;
  /** Whether stdout is a terminal (colour, prompts, progress bars). */
  readonly isTTY: boolean;
  /** Secrets seen during this run; the catch site removes them from anything it prints. */
  readonly secrets: Set<string>;
  /** The clock (ms); tests drive it to reach lease expiry without waiting. */
  readonly now: () => number;
}

/**
 * The process's own streams and environment. Standard input is reached only when a command reads
 * it (a prompt): touching `process.stdin` sets up a stream for it, which most commands never need.
 */
export function processIo(): CliIo {
  return {
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    secrets: new Set(),
    now: Date.now,
  };
}

/** Replaces every known secret in `text` (as it is, JSON-escaped or percent-encoded) with `(sensitive)`. */
export function redact(text: string, secrets: ReadonlySet<string>): string {
  return redactText(text, secrets);
}

/** Writes one line to a stream. */
export function writeLine(stream: Writable, line = ''): void {
  stream.write(`${line}\n`);
}

/** Colour only on a terminal, and never when NO_COLOR is set to anything non-empty. */
export function useColor(io: CliIo): boolean {
  return io.isTTY && !io.env.NO_COLOR;
}

const closedOutputs = new WeakSet<Writable>();

/**
 * Keeps an output whose reader went away (EPIPE: `dsipform … | head -1`) or that cannot be written
 * (a full disk) from crashing the run: the write error is noted, later writes go nowhere, and the
 * command goes on to its end. {@link isOutputClosed} then tells the command and the catch site.
 */
export function guardOutput(stream: Writable): void {
  if (stream.listeners('error').some((l) => (l as { guardsOutput?: boolean }).guardsOutput)) return;
  const onError = Object.assign(() => void closedOutputs.add(stream), { guardsOutput: true });
  stream.on('error', onError);
}

/** Whether a write to this guarded output has failed: what is written to it from now on is lost. */
export function isOutputClosed(stream: Writable): boolean {
  return closedOutputs.has(stream);
}

/**
 * Resolves once everything written so far to a guarded output has left the process, or could not
 * (then {@link isOutputClosed} is true): a pipe takes a large write in parts, after the command ends.
 */
export async function flushOutput(stream: Writable): Promise<void> {
  if (isOutputClosed(stream) || stream.destroyed || stream.writableEnded) return;
  await new Promise<void>((resolve) => {
    stream.write('', () => resolve());
  });
}
