import { losesRoute, type Horizon, type ImpactEntry } from '../model/routing.js';
import { codeSpan, escapeMarkdown } from './markdown.js';
import { describeImpact } from './routing-impact.js';
import { cleanText, type Style } from './style.js';

/** How many classes a markdown plan lists before it counts the rest. */
export const MARKDOWN_IMPACT_LINES = 50;

/** What a plan says when it changes rules and no call's route: every class, every window, examined. */
export const NO_CALL_CHANGES = 'No call changes its route.';

/**
 * The title of the section, with the time examined: `Routing impact (checked over one week from Mon
 * 2026-11-30 00:00 America/New_York):`; a plan saved before the horizon names its probe time.
 */
function title(impact: readonly ImpactEntry[], horizon: Horizon | undefined): string {
  if (horizon) return `Routing impact (${cleanText(horizon.words)}):`;
  const at = impact[0]?.before.at;
  return at ? `Routing impact (calls at ${cleanText(at)}):` : 'Routing impact:';
}

// A class that routes before the plan and worse after it (its worst candidate counted) is what the safety check refuses.
function loses(entry: ImpactEntry): boolean {
  return losesRoute(entry.before, entry.after);
}

/**
 * The text plan's `Routing impact` section, with a blank line after it: the title with the time
 * examined, then one line per class of calls and window whose routing the plan changes (red when
 * the calls lose their route), in the plan's order; {@link NO_CALL_CHANGES} when the plan changes
 * rules (`horizon` given) and no call's route. Nothing when the plan changes no rule.
 */
export function impactTextLines(impact: readonly ImpactEntry[], style: Style, horizon?: Horizon): string[] {
  if (impact.length === 0) return horizon ? [style.bold(title(impact, horizon)), `  ${NO_CALL_CHANGES}`, ''] : [];
  const lines = impact.map((e) => `  ${loses(e) ? style.red(describeImpact(e)) : describeImpact(e)}`);
  return [style.bold(title(impact, horizon)), ...lines, ''];
}

/**
 * The markdown plan's `Routing impact` section: a bold title and a list of at most
 * {@link MARKDOWN_IMPACT_LINES} classes, then how many more `dsipform plan` shows;
 * {@link NO_CALL_CHANGES} when the plan changes rules and no call's route. Nothing when it changes
 * no rule.
 */
export function impactMarkdownLines(impact: readonly ImpactEntry[], horizon?: Horizon): string[] {
  if (impact.length === 0) return horizon ? [`**${escapeMarkdown(title(impact, horizon))}** ${NO_CALL_CHANGES}`] : [];
  const shown = impact.slice(0, MARKDOWN_IMPACT_LINES).map((e) => `- ${loses(e) ? '⚠️ ' : ''}${escapeMarkdown(describeImpact(e))}`);
  const more = impact.length - shown.length;
  const tail = more > 0 ? [`- _and ${more} more; ${codeSpan('dsipform plan')} shows all_`] : [];
  return [`**${escapeMarkdown(title(impact, horizon))}**`, '', ...shown, ...tail];
}
