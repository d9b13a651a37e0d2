import { formatIssue } from '../config/index.js';
import type { FindingsVerdict } from '../pipeline/lints.js';
import { writeLine, type CliIo } from './io.js';

/**
 * Prints the findings on stderr (`warning: FILE:LINE:COL: message` + `  hint: …`, or `error: …` for
 * those the pipeline says stop the command, pipeline/lints.ts `judgeFindings`) and throws its
 * refusal (ROUTING_LINT_FAILED) when any stops it.
 */
export function reportFindings(verdict: FindingsVerdict, io: CliIo): void {
  for (const { finding: f, blocks } of verdict.findings) {
    const text = f.origin
      ? formatIssue({ ...f.origin, message: f.message, hint: f.hint })
      : `${f.message}${f.hint ? `\n  hint: ${f.hint}` : ''}`;
    writeLine(io.stderr, `${blocks ? 'error' : 'warning'}: ${text}`);
  }
  if (verdict.refusal) throw verdict.refusal;
}
