import { formatIssue } from '../config/index.js';
import type { FindingsVerdict } from '../pipeline/lints.js';
import { count } from '../model/words.js';
import { writeLine, type CliIo } from './io.js';

/**
 * Prints the findings on stderr (`warning: FILE:LINE:COL: message` + `  hint: …`, or `error: …` for
 * those the pipeline says stop the command, pipeline/lints.ts `judgeFindings`; one line
 * `acknowledged (policy.accept): FILE:LINE:COL: message` for each the files acknowledge, then
 * their count) and throws its refusal (ROUTING_LINT_FAILED) when any stops it.
 */
export function reportFindings(verdict: FindingsVerdict, io: CliIo): void {
  let acknowledged = 0;
  for (const { finding: f, blocks } of verdict.findings) {
    const where = f.origin ? `${f.origin.file}:${f.origin.line}:${f.origin.col}: ` : '';
    if (f.acknowledged) {
      acknowledged++;
      writeLine(io.stderr, `acknowledged (policy.accept): ${where}${f.message}`);
      continue;
    }
    const text = f.origin
      ? formatIssue({ ...f.origin, message: f.message, hint: f.hint })
      : `${f.message}${f.hint ? `\n  hint: ${f.hint}` : ''}`;
    writeLine(io.stderr, `${blocks ? 'error' : 'warning'}: ${text}`);
  }
  if (acknowledged > 0)
    writeLine(io.stderr, `${count(acknowledged, 'routing finding')} acknowledged by policy.accept (not warnings; shown above)`);
  if (verdict.refusal) throw verdict.refusal;
}
