import { formatIssue } from '../config/index.js';
import type { FindingsVerdict } from '../routing/findings.js';
import type { PipelineChecked, PipelineResult } from '../pipeline/pipeline.js';
import { failOnPlanIssues } from './desired.js';
import { count } from '../model/words.js';
import type { CliIo } from './io.js';

/**
 * Prints the findings on stderr (`warning: FILE:LINE:COL: message` + `  hint: …`, or `error: …` for
 * those the pipeline says stop the command, routing/findings.ts `judgeFindings`; one line
 * `acknowledged (policy.accept): FILE:LINE:COL: message` for each the files acknowledge, then
 * their count) and throws its refusal (ROUTING_LINT_FAILED) when any stops it.
 */
export function reportFindings(verdict: FindingsVerdict, io: CliIo): void {
  // One write of every line: a users' file can carry hundreds of findings, and stderr is written
  // synchronously (a system call per write on a pipe or a file), so a write per finding cost a plan
  // some 1% of its CPU (issue 33 §4). The text is the same, line for line.
  const lines: string[] = [];
  let acknowledged = 0;
  for (const { finding: f, blocks } of verdict.findings) {
    const where = f.origin ? `${f.origin.file}:${f.origin.line}:${f.origin.col}: ` : '';
    if (f.acknowledged) {
      acknowledged++;
      lines.push(`acknowledged (policy.accept): ${where}${f.message}\n`);
      continue;
    }
    const text = f.origin
      ? formatIssue({ ...f.origin, message: f.message, hint: f.hint })
      : `${f.message}${f.hint ? `\n  hint: ${f.hint}` : ''}`;
    lines.push(`${blocks ? 'error' : 'warning'}: ${text}\n`);
  }
  if (acknowledged > 0) lines.push(`${count(acknowledged, 'routing finding')} acknowledged by policy.accept (not warnings; shown above)\n`);
  if (lines.length > 0) io.stderr.write(lines.join(''));
  if (verdict.refusal) throw verdict.refusal;
}

/**
 * Renders what the pipeline returned (pipeline/pipeline.ts) for a verb that goes on with the plan:
 * the routing lints on stderr (warnings, and the errors that stop it), then the problems that stop
 * the plan; throws the refusal (ROUTING_LINT_FAILED, PLAN_BLOCKED) when it stopped, else gives the
 * checked plan back. The gate's refusal is the verb's to render (plan shows the plan first).
 */
export function checkedOrFail(result: PipelineResult, io: CliIo): PipelineChecked {
  reportFindings(result.ok || result.stop !== 'lints' ? { findings: result.findings } : result, io);
  if (!result.ok) return failOnPlanIssues(result.stop === 'issues' ? result.issues : [], io);
  return result;
}
