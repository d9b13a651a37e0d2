import { KINDS } from '../model/desired.js';
import type { ChangeAction } from '../model/plan.js';
import { INTERRUPTED_REASON, type ApplyReport, type ChangeOutcome, type OutcomeStatus } from '../model/apply-report.js';
import { markColor } from './layout.js';
import { cleanText, styleFor, type Style } from './style.js';
import { count } from '../model/words.js';
import { MARK, subject } from './values.js';

/** Options of the apply renderers. */
export interface ApplyTextOptions {
  /** ANSI colour; the caller decides (TTY, `NO_COLOR`). When false the output holds no escape code. */
  readonly color: boolean;
  /** The apply was interrupted (Ctrl-C): the closing line says so. */
  readonly interrupted?: boolean;
  /** The `--report` file, named where the report lists what the screen only counts. */
  readonly reportFile?: string;
}

/** Most not-attempted changes of one reason listed one per line; more are counted per kind and action. */
const MAX_LISTED = 10;

const ACTION_ORDER: readonly ChangeAction[] = ['create', 'update', 'promote', 'demote', 'replace', 'delete', 'obtain', 'renew', 'revoke'];

const LABEL: Readonly<Record<OutcomeStatus, string>> = { applied: 'applied', failed: 'failed', not_attempted: 'not attempted' };
const WIDTH = Math.max(...Object.values(LABEL).map((l) => l.length));

/**
 * One line, without a newline, for one change's outcome on a non-TTY, statuses padded to one
 * column, e.g. `applied       + inbound_mapping "155" (ruleid 7)`,
 * `failed        ~ outbound_route "US" (ruleid 12): API_BAD_REQUEST: …` or
 * `not attempted - outbound_route "Old" (ruleid 3): <reason>`. Promote and demote are named in
 * the parentheses, since their mark is the `~` of an update. A lease change names its lease id:
 * `applied       + endpoint_lease "ci-softphone" (lease 42)` (for a renew, the new lease's id).
 */
export function renderOutcomeLine(outcome: ChangeOutcome, options: ApplyTextOptions): string {
  const style = styleFor(options.color);
  const label = LABEL[outcome.status].padEnd(WIDTH);
  return `${statusColor(outcome.status, style)(label)} ${describeOutcome(outcome, style)}`;
}

/**
 * The closing report of an apply, ending with a newline: every failed change with its error code
 * and message, the changes not attempted, then one line
 * `Apply complete: 5 applied, 1 failed, 2 not attempted. Proxy reloaded.` (`Apply interrupted: …`
 * after Ctrl-C); the proxy sentence is `Proxy reloaded.`, `Proxy not reloaded.` or
 * `Proxy reload failed: <error>.` from `reloaded` and `reload_error`. All three counts are always
 * shown.
 *
 * Changes not attempted are grouped by their reason. A group of at most {@link MAX_LISTED} is listed
 * one per line; a larger group, and the changes an interrupt kept from starting, are counted per
 * kind and action (`inbound_mapping: 1980 to create`), pointing to the `--report` file for the list,
 * so that interrupting a large apply does not flood the screen.
 */
export function renderApplyReport(report: ApplyReport, options: ApplyTextOptions): string {
  const style = styleFor(options.color);
  const out: string[] = [];
  const failedOnes = report.outcomes.filter((o) => o.status === 'failed');
  if (failedOnes.length > 0)
    out.push(statusColor('failed', style)(style.bold('Failed:')), ...failedOnes.map((o) => `  ${describeOutcome(o, style)}`), '');
  out.push(
    ...notAttemptedLines(
      report.outcomes.filter((o) => o.status === 'not_attempted'),
      options,
      style,
    ),
  );
  const { applied, failed, not_attempted } = report.counts;
  const ok = failed === 0 && not_attempted === 0 && !options.interrupted;
  const counts = `Apply ${options.interrupted ? 'interrupted' : 'complete'}: ${applied} applied, ${failed} failed, ${not_attempted} not attempted.`;
  out.push(`${style.bold(ok ? style.green(counts) : style.red(counts))} ${proxySentence(report, style)}`);
  return `${out.join('\n')}\n`;
}

function notAttemptedLines(outcomes: readonly ChangeOutcome[], options: ApplyTextOptions, style: Style): string[] {
  const byReason = new Map<string, ChangeOutcome[]>();
  for (const o of outcomes) {
    const reason = o.reason ?? '';
    byReason.set(reason, [...(byReason.get(reason) ?? []), o]);
  }
  const listed: ChangeOutcome[] = [];
  const counted: string[] = [];
  const title = (text: string): string => statusColor('not_attempted', style)(style.bold(text));
  for (const [reason, group] of byReason) {
    if (group.length <= MAX_LISTED && reason !== INTERRUPTED_REASON) {
      listed.push(...group);
      continue;
    }
    const why = reason === INTERRUPTED_REASON ? 'interrupted before they started' : cleanText(reason);
    const where =
      options.reportFile !== undefined ? `${cleanText(options.reportFile)} lists each one` : 'run with --report FILE to list each one';
    counted.push(
      title(`Not attempted, ${why}: ${count(group.length, 'change')} (${where}):`),
      ...countByKind(group).map((line) => `  ${line}`),
      '',
    );
  }
  const head = listed.length > 0 ? [title('Not attempted:'), ...listed.map((o) => `  ${describeOutcome(o, style)}`), ''] : [];
  return [...head, ...counted];
}

/** `inbound_mapping: 1980 to create, 2 to delete`, one line per kind, in the plan's orders. */
function countByKind(outcomes: readonly ChangeOutcome[]): string[] {
  return KINDS.flatMap((kind) => {
    const parts = ACTION_ORDER.map((action) => [action, outcomes.filter((o) => o.kind === kind && o.action === action).length] as const)
      .filter(([, n]) => n > 0)
      .map(([action, n]) => `${n} to ${action}`);
    return parts.length > 0 ? [`${kind}: ${parts.join(', ')}`] : [];
  });
}

function describeOutcome(outcome: ChangeOutcome, style: Style): string {
  const extras = [
    ...(outcome.action === 'promote' || outcome.action === 'demote' ? [outcome.action] : []),
    ...(outcome.ruleid !== undefined ? [`ruleid ${outcome.ruleid}`] : []),
    ...(outcome.lease_id !== undefined ? [`lease ${outcome.lease_id}`] : []),
    ...(outcome.gwgroupid !== undefined ? [`gwgroupid ${outcome.gwgroupid}`] : []),
  ];
  const base = `${markColor(MARK[outcome.action], style)} ${subject(outcome.kind, outcome.key)}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}`;
  if (outcome.status === 'failed' && outcome.error !== undefined)
    return `${base}: ${cleanText(outcome.error.code)}: ${cleanText(outcome.error.message)}`;
  if (outcome.status === 'not_attempted' && outcome.reason !== undefined) return `${base}: ${cleanText(outcome.reason)}`;
  return base;
}

function proxySentence(report: ApplyReport, style: Style): string {
  if (report.reload_error !== undefined) return style.red(`Proxy reload failed: ${cleanText(report.reload_error)}.`);
  return report.reloaded ? 'Proxy reloaded.' : 'Proxy not reloaded.';
}

function statusColor(status: OutcomeStatus, style: Style): (text: string) => string {
  return status === 'applied' ? style.green : status === 'failed' ? style.red : style.yellow;
}
