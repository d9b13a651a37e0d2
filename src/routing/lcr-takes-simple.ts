/**
 * The `lcr_takes_simple` lint: an LCR route that takes calls a simple route was meant for. The
 * proxy decides LCR first: a caller an LCR pattern matches goes to that route's group, whatever
 * prefixes the simple routes (group 8000) hold, and there is no fallback. So an LCR route on
 * prefix `1` takes its callers' toll-free `1800` calls away from the simple route for `1800`.
 * Warned when the simple route's prefix is longer than the LCR route's and starts with it, they
 * send calls to different gateways, and the same callers have no LCR route of their own on a
 * prefix between the two. One warning per LCR prefix. Pure.
 */
import { splitPattern } from './overlap.js';
import { OUTBOUND_GROUP, type RoutingFinding, type RoutingRule } from './types.js';
import { ruleName } from './words.js';

/** The simple routes whose prefix starts with `prefix` and is longer (sorted by prefix). */
function under(sorted: readonly RoutingRule[], prefix: string): RoutingRule[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.prefix < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: RoutingRule[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.prefix.startsWith(prefix); i++)
    if (sorted[i]!.prefix.length > prefix.length) out.push(sorted[i]!);
  return out;
}

/** `route "A" (LCR "212-1")`. */
function lcrWords(rule: RoutingRule): string {
  return `${ruleName(rule)} (LCR "${rule.lcr_pattern ?? ''}")`;
}

/** The lint's findings over the kept rules (LCR routes' rules carry `lcr_pattern`). */
export function lcrTakesSimpleFindings(kept: readonly RoutingRule[]): RoutingFinding[] {
  const simple = kept.filter((r) => r.groupid === OUTBOUND_GROUP).sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
  const lcr = kept.filter((r) => r.lcr_pattern !== undefined);
  if (simple.length === 0 || lcr.length === 0) return [];
  // From-prefix -> the To-prefixes its LCR routes hold: a caller's own longer route wins over a shorter one.
  const tosOf = new Map<string, string[]>();
  const byTo = new Map<string, RoutingRule[]>();
  for (const rule of lcr) {
    const [from, to] = splitPattern(rule.lcr_pattern!);
    const tos = tosOf.get(from);
    if (tos) tos.push(to);
    else tosOf.set(from, [to]);
    const list = byTo.get(to);
    if (list) list.push(rule);
    else byTo.set(to, [rule]);
  }
  /** Whether `rule`'s callers reach `s`'s numbers through `rule` (not through a longer route of theirs), to other gateways. */
  const takes = (rule: RoutingRule, s: RoutingRule): boolean => {
    if (rule.gwlist === s.gwlist) return false;
    const [from, to] = splitPattern(rule.lcr_pattern!);
    return !(tosOf.get(from) ?? []).some((t) => t.length > to.length && s.prefix.startsWith(t));
  };
  const out: RoutingFinding[] = [];
  for (const [to, routes] of byTo) {
    const meant = under(simple, to);
    if (meant.length === 0) continue;
    const taking = routes.filter((r) => meant.some((s) => takes(r, s)));
    if (taking.length === 0) continue;
    const taken = meant.filter((s) => taking.some((r) => takes(r, s)));
    const here = taking.find((r) => r.origin) ?? taking[0]!;
    const first = taken[0]!;
    const [from] = splitPattern(here.lcr_pattern!);
    const simpleWords = taken.map((s) => `${ruleName(s)} (prefix "${s.prefix}")`).join(', ');
    const why = 'LCR is decided before the simple routes, whatever their prefixes, and a call that chose an LCR route has no fallback';
    out.push({
      severity: 'warning',
      code: 'lcr_takes_simple',
      message:
        taking.length === 1
          ? `${lcrWords(here)} takes its callers' calls to numbers under ${taken.length === 1 ? `prefix "${first.prefix}"` : 'longer prefixes'} that ${simpleWords} ${taken.length === 1 ? 'was' : 'were'} meant for, to its own carrier: ${why}`
          : `${taking.length} LCR routes on prefix "${to}" take their callers' calls to numbers that simple routes with longer prefixes were meant for (${simpleWords}), to their own carriers: ${why}. The LCR routes: ${taking.map((r) => JSON.stringify(r.key)).join(', ')}`,
      hint: `if those calls should follow ${ruleName(first)}, add an LCR route with the same from_prefix and its prefix (from_prefix "${from}", prefix "${first.prefix}") to its carrier group; else acknowledge it in policy.accept (lint: lcr_takes_simple, route: a glob naming these routes)`,
      key: here.key,
      kind: here.kind,
      keys: [...taking.map((r) => r.key), ...taken.map((s) => s.key)],
      ...(here.origin ? { origin: here.origin } : {}),
    });
  }
  return out;
}
