/**
 * A rule set as the proxy holds it once loaded (docs/routing-model.md "Loading: rules the proxy
 * skips", "Matching within a group"): made once per set, with each rule's facts already made (kept
 * or dropped and why, its recurrence parsed into a matcher), and read by the lints and the matcher
 * alike, so neither loads the rules again nor goes back to model/ for a rule's facts. Pure.
 */
import { timerecMatches } from '../model/time/timerec-match.js';
import type { Timerec } from '../model/time/timerec.js';
import { indexLcrRecords, type LcrRecordIndex } from './lcr-index.js';
import { lcrParts, lcrRegex, type LcrParts } from './lcr-match.js';
import { loadRules } from './load.js';
import { byProxyPriority } from './priority.js';
import type { DroppedRule, RoutingRule, RuleSet } from './types.js';

/** Whether a rule's time recurrence holds at a call's local time in its zone; `null`: always (no recurrence). */
export type TimeMatcher = ((local: string, tz: string) => boolean) | null;

/** A rule the proxy keeps, with when it matches. */
export interface PreparedRule {
  readonly rule: RoutingRule;
  /** Its recurrence parsed once into a matcher; `null` when it has none (always). */
  readonly when: TimeMatcher;
}

/** A dropped rule, why, and its place in load order. */
export interface DroppedEntry {
  readonly rule: RoutingRule;
  readonly reason: string;
  readonly order: number;
}

/** An LCR record with its regular expression, and its parts for the linear test of long lookups. */
export interface LcrEntry {
  readonly pattern: string;
  readonly groupid: number;
  readonly key: string;
  readonly regex: RegExp;
  readonly parts: LcrParts;
}

/** The rules of a set as the proxy holds them after loading. */
export interface PreparedRules {
  /** The rules the proxy keeps, in set order. */
  readonly kept: readonly RoutingRule[];
  /** The rules it drops, each with why and what to do. */
  readonly dropped: readonly DroppedRule[];
  /** What dropped rules leave in the prefix tree (load.ts `stems`). */
  readonly stems: readonly string[];
  /** Each recurrence the loader accepted, parsed once by it (`null`: always): every kept rule's is here. */
  readonly recurrences: ReadonlyMap<string, Timerec | null>;
  /** The kept rules by group, then by prefix, each list by descending proxy priority. */
  readonly groups: ReadonlyMap<number, ReadonlyMap<string, readonly PreparedRule[]>>;
  /** The prefix lengths each group holds, longest first: a number is looked up at those lengths only. */
  readonly lengths: ReadonlyMap<number, readonly number[]>;
  readonly lcr: readonly LcrEntry[];
  /** The LCR records by To-part and From-part (lcr-index.ts): a call tests only those it can meet. */
  readonly lcrIndex: LcrRecordIndex<LcrEntry>;
  /** The dropped rules by prefix, so a call lists only those it could have met without a scan. */
  readonly droppedByPrefix: ReadonlyMap<string, readonly DroppedEntry[]>;
  /**
   * The set's LCR routes by key, each with its place in the set: a tie's candidates are looked up,
   * not found by scanning every rule (an invariant by caller decides a tie per LCR route, K × K).
   */
  readonly lcrRoutes: ReadonlyMap<string, readonly { readonly rule: RoutingRule; readonly order: number }[]>;
  /** The tree nodes that go deeper, built on the first number with an odd character (match.ts `treeGoesOn`). */
  continued?: Set<string>;
}

const made = new WeakMap<RuleSet, PreparedRules>();

/**
 * The set as the proxy holds it once loaded, made on the first call for a set and shared after:
 * the lints, the matcher, the impact, the routing tests and the invariants all read this one value.
 */
export function preparedRules(set: RuleSet): PreparedRules {
  const cached = made.get(set);
  if (cached) return cached;
  const { kept, dropped, stems, recurrences } = loadRules(set);
  // Thousands of rules share a few recurrences: each is made into a matcher once.
  const matchers = new Map<string, TimeMatcher>();
  for (const [text, parsed] of recurrences) matchers.set(text, matcherOf(parsed));
  const groups = new Map<number, Map<string, PreparedRule[]>>();
  for (const rule of kept) {
    let byPrefix = groups.get(rule.groupid);
    if (!byPrefix) groups.set(rule.groupid, (byPrefix = new Map<string, PreparedRule[]>()));
    const list = byPrefix.get(rule.prefix) ?? [];
    list.push({ rule, when: matchers.get(rule.timerec) ?? null });
    byPrefix.set(rule.prefix, list);
  }
  // Descending priority as the proxy holds it: unsigned, so a negative one ranks first.
  for (const byPrefix of groups.values()) for (const list of byPrefix.values()) list.sort((a, b) => byProxyPriority(a.rule, b.rule));
  const lengths = new Map<number, readonly number[]>();
  for (const [group, byPrefix] of groups)
    lengths.set(
      group,
      [...new Set([...byPrefix.keys()].map((k) => k.length))].sort((a, b) => b - a),
    );
  const lcr = set.lcr.map((r) => ({ ...r, regex: lcrRegex(r.pattern), parts: lcrParts(r.pattern) }));
  const result: PreparedRules = {
    kept,
    dropped,
    stems,
    recurrences,
    groups,
    lengths,
    lcr,
    lcrIndex: indexLcrRecords(lcr),
    droppedByPrefix: droppedIndex(dropped),
    lcrRoutes: lcrRoutesByKey(set.rules),
  };
  made.set(set, result);
  return result;
}

/** A parsed recurrence as a matcher: `null` (always) stays `null`, so an always-rule costs no call. */
function matcherOf(parsed: Timerec | null): TimeMatcher {
  return parsed === null ? null : (local, tz) => timerecMatches(parsed, local, tz);
}

/** The outbound rules holding an LCR pattern, by key, each with its index in `rules`. */
function lcrRoutesByKey(rules: readonly RoutingRule[]): Map<string, { rule: RoutingRule; order: number }[]> {
  const out = new Map<string, { rule: RoutingRule; order: number }[]>();
  rules.forEach((rule, order) => {
    if (rule.kind !== 'outbound_route' || rule.lcr_pattern === undefined) return;
    const list = out.get(rule.key);
    if (list) list.push({ rule, order });
    else out.set(rule.key, [{ rule, order }]);
  });
  return out;
}

/** The dropped rules by prefix. */
function droppedIndex(dropped: readonly DroppedRule[]): Map<string, DroppedEntry[]> {
  const map = new Map<string, DroppedEntry[]>();
  dropped.forEach((d, order) => {
    const entry = { rule: d.rule, reason: d.reason, order };
    const list = map.get(d.rule.prefix);
    if (list) list.push(entry);
    else map.set(d.rule.prefix, [entry]);
  });
  return map;
}
