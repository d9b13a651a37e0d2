/**
 * The `Emptied by the Numbers module` section of plans and drift reports (text, markdown; the HTML
 * plan has its own markup of the same words): each managed inbound mapping the Numbers module
 * emptied, with the code users can search for (MAPPING_EMPTIED_BY_NUMBERS), the words and the
 * hint. Pure; user text is escaped.
 */
import type { EmptiedMappingFinding } from '../model/coexistence.js';
import { count } from '../model/words.js';
import { escapeMarkdown } from './markdown.js';
import { cleanText, type Style } from './style.js';

/** The section's title: `Emptied by the Numbers module (1 inbound mapping):`. */
export function coexistenceTitle(findings: readonly EmptiedMappingFinding[]): string {
  return `Emptied by the Numbers module (${count(findings.length, 'inbound mapping')}):`;
}

/** `FILE:LINE:COL: `, or nothing. */
function where(f: EmptiedMappingFinding): string {
  return f.origin ? `${f.origin.file}:${f.origin.line}:${f.origin.col}: ` : '';
}

/**
 * The text lines, with a blank line after them: the title, then per finding `warning
 * (MAPPING_EMPTIED_BY_NUMBERS): FILE:LINE:COL: message` and `  hint: …` (yellow when the repair
 * does not hold). Nothing when there is none.
 */
export function coexistenceTextLines(findings: readonly EmptiedMappingFinding[] | undefined, style: Style): string[] {
  if (!findings || findings.length === 0) return [];
  const lines = [style.bold(coexistenceTitle(findings))];
  for (const f of findings) {
    const head = `  warning (${f.code}): ${cleanText(`${where(f)}${f.message}`)}`;
    lines.push(f.repair_holds ? head : style.yellow(head), `    hint: ${cleanText(f.hint)}`);
  }
  return [...lines, ''];
}

/** The markdown lines: a bold title, then one item per finding with its code, words and hint. Nothing when there is none. */
export function coexistenceMarkdownLines(findings: readonly EmptiedMappingFinding[] | undefined): string[] {
  if (!findings || findings.length === 0) return [];
  return [
    `**${escapeMarkdown(coexistenceTitle(findings))}**`,
    '',
    ...findings.map(
      (f) => `- \`${f.code}\`: ${escapeMarkdown(cleanText(`${where(f)}${f.message}`))} _${escapeMarkdown(cleanText(`Hint: ${f.hint}`))}_`,
    ),
  ];
}
