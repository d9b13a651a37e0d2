import { KIND_SPECS } from '../model/kinds.js';
import { fromWords, type DecidedRule, type ImpactEntry, type RouteDecision } from '../model/routing.js';
import { cleanText, quote } from './style.js';

/** How many left-out prefixes a class names before it counts the rest. */
const LISTED_EXCEPT = 8;

/**
 * One class of a plan's routing impact in words, e.g.
 * `calls to 1… except 1800… (e.g. 1), Mon–Fri 18:00–24:00 America/New_York: carrier group 2 (route "AH") → carrier group 9`
 * or `calls to every other number (e.g. 0): no route → carrier group 3 (route "Default")`: the
 * class ({@link describeProbe}), its window in words (left out when it is `always`), then each side
 * by where it sends the call (the gateway list with its names when the decision has them), and the
 * rule that decides it (once, after the arrow, when both sides share the rule). Pure; user text is
 * escaped.
 */
export function describeImpact(entry: ImpactEntry): string {
  const { before, after } = entry;
  const same = before.rule !== undefined && after.rule !== undefined && sameRule(before.rule, after.rule);
  const when = entry.when === undefined || entry.when === 'always' ? '' : `, ${cleanText(entry.when)}`;
  return `${describeProbe(entry)}${when}: ${side(before, !same)} → ${side(after, true)}`;
}

/**
 * The calls of a class: `calls to 44… except 441…, 4420… from …1555`, `calls to every other
 * number`, then the representative call when it says more than the class (`(e.g. 0)`, `(e.g. 1
 * from 15552666)`). An entry of a plan saved before the classes is named by the longest rule
 * prefix its number starts with, as it was then.
 */
export function describeProbe(
  entry: Pick<ImpactEntry, 'from' | 'to' | 'before' | 'after'> &
    Partial<Pick<ImpactEntry, 'prefix' | 'except' | 'from_parts' | 'from_holds' | 'from_except'>>,
): string {
  if (entry.prefix === undefined) return probeWords(entry);
  const to = entry.prefix === '' ? 'calls to every other number' : `calls to ${cleanText(entry.prefix)}…`;
  const except = entry.except ?? [];
  const listed = except.slice(0, LISTED_EXCEPT).map((p) => `${cleanText(p)}…`);
  const more = except.length - listed.length;
  const left = listed.length === 0 ? '' : ` except ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const parts = entry.from_parts ?? [];
  const from = fromWords(parts, entry.from_holds, cleanText, entry.from_except);
  const from0 = entry.from ?? '';
  // The representative says more than the class when its number is not the prefix, or its From is not the one part.
  const plain = entry.to === entry.prefix && (from0 === '' || (parts.length === 1 && parts[0] === from0));
  const sample = plain ? '' : ` (e.g. ${cleanText(entry.to)}${from0 === '' ? '' : ` from ${cleanText(from0)}`})`;
  return `${to}${left}${from}${sample}`;
}

/** A probed call of an older plan: named by the longest rule prefix (of either side) its number starts with. */
function probeWords(entry: Pick<ImpactEntry, 'from' | 'to' | 'before' | 'after'>): string {
  let prefix = '';
  let fromPart = '';
  const from = entry.from ?? '';
  for (const decision of [entry.before, entry.after])
    for (const r of decision.rule ? [decision.rule] : decision.candidates) {
      if (r.prefix.length > prefix.length && entry.to.startsWith(r.prefix)) prefix = r.prefix;
      const f = r.lcr_pattern ? fromPartOf(r.lcr_pattern) : '';
      if (f.length > fromPart.length && from.includes(f)) fromPart = f;
    }
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
  const target = decision.gwlist_words !== undefined ? cleanText(decision.gwlist_words) : describeTarget(decision.gwlist ?? '');
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
