import type { Kind } from '../model/desired.js';
import type { ChangeAction } from '../model/plan.js';
import { count } from '../model/words.js';
import { MARK } from './values.js';

/** The changes of one kind, each already laid out as lines of a ```` ```diff ```` block. */
export interface KindDetails {
  readonly kind: Kind;
  readonly blocks: readonly string[];
  /** The action of each block, index for index. */
  readonly actions: readonly ChangeAction[];
}

/**
 * The sentence that tells a reader of a cut section what is missing, per action (the deletes a
 * reviewer most needs may be among them), and where to see it, e.g. `_Not shown, to keep this
 * comment short: 7824 more outbound_route changes (3824 to update, 4000 to delete); \`dsipform
 * plan\` shows all._`
 */
function omittedLine(kind: Kind, omitted: readonly ChangeAction[]): string {
  const per = (Object.keys(MARK) as ChangeAction[])
    .map((action) => [action, omitted.filter((a) => a === action).length] as const)
    .filter(([, n]) => n > 0)
    .map(([action, n]) => `${n} to ${action}`);
  return `_Not shown, to keep this comment short: ${count(omitted.length, `more ${kind} change`)} (${per.join(', ')}); \`dsipform plan\` shows all._`;
}

/** One collapsible section showing the first `shown` changes of a kind, and a line for the rest. */
function renderSection(details: KindDetails, shown: number): string {
  const total = details.blocks.length;
  const title =
    shown < total ? `${details.kind}: ${count(total, 'change')} (first ${shown} shown)` : `${details.kind}: ${count(total, 'change')}`;
  const lines = [`<details><summary>${title}</summary>`, ''];
  if (shown > 0) lines.push('```diff', details.blocks.slice(0, shown).join('\n\n'), '```');
  if (shown < total) lines.push(...(shown > 0 ? [''] : []), omittedLine(details.kind, details.actions.slice(shown)));
  lines.push('', '</details>');
  return lines.join('\n');
}

/**
 * The sections of every kind, together at most `budget` characters (separators included) when
 * that is possible at all. Budget is shared out water-filling: a kind that needs less than an
 * equal share keeps all its changes and leaves the rest to the others; a cut kind shows its first
 * changes in plan order, then {@link omittedLine}.
 */
export function fitSections(all: readonly KindDetails[], budget: number, separator: string): string[] {
  const full = all.map((d) => renderSection(d, d.blocks.length));
  const room = budget - separator.length * Math.max(0, all.length - 1);
  if (full.reduce((sum, s) => sum + s.length, 0) <= room) return full;
  const shares = waterFill(
    full.map((s) => s.length),
    room,
  );
  return all.map((d, i) => renderSection(d, largestFitting(d, shares[i] ?? 0)));
}

function waterFill(needs: readonly number[], total: number): number[] {
  const shares = needs.map(() => 0);
  const order = needs.map((_, i) => i).sort((a, b) => (needs[a] ?? 0) - (needs[b] ?? 0));
  let left = Math.max(0, total);
  order.forEach((i, rank) => {
    const share = Math.min(needs[i] ?? 0, Math.floor(left / (order.length - rank)));
    shares[i] = share;
    left -= share;
  });
  return shares;
}

// Longer with every change shown (each block outweighs the digits the counts lose), so a binary search works.
function largestFitting(details: KindDetails, limit: number): number {
  let lo = 0;
  let hi = details.blocks.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (renderSection(details, mid).length <= limit) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
