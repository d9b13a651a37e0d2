import { DsipformError } from '../model/errors.js';
import type { PlanIssue } from '../model/plan.js';
import { count, plural } from '../model/words.js';
import type { RoutingFinding } from '../routing/types.js';

/** A problem's place and words on one line: `FILE:LINE:COL: message`, or the message alone. */
function placed(item: { readonly message: string; readonly origin?: { file: string; line: number; col: number } }): string {
  return item.origin ? `${item.origin.file}:${item.origin.line}:${item.origin.col}: ${item.message}` : item.message;
}

/**
 * The error for the issues that stop a plan: PLAN_OVERWRITES_UNREAD when every one is a refusal to
 * overwrite what the platform does not show (docs/errors.md), else PLAN_BLOCKED. `listed` puts each
 * issue in the message (for a program, which has no other place to see them); a front end that
 * prints them above leaves it false.
 */
export function planBlocked(issues: readonly PlanIssue[], listed = false): DsipformError {
  const n = issues.length;
  const code = issues.every((i) => i.code === 'PLAN_OVERWRITES_UNREAD') ? 'PLAN_OVERWRITES_UNREAD' : 'PLAN_BLOCKED';
  return new DsipformError(
    code,
    `${count(n, 'problem')} ${plural(n, 'stops', 'stop')} the plan; nothing was changed${listed ? `: ${issues.map(placed).join('; ')}` : ''}`,
    listed ? 'Resolve the problems named, then plan again.' : 'Resolve the problems above, then plan again.',
  );
}

/** A refusal with what stops it (findings, failed tests) named in its message (for a program). */
export function withFindings(refusal: DsipformError, stopping: readonly Pick<RoutingFinding, 'message' | 'origin'>[]): DsipformError {
  return new DsipformError(refusal.code, `${refusal.message}: ${stopping.map(placed).join('; ')}`, refusal.hint);
}
