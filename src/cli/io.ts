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

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdinIsTTY: Boolean(process.stdin.isTTY),
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
