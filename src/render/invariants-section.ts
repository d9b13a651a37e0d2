/**
 * The plan's `Routing invariants` section (text and markdown): each of the files' invariants as
 * decided against the rules after the plan, a violated one with the call that breaks it and the
 * `dsipform route` command that replays it, and the refusal when one is violated. Pure.
 */
import type { PlanInvariant } from '../model/invariant.js';
import { count, plural } from '../model/words.js';
import { codeSpan, escapeMarkdown } from './markdown.js';
import { cleanText, type Style } from './style.js';

/** `file:line` of an invariant, or `(no file)`. */
function place(r: PlanInvariant): string {
  return r.origin ? `${r.origin.file}:${r.origin.line}` : '(no file)';
}

/** `Routing invariants (against the rules after the plan): 2 held, 1 violated`. */
function title(records: readonly PlanInvariant[]): string {
  const bad = records.filter((r) => r.status === 'violated').length;
  return `Routing invariants (against the rules after the plan): ${records.length - bad} held, ${bad} violated`;
}

/** `Refused without --force: 1 of 3 routing invariants is violated.`, or null when none is. */
function refusedLine(records: readonly PlanInvariant[]): string | null {
  const bad = records.filter((r) => r.status === 'violated').length;
  if (bad === 0) return null;
  return `Refused without --force: ${bad} of ${count(records.length, 'routing invariant')} ${plural(bad, 'is', 'are')} violated.`;
}

/**
 * The text plan's section, with a blank line after it: the title, then per invariant `ok    FILE:LINE
 * name`, or `FAIL  FILE:LINE name` with why (red: the call, its instant, what it took, the window
 * in words) and `replay: dsipform route …`; last the refusal line. Nothing when the plan has none.
 */
export function invariantsTextLines(records: readonly PlanInvariant[] | undefined, style: Style): string[] {
  if (!records || records.length === 0) return [];
  const lines = [style.bold(title(records))];
  for (const r of records) {
    const head = cleanText(`${place(r)} ${r.name}`);
    if (r.status === 'held') {
      lines.push(`  ok    ${head}`);
      continue;
    }
    lines.push(`  ${style.red('FAIL')}  ${head}`, `        ${style.red(cleanText(r.message ?? 'violated'))}`);
    if (r.counterexample) lines.push(`        replay: ${cleanText(r.counterexample.replay)}`);
  }
  const refused = refusedLine(records);
  if (refused) lines.push(`  ${style.bold(style.yellow(refused))}`);
  return [...lines, ''];
}

/** A table cell: inert markdown on one line. */
function cell(text: string): string {
  return escapeMarkdown(cleanText(text));
}

/**
 * The markdown plan's section: a bold title, a `[!CAUTION]` alert when one is violated, and a
 * table (violated ones first): status, invariant, why with the replay command. Nothing when none.
 */
export function invariantsMarkdownLines(records: readonly PlanInvariant[] | undefined): string[] {
  if (!records || records.length === 0) return [];
  const lines = [`**${escapeMarkdown(title(records))}**`, ''];
  const refused = refusedLine(records);
  if (refused) lines.push('> [!CAUTION]', `> **${escapeMarkdown(refused).replace('--force', '`--force`')}**`, '');
  const ordered = [...records.filter((r) => r.status === 'violated'), ...records.filter((r) => r.status === 'held')];
  const rows = ordered.map((r) => {
    const replay = r.counterexample ? `<br>${codeSpan(cleanText(r.counterexample.replay))}` : '';
    const why = r.status === 'violated' ? `${cell(r.message ?? 'violated')}${replay}` : '';
    return `| ${r.status === 'held' ? '✅ held' : '❌ violated'} | ${cell(place(r))} ${cell(r.name)} | ${why} |`;
  });
  lines.push('| Status | Invariant | The call that breaks it |', '| :-- | :-- | :-- |', ...rows);
  return lines;
}
