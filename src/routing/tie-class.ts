/**
 * The decision of a tie class (callers.ts `from_holds: 'two_or_more'`): callers holding two or
 * more From parts of patterns of one length, all of which the rule set holds, and none of the From
 * parts of the longer patterns reaching the number (`from_except`: a caller holding one takes it). The proxy takes
 * whichever of the tied patterns the caller holds it meets first (match.ts, "ambiguous"); which
 * ones a caller holds differs from caller to caller, so the decision names every tied pattern's
 * route as a candidate and states no outcome per candidate: each candidate's outcome is what its
 * group does with the number, as the class of a caller holding that part alone shows. Pure.
 */
import type { RouteDecision } from '../model/routing.js';
import { fromPart, lcrTo } from './callers.js';
import { decidedRule } from './match.js';
import type { CallTime, RoutingRule, RuleSet } from './types.js';

/** The ambiguous decision of a tie class for `set`: the routes of its tied patterns reaching `to`, as candidates. */
export function tieDecision(
  set: RuleSet,
  call: { readonly from: string; readonly to: string; readonly at: CallTime },
  parts: ReadonlySet<string>,
  length: number,
): RouteDecision {
  const to = call.to.toLowerCase();
  const keys = new Set<string>();
  for (const r of set.lcr)
    if (r.pattern.length === length && parts.has(fromPart(r.pattern)) && to.startsWith(lcrTo(r.pattern))) keys.add(r.key);
  const candidates = set.rules
    .filter((r): r is RoutingRule & { lcr_pattern: string } => r.lcr_pattern !== undefined && keys.has(r.key))
    .map(decidedRule);
  const at = `${call.at.local} ${call.at.tz}`;
  return { direction: 'outbound', from: call.from, to: call.to, at, result: 'ambiguous', candidates, steps: [] };
}
