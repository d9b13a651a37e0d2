import type { DriftReport } from './drift-report.js';
import {
  CAUSE_MARK,
  CAUSE_WORDS,
  IMPACT_SENTENCE,
  PENDING_RELOAD_SENTENCE,
  UNDO_SENTENCE,
  driftHeadline,
  fieldWords,
  objectLabel,
  sideWords,
} from './drift-words.js';
import { coexistenceTextLines } from './coexistence-section.js';
import { impactTextLines } from './impact-section.js';
import { cleanText, styleFor } from './style.js';

/**
 * A drift report as text, ending with a newline: the platform, a headline counting what differs,
 * one block per drifted object (a changed object's differing fields, platform value then files'
 * value; a missing or extra object's fields), the mappings the Numbers module emptied, the routing impact of undoing the drift as a plan
 * shows it, and what to do. Without drift: the platform and one line (and, in both, whether a
 * reload of the proxy is pending). Pure; user text is escaped.
 */
export function renderDriftText(report: DriftReport, options: { readonly color?: boolean } = {}): string {
  const style = styleFor(options.color === true);
  const api = report.api_profile !== undefined ? ` (API ${report.api_profile})` : '';
  const lines = [`dsipform drift: ${cleanText(report.target)}${api}`, '', style.bold(driftHeadline(report))];
  if (report.pending_reload) lines.push(style.yellow(PENDING_RELOAD_SENTENCE));
  if (!report.drift) return `${lines.join('\n')}\n`;
  for (const o of report.objects) {
    const head = `${CAUSE_MARK[o.drift]} ${objectLabel(o)}: ${CAUSE_WORDS[o.drift]}`;
    lines.push('', o.drift === 'extra' ? style.red(head) : o.drift === 'missing' ? style.green(head) : style.yellow(head));
    const body =
      o.drift === 'changed'
        ? o.fields.map((f) => fieldWords(o, f, report.names))
        : sideWords(o, o.drift === 'extra' ? 'live' : 'file', report.names);
    lines.push(...body.map((l) => `    ${l}`));
  }
  const emptied = coexistenceTextLines(report.coexistence, style);
  if (emptied.length > 0) lines.push('', ...emptied.slice(0, -1));
  const impact = impactTextLines(report.routing_impact, style, report.horizon);
  if (impact.length > 0) lines.push('', IMPACT_SENTENCE, ...impact.slice(0, -1));
  lines.push('', UNDO_SENTENCE);
  return `${lines.join('\n')}\n`;
}
