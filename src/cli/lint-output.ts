import { formatIssue } from '../config/index.js';
import type { FindingsVerdict } from '../pipeline/lints.js';
import type { RoutingTestsVerdict } from '../pipeline/routing-tests.js';
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

/** Names come from the files: control characters are shown escaped, as `dsipform test` does. */
function printable(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Prints each routing test the pipeline ran against the rules after the plan and found failing, on
 * stderr (`error: routing test FILE:LINE "name": expected …, but the call took …`), and throws its
 * refusal (ROUTING_TESTS_FAILED). Passing tests print nothing: the plan is the output.
 */
export function reportTestFailures(verdict: RoutingTestsVerdict, io: CliIo): void {
  for (const o of verdict.outcomes) {
    if (o.status === 'passed') continue;
    const at = o.test.origin ? `${o.test.origin.file}:${o.test.origin.line} ` : '';
    for (const failure of o.failures)
      writeLine(io.stderr, printable(`error: routing test ${at}${JSON.stringify(o.test.name)}: ${failure}`));
  }
  if (verdict.refusal) throw verdict.refusal;
}
