import type { DriftedObject, DriftReport } from './drift-report.js';
import {
  CAUSE_WORDS,
  IMPACT_SENTENCE,
  PENDING_RELOAD_SENTENCE,
  UNDO_SENTENCE,
  driftHeadline,
  fieldSides,
  objectLabel,
  sideWords,
} from './drift-words.js';
import { coexistenceMarkdownLines } from './coexistence-section.js';
import { impactMarkdownLines } from './impact-section.js';
import { codeSpan, escapeMarkdown } from './markdown.js';
import { cleanText } from './style.js';

/** How many drifted objects the table lists before it counts the rest (a comment stays readable and short). */
export const MARKDOWN_DRIFT_ROWS = 200;

/** The most characters a drift comment may have (GitHub refuses comments over 65,536). */
const MARKDOWN_LIMIT = 60_000;

/**
 * A drift report as markdown for a nightly job's issue or comment, ending with a newline: a title
 * with the headline, the platform, a table of the drifted objects (at most
 * {@link MARKDOWN_DRIFT_ROWS}; the platform's values beside the files'), the routing impact of
 * undoing the drift as a markdown plan shows it, and what to do. Never longer than 60,000
 * characters. User text is escaped; pure and deterministic.
 */
export function renderDriftMarkdown(report: DriftReport): string {
  const title = report.drift
    ? `## dsipform drift: ${report.objects.length} ${report.objects.length === 1 ? 'object differs' : 'objects differ'}`
    : '## dsipform drift: none';
  const api = report.api_profile !== undefined ? ` · API: ${codeSpan(report.api_profile)}` : '';
  const managed = report.managed.length > 0 ? report.managed.map(codeSpan).join(', ') : 'none';
  const lines = [
    title,
    '',
    `Target: ${codeSpan(cleanText(report.target))} · Managed: ${managed}${api}`,
    '',
    `**${escapeMarkdown(driftHeadline(report))}**`,
  ];
  if (report.pending_reload) lines.push('', `> [!NOTE]\n> ${escapeMarkdown(PENDING_RELOAD_SENTENCE)}`);
  if (!report.drift) return `${lines.join('\n')}\n`;
  lines.push('', '| Object | Drift | On the platform | In the files |', '| :-- | :-- | :-- | :-- |');
  const shown = report.objects.slice(0, MARKDOWN_DRIFT_ROWS);
  for (const o of shown) lines.push(row(o, report));
  const more = report.objects.length - shown.length;
  if (more > 0) lines.push('', `_and ${more} more; ${codeSpan('dsipform drift')} shows all_`);
  const emptied = coexistenceMarkdownLines(report.coexistence);
  if (emptied.length > 0) lines.push('', ...emptied);
  const impact = impactMarkdownLines(report.routing_impact, report.horizon);
  if (impact.length > 0) lines.push('', escapeMarkdown(IMPACT_SENTENCE), '', ...impact);
  lines.push('', escapeMarkdown(UNDO_SENTENCE));
  return capped(`${lines.join('\n')}\n`);
}

function row(o: DriftedObject, report: DriftReport): string {
  let live: string[];
  let file: string[];
  if (o.drift === 'changed') {
    const sides = o.fields.map((f) => ({ name: f.name, ...fieldSides(o, f, report.names) }));
    live = sides.map((s) => `${s.name}: ${s.live}`);
    file = sides.map((s) => `${s.name}: ${s.file}`);
  } else {
    live = o.drift === 'extra' ? sideWords(o, 'live', report.names) : [];
    file = o.drift === 'missing' ? sideWords(o, 'file', report.names) : [];
  }
  const cell = (items: readonly string[]): string => (items.length === 0 ? '—' : items.map(escapeMarkdown).join('<br>'));
  return `| ${escapeMarkdown(objectLabel(o))} | ${escapeMarkdown(CAUSE_WORDS[o.drift])} | ${cell(live)} | ${cell(file)} |`;
}

// A last guard for a report whose rows alone are too long: cut at a line and say so.
function capped(text: string): string {
  if (text.length <= MARKDOWN_LIMIT) return text;
  const tail = '\n\n_This report was cut to stay under 60,000 characters; `dsipform drift` shows all._\n';
  const cut = text.lastIndexOf('\n', MARKDOWN_LIMIT - tail.length);
  return `${text.slice(0, Math.max(0, cut))}${tail}`;
}
