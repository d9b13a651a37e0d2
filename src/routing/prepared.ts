/**
 * A rule set as the proxy holds it once loaded (docs/routing-model.md "Loading: rules the proxy
 * skips", "Matching within a group"): loaded once per set, with each rule's facts already made (kept
 * or dropped and why, its recurrence parsed), read by the lints and, with the matcher's tables built
 * from it on the first decision (each recurrence made into a matcher), by the matcher: neither loads
 * the rules again nor goes back to model/ for a rule's facts. Pure.
 */
import type { TimeMatcher } from '../model/time/timerec-match.js';
import type { Timerec } from '../model/time/timerec.js';
import { indexLcrRecords, type LcrRecordIndex } from './lcr-index.js';
import { lcrTexts, type LcrParts, type LcrTexts } from './lcr-match.js';
import { loadRules, type ReadRecurrence } from './load.js';
import { sharedPrepared } from './prepared-share.js';
import { byProxyPriority } from './priority.js';
import type { DroppedRule, RoutingRule, RuleSet } from './types.js';

/** A rule the proxy keeps, with when it matches. */
export interface PreparedRule {
  readonly rule: RoutingRule;
  /** Its recurrence parsed once into a matcher; `null` when it has none (always). */
  readonly when: TimeMatcher;
  /**
   * Its recurrence as parsed (`null`: none), the object the analysis's sweeps hold for its text
   * (timerec.ts keeps one per text): a sweep that knows which of them match at a moment says so
   * (match.ts `KnownAnswers`) instead of the matcher being asked.
   */
  readonly rec: Timerec | null;
}

/** A dropped rule, why, and its place in load order. */
export interface DroppedEntry {
  readonly rule: RoutingRule;
  readonly reason: string;
  readonly order: number;
}

/**
 * An LCR record with its parts as text for the usual lookup (no `-` in the users); its regular
 * expression and its parts for the linear test of long lookups are made when a lookup holding a
 * `-` first needs them (K per-customer patterns made K expressions no lookup ran), once for every
 * set holding the pattern (prepared-share.ts `compiledPattern`).
 */
export interface LcrEntry {
  readonly pattern: string;
  readonly groupid: number;
  readonly key: string;
  readonly texts: LcrTexts;
  regex?: RegExp;
  parts?: LcrParts;
}

/** The rules of a set as the proxy holds them after loading: what the lints read. */
export interface PreparedRules {
  /** The rules the proxy keeps, in set order. */
  readonly kept: readonly RoutingRule[];
  /** The rules it drops, each with why and what to do. */
  readonly dropped: readonly DroppedRule[];
  /** What dropped rules leave in the prefix tree (load.ts `stems`). */
  readonly stems: readonly string[];
  /** Each recurrence the loader accepted, parsed and made into a matcher once by it: every kept rule's is here. */
  readonly recurrences: ReadonlyMap<string, ReadRecurrence>;
}

/** The loaded rules as the matcher looks them up: by group and prefix, and the LCR records indexed. */
export interface DecisionTables extends PreparedRules {
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

const loaded = new WeakMap<RuleSet, PreparedRules>();

/**
 * The set as the proxy's loader leaves it, made on the first call for a set and shared after: the
 * lints read it, and the matcher's tables are built from it ({@link decisionTables}).
 */
export function preparedRules(set: RuleSet): PreparedRules {
  const cached = loaded.get(set);
  if (cached) return cached;
  const result = loadRules(set);
  loaded.set(set, result);
  return result;
}

/**
 * The matcher's tables of a set, built from its loaded rules on the first decision and shared by
 * every call after (the impact, the routing tests and the invariants decide on one set), and by
 * every copy of the same rules (prepared-share.ts): a command that only lints a set never builds them.
 */
export function decisionTables(set: RuleSet): DecisionTables {
  return sharedPrepared(set, buildTables);
}

function buildTables(set: RuleSet): DecisionTables {
  const rules = preparedRules(set);
  const groups = new Map<number, Map<string, PreparedRule[]>>();
  for (const rule of rules.kept) {
    let byPrefix = groups.get(rule.groupid);
    if (!byPrefix) groups.set(rule.groupid, (byPrefix = new Map<string, PreparedRule[]>()));
    const list = byPrefix.get(rule.prefix) ?? [];
    const read = rules.recurrences.get(rule.timerec);
    list.push({ rule, when: read?.when ?? null, rec: read?.parsed ?? null });
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
  const lcr: LcrEntry[] = set.lcr.map((r) => ({ ...r, texts: lcrTexts(r.pattern) }));
  const result: DecisionTables = {
    ...rules,
    groups,
    lengths,
    lcr,
    lcrIndex: indexLcrRecords(lcr),
    droppedByPrefix: droppedIndex(rules.dropped),
    lcrRoutes: lcrRoutesByKey(set.rules),
  };
  return result;
}

/** The outbound rules holding an LCR pattern, by key, each with its index in `rules`. */
function lcrRoutesByKey(rules: readonly RoutingRule[]): Map<string, { rule: RoutingRule; order: number }[]> {
  const out = new Map<string, { rule: RoutingRule; order: number }[]>();
  rules.forEach((rule, order) => {
    // Only an LCR route holds a pattern (rule-set.ts).
    if (rule.lcr_pattern === undefined) return;
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
