import { createInterface } from 'node:readline';
import { DsipformError } from '../model/errors.js';
import type { CliIo } from './io.js';

/**
 * The answer at the approval prompt: `yes` (approved), `no` (anything else typed), `interrupted`
 * (Ctrl-C, or SIGINT sent to the process) or `closed` (Ctrl-D, or the end of input).
 */
export type Approval = 'yes' | 'no' | 'interrupted' | 'closed';

/**
 * Asks for approval like Terraform: only `yes` approves. Without a terminal on stdin there is
 * nobody to ask, so it refuses and points to `--auto-approve`. Never rejects for Ctrl-C or Ctrl-D:
 * they are answers that cancel, and the caller says so.
 */
export async function confirmOrRefuse(io: CliIo, question: string): Promise<Approval> {
  if (!io.stdinIsTTY) {
    throw new DsipformError(
      'APPLY_NEEDS_APPROVAL',
      'not run on a terminal, so nobody can approve the plan',
      'Review the plan, then run again with --auto-approve (or apply a saved plan with --plan FILE --auto-approve).',
    );
  }
  // The callback readline, not readline/promises: closing the promise API's interface (as Ctrl-C
  // and Ctrl-D do) rejects the question with an AbortError, which is an answer here, not a failure.
  const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
  return new Promise<Approval>((resolve) => {
    let settled = false;
    const finish = (answer: Approval): void => {
      if (settled) return;
      settled = true;
      process.off('SIGINT', onSignal);
      if (answer === 'interrupted' || answer === 'closed') io.stderr.write('\n');
      rl.close();
      resolve(answer);
    };
    const onSignal = (): void => finish('interrupted');
    // Ctrl-C on a terminal in raw mode reaches readline as a key, not as a signal.
    rl.on('SIGINT', onSignal);
    process.on('SIGINT', onSignal);
    rl.on('close', () => finish('closed'));
    rl.question(`\n${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `, (answer) =>
      finish(answer.trim() === 'yes' ? 'yes' : 'no'),
    );
  });
}
