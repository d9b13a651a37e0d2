import type { RouteDecision } from '../../model/routing.js';
import { describeTarget, ruleLabel } from '../routing-impact.js';

/**
 * What a decision does with a call, in the words of the text plan's impact: `carrier group 5
 * (route "UK")`, `no route`, `ambiguous (route "A" or route "B": no route)`. The gateway list is
 * named by `gwlist_words` (names beside ids) when the decision carries it, else by its ids. Plain
 * text; the caller escapes it.
 */
export function decisionWords(decision: RouteDecision & { readonly gwlist_words?: string }): string {
  if (decision.result === 'no_route') return 'no route';
  if (decision.result === 'ambiguous') {
    // A candidate that makes the call fail when the proxy picks it says so: the worst case counts.
    const each = decision.candidates.map((c, i) => `${ruleLabel(c)}${decision.outcomes?.[i]?.result === 'no_route' ? ': no route' : ''}`);
    return `ambiguous (${each.join(' or ')})`;
  }
  const target = decision.gwlist_words ?? describeTarget(decision.gwlist ?? '');
  return decision.rule ? `${target} (${ruleLabel(decision.rule)})` : target;
}
