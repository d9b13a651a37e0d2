/**
 * The prepared rules (routing/prepared.ts: loaded, indexed by group and prefix, the LCR records
 * compiled and indexed) shared by every rule set that holds the same rules. A plan builds the rules
 * after it more than once: the routing impact in the platform's order and with the groups' words,
 * the lints, the routing tests and the invariants in the files' order with origins. What the proxy
 * decides from them depends only on the rules' routing fields in load order, the LCR records and
 * the gateways the inventory knows (a rule naming a missing one is dropped, routing/load.ts), never
 * on origins or the words of groups and gateways (read from the set itself). Preparing each copy
 * cost the invariant check of 4,000 per-customer LCR routes about as much again as deciding
 * class 1's callers once they were prepared (issue 36 §2): each copy compiled 4,000 patterns anew.
 * Pure, apart from the cache.
 */
import type { PartialInventory } from './rule-set.js';
import type { RuleSet } from './types.js';

/** How many distinct rule contents are kept: a plan holds a few (before, after, the probes); `watch` plans again and again. */
const KEPT = 8;

/** Prepared values by set (a set asked again), and the last sets prepared, oldest first (another copy of the same rules). */
const bySet = new WeakMap<RuleSet, unknown>();
const byContent: { set: RuleSet; value: unknown }[] = [];

/**
 * Whether `a` and `b` decide every call alike: the same rules' routing fields in the same order,
 * the same LCR records, the same inventory's gateways and lists (which rules load). Origins and the
 * words of groups and gateways are left out: they never change a decision. Compared rule by rule,
 * a rule held by both copies (the rules after a plan that changes none are the live rules
 * themselves) without reading it: writing each set's content as one text cost a no-change plan of
 * 15,000 rules some 10 ms and a megabyte of text per copy (issue 33 §4).
 */
export function sameOrderedContent(a: RuleSet, b: RuleSet): boolean {
  if (a === b) return true;
  if (a.rules.length !== b.rules.length || a.lcr.length !== b.lcr.length) return false;
  for (let i = 0; i < a.rules.length; i++) {
    const x = a.rules[i] as RuleSet['rules'][number];
    const y = b.rules[i] as RuleSet['rules'][number];
    if (x !== y && ruleText(x) !== ruleText(y)) return false;
  }
  for (let i = 0; i < a.lcr.length; i++) {
    const x = a.lcr[i] as RuleSet['lcr'][number];
    const y = b.lcr[i] as RuleSet['lcr'][number];
    if (x !== y && lcrText(x) !== lcrText(y)) return false;
  }
  return a.inventory === b.inventory || inventoryText(a.inventory) === inventoryText(b.inventory);
}

/**
 * Whether `a` and `b` hold the same rules and LCR records, perhaps in another order, with the same
 * inventory: what {@link sameOrderedContent} compares, but for the order (the impact's rules after a plan
 * come in the platform's order, the checks' in the files'). Such sets decide every call alike but
 * for the order in which an ambiguous decision lists its candidates (routing/decision-memo.ts shares
 * the others between them). Compared field by field, each rule looked up by its key in `a`'s index
 * (made once per set): writing both contents as sorted text cost a plan with invariants some 10-20
 * ms at 4,000 routes (issue 36 §2), every plan with a check.
 */
export function sameUnorderedContent(a: RuleSet, b: RuleSet): boolean {
  if (a === b) return true;
  if (a.rules.length !== b.rules.length || a.lcr.length !== b.lcr.length) return false;
  if (a.inventory !== b.inventory && inventoryText(a.inventory) !== inventoryText(b.inventory)) return false;
  const index = keyIndexOf(a);
  return eachMatched(index.rules, a.rules, b.rules, (r) => r.key, sameRule) && eachMatched(index.lcr, a.lcr, b.lcr, (l) => l.key, sameLcr);
}

/** Positions in a set's rules and LCR records by key: a key is most often one rule's (an LCR route's record shares it). */
interface KeyIndex {
  readonly rules: ReadonlyMap<string, readonly number[]>;
  readonly lcr: ReadonlyMap<string, readonly number[]>;
}

const keyIndexes = new WeakMap<RuleSet, KeyIndex>();

function keyIndexOf(set: RuleSet): KeyIndex {
  let index = keyIndexes.get(set);
  if (index === undefined)
    keyIndexes.set(set, (index = { rules: positions(set.rules, (r) => r.key), lcr: positions(set.lcr, (l) => l.key) }));
  return index;
}

function positions<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  items.forEach((item, i) => {
    const list = out.get(keyOf(item));
    if (list) list.push(i);
    else out.set(keyOf(item), [i]);
  });
  return out;
}

/**
 * Whether each of `theirs` matches one of `ours` not matched yet (same lengths, so then every one
 * of `ours` is matched): equal items are interchangeable, so taking the first free one is exact.
 */
function eachMatched<T>(
  index: ReadonlyMap<string, readonly number[]>,
  ours: readonly T[],
  theirs: readonly T[],
  keyOf: (item: T) => string,
  same: (x: T, y: T) => boolean,
): boolean {
  const used = new Uint8Array(ours.length);
  for (const item of theirs) {
    const list = index.get(keyOf(item));
    if (list === undefined) return false;
    let at = -1;
    for (const i of list)
      if (used[i] === 0 && same(ours[i] as T, item)) {
        at = i;
        break;
      }
    if (at < 0) return false;
    used[at] = 1;
  }
  return true;
}

/** The fields {@link ruleText} writes (the unordered comparison: strict, a kept share is never wrong). */
function sameRule(x: RuleSet['rules'][number], y: RuleSet['rules'][number]): boolean {
  return (
    x.kind === y.kind &&
    x.key === y.key &&
    x.ruleid === y.ruleid &&
    x.groupid === y.groupid &&
    x.prefix === y.prefix &&
    x.priority === y.priority &&
    x.timerec === y.timerec &&
    x.gwlist === y.gwlist &&
    x.lcr_pattern === y.lcr_pattern
  );
}

/** The fields {@link lcrText} writes. */
function sameLcr(x: RuleSet['lcr'][number], y: RuleSet['lcr'][number]): boolean {
  return x.pattern === y.pattern && x.groupid === y.groupid && x.key === y.key;
}

function inventoryText(inv: PartialInventory | undefined): string {
  const parts: string[] = [];
  inventoryTexts(inv, parts);
  return parts.join('\u0000');
}

function ruleText(r: RuleSet['rules'][number]): string {
  return `${r.kind}\u0001${r.key}\u0001${r.ruleid ?? ''}\u0001${r.groupid}\u0001${r.prefix}\u0001${r.priority}\u0001${r.timerec}\u0001${r.gwlist}\u0001${r.lcr_pattern ?? '\u0002'}`;
}

function lcrText(l: RuleSet['lcr'][number]): string {
  return `${l.pattern}\u0001${l.groupid}\u0001${l.key}`;
}

/** The inventory's gateways and lists (which rules load), appended to `parts`. */
function inventoryTexts(inv: PartialInventory | undefined, parts: string[]): void {
  if (inv === undefined) {
    parts.push('\u0003no inventory');
    return;
  }
  parts.push(`\u0003inventory ${inv.allGateways === false ? 'partial' : 'all'}`, [...inv.gateways].sort().join(','));
  for (const [id, list] of [...inv.lists].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) parts.push(`${id}:${list.join(',')}`);
}

/**
 * The prepared value of `set`: the one already made for it or for a set holding the same rules
 * ({@link sameOrderedContent}), else `make(set)`, kept for the next copy. `make` must read only
 * what that comparison reads. The last {@link KEPT} contents are kept, so a long-running `watch`
 * does not grow.
 */
export function sharedPrepared<T>(set: RuleSet, make: (set: RuleSet) => T): T {
  const known = bySet.get(set);
  if (known !== undefined) return known as T;
  // Newest first: a copy is most often of the set prepared last (the plan's rules after it, of the live ones).
  let at = byContent.length - 1;
  while (at >= 0 && !sameOrderedContent((byContent[at] as { set: RuleSet }).set, set)) at--;
  let value: T;
  if (at < 0) {
    value = make(set);
    if (byContent.length >= KEPT) byContent.shift();
  } else value = (byContent.splice(at, 1)[0] as { value: T }).value;
  // Most recently used last: the oldest goes first when the cache is full.
  byContent.push({ set, value });
  bySet.set(set, value);
  return value;
}

/** Compiled LCR patterns by pattern text; cleared when it holds this many (a `watch` over changing files). */
const PATTERNS_KEPT = 100_000;
const compiledPatterns = new Map<string, unknown>();

/**
 * The compiled form of one LCR pattern (its regular expression and parts, routing/match.ts), made
 * once per pattern and shared by every rule set holding it, whatever its order: the impact's rules
 * after a plan come in the platform's order, the checks' in the files' order, so their preparations
 * cannot be one ({@link sharedPrepared}), but a pattern compiles alike in both. V8 compiles a
 * regular expression on its first test, per RegExp object: 4,000 patterns compiled once per copy
 * of the rules was most of preparing them. A case-insensitive RegExp without `g` or `y` keeps no
 * state between tests, so sharing it is safe. `compile` must depend on the pattern alone.
 */
export function compiledPattern<T>(pattern: string, compile: (pattern: string) => T): T {
  let known = compiledPatterns.get(pattern) as T | undefined;
  if (known === undefined) {
    if (compiledPatterns.size >= PATTERNS_KEPT) compiledPatterns.clear();
    compiledPatterns.set(pattern, (known = compile(pattern)));
  }
  return known;
}
