import { coexistenceMarkdownLines } from './coexistence-section.js';
import { KINDS, type Kind } from '../model/desired.js';
import type { Plan } from '../model/plan.js';
import { changeBlock } from './change-block.js';
import { layoutDiff } from './layout.js';
import { codeSpan, escapeMarkdown } from './markdown.js';
import { fitSections, type KindDetails } from './markdown-details.js';
import { impactMarkdownLines } from './impact-section.js';
import { testsMarkdownLines } from './tests-section.js';
import { invariantsMarkdownLines } from './invariants-section.js';
import { REFUSED, describeFinding } from './safety.js';
import { cleanText } from './style.js';
import { kindOf, noChangesLines, planSummaryLine } from './summary.js';

/** The most characters a markdown plan may have (GitHub refuses comments over 65,536). */
export const MARKDOWN_LIMIT = 60_000;

const COLUMNS = ['create', 'update', 'promote', 'demote', 'delete', 'unchanged'] as const;
const LEASE_COLUMNS = ['obtain', 'renew', 'revoke'] as const;
type Column = (typeof COLUMNS)[number] | (typeof LEASE_COLUMNS)[number] | 'replace';

/**
 * A plan as a pull-request comment, ending with a newline: a title with the target (and the lease
 * state file, if any), a summary table (a row per managed kind and a total; columns create, update,
 * promote, demote, delete, then obtain, renew, revoke when the plan manages leases or changes one,
 * then unchanged), safety findings as a `[!WARNING]` alert, notes, the routing impact (the calls whose
 * routing changes, at most 50 listed), the routing tests (a table, a `[!CAUTION]` when one failed), the summary line, then one
 * collapsed `<details>` section per kind that has changes, with a ```` ```diff ```` block of its
 * changes (marks in column 0).
 *
 * Never longer than {@link MARKDOWN_LIMIT}: the head (everything but the details) is always kept;
 * when the details would not fit, each kind shows its first changes and a line saying how many were
 * left out and that `dsipform plan` shows all. User text is escaped; pure and deterministic.
 */
export function renderPlanMarkdown(plan: Plan): string {
  const head = headLines(plan).join('\n');
  const details: KindDetails[] = KINDS.map((kind) => detailsOf(plan, kind)).filter((d) => d.blocks.length > 0);
  if (details.length === 0) return capped(`${head}\n`);
  const separator = '\n\n';
  const sections = fitSections(details, MARKDOWN_LIMIT - head.length - separator.length - 1, separator);
  return capped(`${head}${separator}${sections.join(separator)}\n`);
}

function headLines(plan: Plan): string[] {
  const managed = plan.managed.length > 0 ? plan.managed.map(codeSpan).join(', ') : 'none';
  const state = plan.state_file !== undefined ? ` · State: ${codeSpan(cleanText(plan.state_file))}` : '';
  const numbers = plan.numbers_module === undefined ? '' : ` (${plan.numbers_module ? 'with' : 'without'} the Numbers module)`;
  const api = plan.api_profile !== undefined ? ` · API: ${codeSpan(plan.api_profile)}${numbers}` : '';
  const lines = [
    '## dsipform plan',
    '',
    `Target: ${codeSpan(cleanText(plan.target))} · Managed: ${managed}${state}${api}`,
    '',
    ...table(plan),
  ];
  if (plan.safety.length > 0) lines.push('', ...warning(plan));
  const emptied = coexistenceMarkdownLines(plan.coexistence);
  if (emptied.length > 0) lines.push('', ...emptied);
  if (plan.notes.length > 0) lines.push('', '**Notes**', '', ...plan.notes.map((n) => `- ${escapeMarkdown(cleanText(n))}`));
  const impact = impactMarkdownLines(plan.routing_impact ?? [], plan.horizon);
  if (impact.length > 0) lines.push('', ...impact);
  const tests = testsMarkdownLines(plan.routing_tests);
  if (tests.length > 0) lines.push('', ...tests);
  const invariants = invariantsMarkdownLines(plan.invariants);
  if (invariants.length > 0) lines.push('', ...invariants);
  if (plan.changes.length === 0) {
    const [first = '', ...rest] = noChangesLines(plan);
    lines.push('', `**${first}**`, ...rest);
  } else {
    lines.push('', `**${planSummaryLine(plan.summary.total)}**`);
  }
  return lines;
}

function table(plan: Plan): string[] {
  const kinds = plan.managed.map(kindOf);
  const columns = columnsOf(plan);
  const row = (label: string, cells: readonly number[]) => `| ${label} | ${cells.join(' | ')} |`;
  const total = columns.map((col) => (col === 'unchanged' ? plan.summary.unchanged : plan.summary.total[col]));
  return [
    `| Kind | ${columns.map(capitalize).join(' | ')} |`,
    `| :-- |${columns.map(() => ' --: |').join('')}`,
    ...kinds.map((kind) =>
      row(
        codeSpan(kind),
        columns.map((col) => plan.summary.by_kind[kind][col]),
      ),
    ),
    `| **Total** | ${total.map((n) => `**${n}**`).join(' | ')} |`,
  ];
}

// The lease columns only where leases are in play, so a plan of mappings and routes keeps its table.
function columnsOf(plan: Plan): readonly Column[] {
  const leases = plan.managed.includes('endpoint_leases') || LEASE_COLUMNS.some((col) => plan.summary.total[col] > 0);
  // A Replace column only where it can happen: under the deployed platform's API.
  const rules: readonly Column[] =
    plan.api_profile === 'current' || (plan.summary.total.replace ?? 0) > 0
      ? ['create', 'update', 'promote', 'demote', 'replace', 'delete']
      : COLUMNS.slice(0, -1);
  return leases ? [...rules, ...LEASE_COLUMNS, 'unchanged'] : [...rules, 'unchanged'];
}

function warning(plan: Plan): string[] {
  const lines = ['> [!WARNING]', `> **${REFUSED.replace('--force', '`--force`')}**`, '>'];
  for (const finding of plan.safety) {
    const view = describeFinding(finding);
    const keys = view.keys.map(codeSpan).join(', ') + (view.more > 0 ? ` and ${view.more} more` : '');
    lines.push(`> - ${escapeMarkdown(view.sentence)} ${view.label}: ${keys}.`);
  }
  return lines;
}

function detailsOf(plan: Plan, kind: Kind): KindDetails {
  const changes = plan.changes.filter((c) => c.kind === kind);
  return { kind, blocks: changes.map((c) => layoutDiff(changeBlock(c, plan.names)).join('\n')), actions: changes.map((c) => c.action) };
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// A last guard, for a head that alone is too long (thousands of notes): cut at a line and say so.
function capped(text: string): string {
  if (text.length <= MARKDOWN_LIMIT) return text;
  const tail = '\n\n_This plan was cut to stay under 60,000 characters; `dsipform plan` shows all._\n';
  const cut = text.lastIndexOf('\n', MARKDOWN_LIMIT - tail.length);
  return `${text.slice(0, Math.max(0, cut))}${tail}`;
}
