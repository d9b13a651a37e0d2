import type { ApplyReport, ChangeOutcome, OutcomeStatus } from '../reconcile/types.js';
import { markColor } from './layout.js';
import { cleanText, styleFor, type Style } from './style.js';
import { MARK, subject } from './values.js';

/** Options of the apply renderers. */
export interface ApplyTextOptions {
  /** ANSI colour; the caller decides (TTY, `NO_COLOR`). When false the output holds no escape code. */
  readonly color: boolean;
}

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
 * and message, every change not attempted with its reason, then one line
 * `Apply complete: 5 applied, 1 failed, 2 not attempted. Proxy reloaded.`; the proxy sentence is
 * `Proxy reloaded.`, `Proxy not reloaded.` or `Proxy reload failed: <error>.` from `reloaded` and
 * `reload_error`. All three counts are always shown.
 */
export function renderApplyReport(report: ApplyReport, options: ApplyTextOptions): string {
  const style = styleFor(options.color);
  const out: string[] = [];
  for (const [status, title] of [['failed', 'Failed:'], ['not_attempted', 'Not attempted:']] as const) {
    const listed = report.outcomes.filter((o) => o.status === status);
    if (listed.length > 0) out.push(statusColor(status, style)(style.bold(title)), ...listed.map((o) => `  ${describeOutcome(o, style)}`), '');
  }
  const { applied, failed, not_attempted } = report.counts;
  const ok = failed === 0 && not_attempted === 0;
  const counts = `Apply complete: ${applied} applied, ${failed} failed, ${not_attempted} not attempted.`;
  out.push(`${style.bold(ok ? style.green(counts) : style.red(counts))} ${proxySentence(report, style)}`);
  return `${out.join('\n')}\n`;
}

function describeOutcome(outcome: ChangeOutcome, style: Style): string {
  const extras = [
    ...(outcome.action === 'promote' || outcome.action === 'demote' ? [outcome.action] : []),
    ...(outcome.ruleid !== undefined ? [`ruleid ${outcome.ruleid}`] : []),
    ...(outcome.lease_id !== undefined ? [`lease ${outcome.lease_id}`] : []),
  ];
  const base = `${markColor(MARK[outcome.action], style)} ${subject(outcome.kind, outcome.key)}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}`;
  if (outcome.status === 'failed' && outcome.error !== undefined) return `${base}: ${cleanText(outcome.error.code)}: ${cleanText(outcome.error.message)}`;
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
