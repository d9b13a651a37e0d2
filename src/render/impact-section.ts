import { losesRoute, type ImpactEntry } from '../model/routing.js';
import { codeSpan, escapeMarkdown } from './markdown.js';
import { describeImpact } from './routing-impact.js';
import { cleanText, type Style } from './style.js';

/** How many calls a markdown plan lists before it counts the rest. */
export const MARKDOWN_IMPACT_LINES = 50;

/** The title of the section, with the probe time: `Routing impact (calls at 2026-12-28T10:00:00 Europe/London):`. */
function title(impact: readonly ImpactEntry[]): string {
  const at = impact[0]?.before.at;
  return at ? `Routing impact (calls at ${cleanText(at)}):` : 'Routing impact:';
}

// A call that routes before the plan and worse after it (its worst candidate counted) is what the safety check refuses.
function loses(entry: ImpactEntry): boolean {
  return losesRoute(entry.before, entry.after);
}

/**
 * The text plan's `Routing impact` section, with a blank line after it: the title, then one line per
 * probed call whose routing the plan changes (red when the call loses its route), in the plan's
 * order. Nothing when no call changes.
 */
export function impactTextLines(impact: readonly ImpactEntry[], style: Style): string[] {
  if (impact.length === 0) return [];
  const lines = impact.map((e) => `  ${loses(e) ? style.red(describeImpact(e)) : describeImpact(e)}`);
  return [style.bold(title(impact)), ...lines, ''];
}

/**
 * The markdown plan's `Routing impact` section: a bold title and a list of at most
 * {@link MARKDOWN_IMPACT_LINES} calls, then how many more `dsipform plan` shows. Nothing when no
 * call changes.
 */
export function impactMarkdownLines(impact: readonly ImpactEntry[]): string[] {
  if (impact.length === 0) return [];
  const shown = impact.slice(0, MARKDOWN_IMPACT_LINES).map((e) => `- ${loses(e) ? '⚠️ ' : ''}${escapeMarkdown(describeImpact(e))}`);
  const more = impact.length - shown.length;
  const tail = more > 0 ? [`- _and ${more} more; ${codeSpan('dsipform plan')} shows all_`] : [];
  return [`**${escapeMarkdown(title(impact))}**`, '', ...shown, ...tail];
}
