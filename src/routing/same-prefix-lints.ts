/**
 * The lints of rules of one group and prefix: two or more that tie (`ambiguous_rules`) and a rule
 * that a rule with a higher priority and no time recurrence leaves without calls (`shadowed`). Pure.
 */
import { timesMayOverlap } from './overlap.js';
import { byProxyPriority, proxyPriority } from './priority.js';
import { about, named, placedAt } from './finding-place.js';
import type { RoutingFinding, RoutingRule } from './types.js';
import { ruleName } from './words.js';

/**
 * The kept rules of each group and prefix that share it with another, in set order (lists in the
 * order their first rule comes; a map per group: no key string per rule). A rule alone on its
 * prefix, as most are, is held by its place in `rules`: no list is made for it.
 */
function sharedPrefixes(rules: readonly RoutingRule[]): RoutingRule[][] {
  const groups = new Map<number, Map<string, number | RoutingRule[]>>();
  const shared: { readonly first: number; readonly list: RoutingRule[] }[] = [];
  rules.forEach((rule, i) => {
    let byPrefix = groups.get(rule.groupid);
    if (!byPrefix) groups.set(rule.groupid, (byPrefix = new Map<string, number | RoutingRule[]>()));
    const seen = byPrefix.get(rule.prefix);
    if (seen === undefined) byPrefix.set(rule.prefix, i);
    else if (typeof seen !== 'number') seen.push(rule);
    else {
      const list = [rules[seen]!, rule];
      byPrefix.set(rule.prefix, list);
      shared.push({ first: seen, list });
    }
  });
  // Found at their second rule: put back in the order of their first.
  return shared.sort((a, b) => a.first - b.first).map((s) => s.list);
}

/**
 * The rules of one group and prefix that can tie: the same priority, and time recurrences that may
 * overlap (a rule with none overlaps every other). Two that tie: one warning naming both. More:
 * one warning per priority naming each once, so 500 routes on one prefix and priority are one
 * warning, not 124,750.
 */
function ambiguousFindings(list: readonly RoutingRule[]): RoutingFinding[] {
  const byPriority = new Map<number, RoutingRule[]>();
  for (const rule of list) {
    const same = byPriority.get(rule.priority);
    if (same) same.push(rule);
    else byPriority.set(rule.priority, [rule]);
  }
  const out: RoutingFinding[] = [];
  for (const [priority, rules] of byPriority) {
    if (rules.length < 2) continue;
    // A rule without a time recurrence overlaps every other, so all of them tie (no pair to look at).
    const tying = rules.some((r) => r.timerec === '')
      ? rules
      : rules.filter((r, i) => rules.some((o, j) => j !== i && timesMayOverlap(r.timerec, o.timerec)));
    if (tying.length < 2) continue;
    const prefix = tying[0]!.prefix === '' ? 'no prefix' : `prefix "${tying[0]!.prefix}"`;
    const untimed = tying.every((r) => r.timerec === '');
    if (tying.length === 2) {
      const [here, other] = placedAt(tying[0]!, tying[1]!);
      out.push({
        severity: 'warning',
        code: 'ambiguous_rules',
        message: `${ruleName(here)} and ${named(other)} share ${prefix} and priority ${priority}, and ${untimed ? 'neither has a time recurrence' : 'their time recurrences can overlap'}: the proxy picks one in an undefined order`,
        hint: 'give one of them a higher priority, or time recurrences that do not overlap',
        keys: [here.key, other.key],
        ...about(here),
      });
      continue;
    }
    const here = [...tying].reverse().find((r) => r.origin) ?? tying[tying.length - 1]!;
    out.push({
      severity: 'warning',
      code: 'ambiguous_rules',
      message: `${tying.length} rules share ${prefix} and priority ${priority}, and ${untimed ? 'none has a time recurrence' : 'their time recurrences can overlap'}: where two of them match, the proxy picks one in an undefined order. The rules: ${tying.map(ruleName).join(', ')}`,
      hint: 'give each a priority of its own, or time recurrences that do not overlap',
      keys: tying.map((r) => r.key),
      ...about(here),
    });
  }
  return out;
}

/** The `ambiguous_rules` and `shadowed` warnings of the kept rules, one list of rules per group and prefix. */
export function samePrefixFindings(rules: readonly RoutingRule[]): RoutingFinding[] {
  const out: RoutingFinding[] = [];
  // One rule alone is neither ambiguous nor shadowed: only prefixes two rules share are looked at.
  for (const list of sharedPrefixes(rules)) {
    for (const f of ambiguousFindings(list)) out.push(f);
    // Ranked as the proxy ranks them: unsigned, so a negative priority is the highest.
    const shadower = list.filter((r) => r.timerec === '').sort(byProxyPriority)[0];
    if (!shadower) continue;
    for (const rule of list) {
      if (proxyPriority(rule.priority) >= proxyPriority(shadower.priority)) continue;
      out.push({
        severity: 'warning',
        code: 'shadowed',
        message: `${ruleName(rule)} never routes a call: ${named(shadower)} has the same ${rule.prefix === '' ? 'empty prefix' : `prefix "${rule.prefix}"`}, ${higher(shadower.priority, rule.priority)} and no time recurrence`,
        hint: `give ${ruleName(rule)} a higher priority than ${shadower.priority}, give ${ruleName(shadower)} a time recurrence, or remove one of them`,
        ...about(rule),
      });
    }
  }
  return out;
}

/** `a higher priority (10 > 1)`, saying how the proxy reads a negative one. */
function higher(winner: number, loser: number): string {
  if (winner >= 0 && loser >= 0) return `a higher priority (${winner} > ${loser})`;
  const read = (p: number): string => (p < 0 ? `${p} read as ${proxyPriority(p)}` : String(p));
  return `a higher priority as the proxy reads it (${read(winner)}, above ${read(loser)})`;
}
