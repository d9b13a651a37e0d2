import type { RouteDecision } from '../model/routing.js';
import { describeTarget, ruleLabel } from './routing-impact.js';
import type { RoutesClass } from './routes-report.js';
import { cleanText } from './style.js';

/** The numbers of a class: `44…`, `1… except 1800…`, `every number`, `every other number`. */
export function numbersWords(c: Pick<RoutesClass, 'prefix' | 'except'>): string {
  const except = c.except.length > 0 ? ` except ${c.except.map((p) => `${cleanText(p)}…`).join(', ')}` : '';
  if (c.prefix === '') return c.except.length > 0 ? `every other number${except}` : 'every number';
  return `${cleanText(c.prefix)}…${except}`;
}

/** The callers of a class: `''` (any caller), or `from …1555` (a From holding 1555), `from …1555 and …15551` when it holds several. */
export function callersWords(c: Pick<RoutesClass, 'from_parts'>): string {
  if (c.from_parts.length === 0) return '';
  return `from ${c.from_parts.map((p) => `…${cleanText(p)}`).join(' and ')}`;
}

/** A class in one phrase: `outbound calls to 44… except 4420… from …1555`. */
export function classWords(c: RoutesClass): string {
  const from = callersWords(c);
  return `${c.direction} calls to ${numbersWords(c)}${from === '' ? '' : ` ${from}`}`;
}

/** Where a decision's gateway list sends the call: the names when the simulation gave them, else the ids. */
function targetWords(gwlist: string | undefined, words: string | undefined): string {
  if (words !== undefined && words !== '') return cleanText(words);
  return describeTarget(gwlist ?? '');
}

/**
 * What a decision does with the calls of a class, in words: `carrier group "BW" (#5) (route "UK")`,
 * `no route (the call fails)`, `ambiguous: route "A" → carrier group 1 or route "B": no route`.
 */
export function decisionWords(d: RouteDecision): string {
  if (d.result === 'no_route') return 'no route (the call fails)';
  if (d.result === 'ambiguous') {
    const each = d.candidates.map((c, i) => {
      const o = d.outcomes?.[i];
      if (o === undefined) return ruleLabel(c);
      if (o.result === 'no_route') return `${ruleLabel(c)}: no route`;
      if (o.result === 'ambiguous') return `${ruleLabel(c)}: ambiguous again`;
      return `${ruleLabel(c)} → ${targetWords(o.gwlist, o.gwlist_words)}`;
    });
    return `ambiguous: ${each.join(' or ')}`;
  }
  const target = targetWords(d.gwlist, d.gwlist_words);
  return d.rule ? `${target} (${ruleLabel(d.rule)})` : target;
}
