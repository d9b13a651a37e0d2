import { createInterface } from 'node:readline/promises';
import { DsipformError } from '../model/errors.js';
import type { CliIo } from './io.js';

/**
 * Asks for approval like Terraform: only `yes` approves. Without a terminal on stdin there is
 * nobody to ask, so it refuses and points to `--auto-approve`.
 */
export async function confirmOrRefuse(io: CliIo, question: string): Promise<boolean> {
  if (!io.stdinIsTTY) {
    throw new DsipformError('APPLY_NEEDS_APPROVAL', 'not run on a terminal, so nobody can approve the plan', 'Review the plan, then run again with --auto-approve (or apply a saved plan with --plan FILE --auto-approve).');
  }
  const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
  try {
    const answer = await rl.question(`\n${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `);
    return answer.trim() === 'yes';
  } finally {
    rl.close();
  }
}
