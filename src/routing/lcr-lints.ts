/**
 * The lint of LCR routes that can tie (`ambiguous_lcr`), one warning per prefix. Pure.
 */
import { lcrEntries, lcrPartners, type LcrEntry } from './lcr-ties.js';
import { lcrTie } from './overlap.js';
import { about } from './finding-place.js';
import type { RoutingFinding, RoutingRule, RuleSet } from './types.js';
import { ruleName } from './words.js';

/** The criterion of a tie, in the words of every `ambiguous_lcr` warning. */
const CALLERS_MEET = 'one caller can match (a From of at most 15 digits, a leading + allowed, can hold both From-prefixes)';

/** `route "A" (LCR "1555-44")`. */
function lcrNamed(e: LcrEntry): string {
  return `${ruleName(e.rule)} (LCR "${e.rule.lcr_pattern ?? e.record.pattern}")`;
}

/**
 * Two LCR patterns of one length in two groups that one caller can match (lcr-ties.ts): one
 * warning per prefix, naming every route there that can tie (each route is named once, so the
 * output grows with the routes, not with the pairs), with one tie shown as a call both match. A
 * route that ties only with routes on a shorter prefix is named at that prefix.
 */
export function lcrFindings(set: RuleSet, kept: readonly RoutingRule[]): RoutingFinding[] {
  const ruleOf = new Map(kept.filter((r) => r.lcr_pattern !== undefined).map((r) => [r.key, r]));
  const partner = lcrPartners(lcrEntries(set.lcr, ruleOf));
  // prefix (the shorter To-prefix of a route and its partner) -> the routes named there, in record order.
  const byPrefix = new Map<string, LcrEntry[]>();
  for (const [e, p] of partner) {
    const at = p.to.length < e.to.length ? p.to : e.to;
    const list = byPrefix.get(at);
    if (list) list.push(e);
    else byPrefix.set(at, [e]);
  }
  const out: RoutingFinding[] = [];
  for (const [prefix, list] of byPrefix) {
    list.sort((x, y) => x.order - y.order);
    const first = list[0]!;
    const other = partner.get(first)!;
    // Placed at the last route of the files (the later of a pair), as the pair lints are.
    const here = [...list].reverse().find((e) => e.rule.origin) ?? list[list.length - 1]!;
    const call = lcrTie(first.record.pattern, other.record.pattern);
    const same = first.record.pattern === other.record.pattern;
    const example = call ? `a call from ${call.from} to ${call.to}… matches both` : 'both match one call';
    const pairOnly = list.length === 2 && list.includes(other);
    const [a, b] = pairOnly ? [here, list.find((e) => e !== here)!] : [first, other];
    const message = pairOnly
      ? `${lcrNamed(a)} and ${lcrNamed(b)}${b.rule.origin ? ` (${b.rule.origin.file}:${b.rule.origin.line}:${b.rule.origin.col})` : ''} ${same ? 'have the same LCR pattern' : `have LCR patterns of the same length that ${CALLERS_MEET}; ${example}`}: the proxy picks one in hash-table order`
      : `${list.length} LCR routes on prefix "${prefix}" can each tie with another LCR route whose pattern has the same length and that ${CALLERS_MEET}: the proxy picks one in hash-table order. For example ${lcrNamed(a)} and ${lcrNamed(b)}: ${same ? 'the same pattern' : example}. The routes: ${list.map((e) => JSON.stringify(e.rule.key)).join(', ')}`;
    out.push({
      severity: 'warning',
      code: 'ambiguous_lcr',
      message,
      hint:
        same && pairOnly
          ? 'merge the two routes, or change the from_prefix or prefix of one'
          : 'make one pattern longer (a longer from_prefix or prefix) so that it wins where both match, or acknowledge the ties in policy.accept (lint: ambiguous_lcr, route: a glob naming these routes)',
      keys: list.map((e) => e.rule.key),
      ...about(here.rule),
    });
  }
  return out;
}
