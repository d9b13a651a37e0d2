import type { ChangeAction, Plan, SafetyFinding } from '../model/plan.js';
import { changeBlock, type Mark } from './change-block.js';
import { layoutText, markColor } from './layout.js';
import { impactTextLines } from './impact-section.js';
import { testsTextLines } from './tests-section.js';
import { invariantsTextLines } from './invariants-section.js';
import { coexistenceTextLines } from './coexistence-section.js';
import { REFUSED, describeFinding } from './safety.js';
import { cleanText, styleFor, type Style } from './style.js';
import { noChangesLines, planSummaryLine } from './summary.js';

/** Options of the text renderer. */
export interface TextOptions {
  /** ANSI colour; the caller decides (TTY, `NO_COLOR`). When false the output holds no escape code. */
  readonly color: boolean;
}

/**
 * A plan as `terraform plan` shows one, ending with a newline:
 * - a header naming the target URL, the managed collections and the lease state file, if any;
 * - a legend of the marks in use, then every change in plan (apply) order as a `# …` headline,
 *   its reason if any, and a `+`/`~`/`-`/`-/+` block (see {@link changeBlock});
 * - a `Routing impact` section when the plan changes where probed calls go: one line per call
 *   (see {@link impactTextLines});
 * - a `Routing tests` section when the files hold routing tests: each test run against the rules
 *   after the plan, and the refusal when one failed (see {@link testsTextLines});
 * - the mappings the Numbers module emptied, when any (see {@link coexistenceTextLines});
 * - the plan's notes, then a `Warning: Refused without --force` box with each safety finding and
 *   the keys it would delete (at most 10 named);
 * - last, the summary line of {@link planSummaryLine}, or for a plan without changes
 *   `No changes. The platform matches the configuration.` and the count of unchanged objects.
 *
 * Pure and deterministic; keys, values and free text are escaped so they cannot carry control
 * characters to the terminal.
 */
export function renderPlanText(plan: Plan, options: TextOptions): string {
  let text = '';
  for (const part of planTextParts(plan, options)) text += part;
  return text;
}

/** About how many lines each part of {@link planTextParts} holds. */
const PART_LINES = 2_000;

/**
 * The text of {@link renderPlanText} in parts of about {@link PART_LINES} lines, each ending with a
 * newline; joined, they are that text. An apply that is approved already writes a big plan a part at
 * a time while its first changes are under way (cli/execute-plan.ts).
 */
export function* planTextParts(plan: Plan, options: TextOptions, partLines = PART_LINES): Generator<string> {
  let part: string[] = [];
  for (const block of planTextBlocks(plan, styleFor(options.color))) {
    for (const line of block) part.push(line);
    if (part.length >= partLines) {
      yield `${part.join('\n')}\n`;
      part = [];
    }
  }
  if (part.length > 0) yield `${part.join('\n')}\n`;
}

/**
 * The lines of the text plan in order (see {@link renderPlanText}), a block at a time: the header,
 * the legend, each change, the routing impact, the notes and box, the summary.
 */
function* planTextBlocks(plan: Plan, style: Style): Generator<readonly string[]> {
  yield header(plan, style);
  if (plan.changes.length === 0) {
    yield [
      '',
      ...testsTextLines(plan.routing_tests, style),
      ...invariantsTextLines(plan.invariants, style),
      ...coexistenceTextLines(plan.coexistence, style),
      ...notes(plan),
      ...noChangesLines(plan).map((line, i) => (i === 0 ? style.bold(style.green(line)) : line)),
    ];
    return;
  }
  yield ['', ...legend(plan, style), '', 'dsipform will perform the following actions:', ''];
  for (const change of plan.changes) {
    const lines = layoutText(changeBlock(change, plan.names), style);
    lines.push('');
    yield lines;
  }
  yield impactTextLines(plan.routing_impact ?? [], style, plan.horizon);
  yield testsTextLines(plan.routing_tests, style);
  yield invariantsTextLines(plan.invariants, style);
  yield coexistenceTextLines(plan.coexistence, style);
  yield notes(plan);
  if (plan.safety.length > 0) yield [...warningBox(plan.safety, style), ''];
  const line = planSummaryLine(plan.summary.total);
  yield [`${style.bold('Plan:')}${line.slice('Plan:'.length)}`];
}

function header(plan: Plan, style: Style): string[] {
  const managed = plan.managed.length > 0 ? plan.managed.join(', ') : '(none)';
  const lines = [`${style.bold('Target:')}  ${cleanText(plan.target)}`, `${style.bold('Managed:')} ${managed}`];
  if (plan.state_file !== undefined) lines.push(`${style.bold('State:')}   ${cleanText(plan.state_file)}`);
  if (plan.api_profile !== undefined) {
    const numbers = plan.numbers_module === undefined ? '' : `, ${plan.numbers_module ? 'with' : 'without'} the Numbers module`;
    const api = plan.api_profile === 'current' ? `current (the deployed platform releases${numbers})` : 'spec (as specified)';
    lines.push(`${style.bold('API:')}     ${api}`);
  }
  return lines;
}

// Each mark and the actions it stands for, in legend order: `-/+` last, as Terraform lists its replace.
const LEGEND: readonly (readonly [Mark, readonly (readonly [ChangeAction, string])[]])[] = [
  [
    '+',
    [
      ['create', 'create'],
      ['obtain', 'obtain'],
    ],
  ],
  [
    '~',
    [
      ['update', 'update in place'],
      ['promote', 'promote (simple → LCR)'],
      ['demote', 'demote (LCR → simple)'],
    ],
  ],
  [
    '-',
    [
      ['delete', 'delete'],
      ['revoke', 'revoke'],
    ],
  ],
  [
    '-/+',
    [
      ['replace', 'replace (delete, then create)'],
      ['renew', 'renew (revoke, then obtain anew)'],
    ],
  ],
];

// Only the marks and actions the plan uses, as Terraform does.
function legend(plan: Plan, style: Style): string[] {
  const used = new Set(plan.changes.map((c) => c.action));
  const lines = [
    'dsipform compared the platform with the configuration and made the following plan.',
    'Actions are indicated with the following symbols:',
  ];
  for (const [mark, actions] of LEGEND) {
    const words = actions.filter(([action]) => used.has(action)).map(([, word]) => word);
    if (words.length > 0) lines.push(`${' '.repeat(3 - mark.length)}${markColor(mark, style)} ${words.join(', ')}`);
  }
  return lines;
}

function notes(plan: Plan): string[] {
  if (plan.notes.length === 0) return [];
  return ['Notes:', ...plan.notes.map((note) => `  - ${cleanText(note)}`), ''];
}

// One box for all findings, drawn as Terraform draws its diagnostics.
function warningBox(findings: readonly SafetyFinding[], style: Style): string[] {
  const bar = style.yellow('│');
  const lines = [style.yellow('╷'), `${bar} ${style.bold(style.yellow('Warning:'))} ${style.bold(REFUSED)}`];
  for (const finding of findings) {
    const view = describeFinding(finding);
    const more = view.more > 0 ? ` and ${view.more} more` : '';
    lines.push(bar, `${bar} ${view.sentence}`, `${bar} ${view.label}: ${view.keys.join(', ')}${more}.`);
  }
  return [...lines, style.yellow('╵')];
}
