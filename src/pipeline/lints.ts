import type { DesiredState } from '../model/desired.js';
import { judgeFindings, routingFindings, type FindingsVerdict } from '../routing/findings.js';

/**
 * The routing lints of the files' rules alone, judged (`dsipform validate`): which stop the command
 * (errors, or every finding when `strict`) and the refusal then. The planner is not loaded.
 */
export function filesFindings(desired: DesiredState, strict = false): FindingsVerdict {
  return judgeFindings(routingFindings(desired), strict);
}
