import { KIND_SPECS } from '../model/kinds.js';
import type { DecidedRule, ImpactEntry, RouteDecision } from '../model/routing.js';
import { cleanText, quote } from './style.js';

/**
 * One probed call of a plan's routing impact in words, e.g.
 * `calls to 44… from …1555: carrier group 5 → carrier group 7 (route "UK")` or
 * `calls to 1800…: no route → carrier group 3 (route "Toll free")`. The call is named by the
 * longest rule prefix (of either side) its number starts with (`every other number` when only a
 * catch-all rule matches it), and the From by the LCR pattern's
 * From part it matches; each side by where it sends the call, and the rule that decides it (once,
 * after the arrow, when both sides share the rule). Pure; user text is escaped.
 */
export function describeImpact(entry: ImpactEntry): string {
  const { before, after } = entry;
  const same = before.rule !== undefined && after.rule !== undefined && sameRule(before.rule, after.rule);
  return `${describeProbe(entry)}: ${side(before, !same)} → ${side(after, true)}`;
}

/** The probed call alone: `calls to 44… from …1555`. */
export function describeProbe(entry: Pick<ImpactEntry, 'from' | 'to' | 'before' | 'after'>): string {
  let prefix = '';
  let fromPart = '';
  const from = entry.from ?? '';
  // The rules of both sides: the winner, or the candidates of an undefined order.
  for (const decision of [entry.before, entry.after])
    for (const r of decision.rule ? [decision.rule] : decision.candidates) {
      if (r.prefix.length > prefix.length && entry.to.startsWith(r.prefix)) prefix = r.prefix;
      const f = r.lcr_pattern ? fromPartOf(r.lcr_pattern) : '';
      if (f.length > fromPart.length && from.includes(f)) fromPart = f;
    }
  // Only a catch-all rule (prefix "") matched: the probe number stands for every number no other prefix takes.
  const to = prefix === '' ? 'calls to every other number' : `calls to ${cleanText(prefix)}…`;
  if (from === '') return to;
  return `${to} from ${fromPart === '' ? cleanText(from) : `…${cleanText(fromPart)}`}`;
}

/** How a rule is named in a sentence: `route "UK"`, `mapping "15551230001"`, `default mapping`. */
export function ruleLabel(rule: Pick<DecidedRule, 'kind' | 'key'>): string {
  const spec = KIND_SPECS[rule.kind];
  return rule.key === '' && spec.emptyKeyLabel !== undefined ? spec.emptyKeyLabel : `${spec.shortNoun} ${quote(rule.key)}`;
}

/**
 * Where a gateway list sends a call: `carrier group 5` (a `#5` reference, in either direction, as
 * the files and the rest of the plan name it), `gateway 66`, `gateways 66, 67`.
 */
export function describeTarget(gwlist: string): string {
  if (gwlist.startsWith('#')) return `carrier group ${cleanText(gwlist.slice(1))}`;
  const ids = gwlist.split(/[,|;]/).filter((id) => id !== '');
  return `${ids.length === 1 ? 'gateway' : 'gateways'} ${cleanText(ids.join(', '))}`;
}

function side(decision: RouteDecision, labelled: boolean): string {
  if (decision.result === 'no_route') return 'no route';
  if (decision.result === 'ambiguous') {
    // A candidate that makes the call fail when picked is named so: the worst case counts.
    const each = decision.candidates.map((c, i) => `${ruleLabel(c)}${decision.outcomes?.[i]?.result === 'no_route' ? ': no route' : ''}`);
    return `ambiguous (${each.join(' or ')})`;
  }
  const target = describeTarget(decision.gwlist ?? '');
  return labelled && decision.rule ? `${target} (${ruleLabel(decision.rule)})` : target;
}

function sameRule(a: DecidedRule, b: DecidedRule): boolean {
  return a.kind === b.kind && a.key === b.key;
}

/** The From part of an LCR pattern `<from_prefix>-<prefix>` (a From prefix holds no `-`). */
function fromPartOf(pattern: string): string {
  const dash = pattern.indexOf('-');
  return dash < 0 ? '' : pattern.slice(0, dash);
}
