/**
 * Number classes (docs/routing-model.md "Classes of calls and time windows"): every rule prefix of
 * one direction, over every rule set compared, is a class of the numbers whose longest rule prefix
 * it is; every number in it meets the same rules (those at its prefixes), so the prefix itself
 * stands for it. The numbers no prefix matches are one more class, for which a digit string no
 * prefix begins stands. Built for the classes a change reaches only, so a plan that changes a few
 * of 15,000 rules pays for a few. Pure.
 */
import { isDialString } from '../model/dial.js';
import type { Direction } from '../model/routing.js';
import { parseTimerec, type Timerec } from '../model/time/timerec.js';
import { callerClasses, lcrIndex, lcrTo, NO_CALLER, type Caller, type LcrIndex } from './callers.js';
import type { RoutingRule, RuleSet } from './types.js';

/** A number class before its times: its prefix, the longer prefixes it leaves out, a representative, the recurrences it can meet, its callers. */
export interface NumberClass {
  readonly direction: Direction;
  readonly prefix: string;
  readonly except: readonly string[];
  readonly to: string;
  readonly recs: readonly Timerec[];
  /** The recurrences of `recs` with the group of each rule holding one: a call reaches only some groups. */
  readonly met: readonly GroupRec[];
  readonly callers: readonly Caller[];
}

/** A time recurrence of a rule of group `group`. */
export interface GroupRec {
  readonly group: number;
  readonly rec: Timerec;
  /** The rule sets holding such a rule (bit i: set i): a set's decision depends on its own recurrences only
   * (decision-memo.ts), and an invariant table's first set is the rules' own (classes.ts `classSpansLazily`). */
  readonly sets: number;
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const NO_RECS: readonly Timerec[] = Object.freeze([]);
const NO_PAIRS: readonly GroupRec[] = Object.freeze([]);
const NOTHING_BELOW: readonly string[] = Object.freeze([]);
const ONLY_NO_CALLER: readonly Caller[] = Object.freeze([NO_CALLER]);

/** The direction a rule routes. */
export function directionOf(rule: Pick<RoutingRule, 'kind'>): Direction {
  return rule.kind === 'inbound_mapping' ? 'inbound' : 'outbound';
}

/** A set's rules of one direction by prefix (with LCR To-parts as prefixes too, outbound); the proxy drops a prefix outside its dial characters (model/dial.ts). */
type PrefixIndex = ReadonlyMap<string, readonly RoutingRule[]>;

const indexes = new WeakMap<RuleSet, Record<Direction, PrefixIndex>>();

/** Both directions' prefix indexes of a set, built once per set. */
function prefixIndex(set: RuleSet, direction: Direction): PrefixIndex {
  let both = indexes.get(set);
  if (!both) {
    const inbound = new Map<string, RoutingRule[]>();
    const outbound = new Map<string, RoutingRule[]>();
    for (const rule of set.rules) {
      if (!isDialString(rule.prefix)) continue;
      const map = rule.kind === 'inbound_mapping' ? inbound : outbound;
      const list = map.get(rule.prefix);
      if (list) list.push(rule);
      else map.set(rule.prefix, [rule]);
    }
    for (const r of set.lcr) {
      const to = lcrTo(r.pattern);
      if (isDialString(to) && !outbound.has(to)) outbound.set(to, []);
    }
    indexes.set(set, (both = { inbound, outbound }));
  }
  return both[direction];
}

/**
 * The longest prefix of `to` at which `set` holds a rule of `direction` or (outbound) an LCR
 * To-part: a digit number meets the set's rules and patterns at its prefixes only, so two numbers
 * with one stem are routed alike by the set (routing/decision-memo.ts).
 */
export function ruleStem(set: RuleSet, direction: Direction, to: string): string {
  const map = prefixIndex(set, direction);
  for (let k = to.length; k > 0; k--) if (map.has(to.slice(0, k))) return to.slice(0, k);
  return '';
}

/** The LCR index of one set's patterns and the callers of each To-part met, kept with its patterns. */
interface SharedCallers {
  readonly index: LcrIndex;
  readonly callers: Map<string, readonly Caller[]>;
}

const lcrShared = new WeakMap<RuleSet['lcr'], SharedCallers>();

/**
 * The callers of an outbound number for `sets` (callers.ts `callerClasses`). When the first set
 * alone holds LCR patterns (an invariant table's probe sets hold none), its index and the callers
 * of each To-part are kept with its patterns: the tables of one check, and their classes cut apart
 * by probes (1 and 1900 meet the same patterns), share them instead of building each again (K
 * per-customer From parts are K callers, each matched against the parts).
 */
function lcrCallers(sets: readonly RuleSet[]): (to: string) => readonly Caller[] {
  const first = sets[0];
  if (first === undefined || sets.some((s, i) => i > 0 && s.lcr.length > 0)) {
    const index = lcrIndex(sets);
    return (to) => callerClasses(index, to);
  }
  const { index, callers } = sharedOf(first);
  return (to) => {
    // The callers depend on the patterns whose To-part begins the number: on the longest such To-part.
    const lower = to.toLowerCase();
    let stem: string | null = null;
    for (let k = lower.length; k >= 0 && stem === null; k--) if (index.has(lower.slice(0, k))) stem = lower.slice(0, k);
    if (stem === null) return ONLY_NO_CALLER;
    let found = callers.get(stem);
    if (found === undefined) callers.set(stem, (found = callerClasses(index, to)));
    return found;
  };
}

/** What is kept with one set's LCR patterns, made on first ask. */
function sharedOf(set: RuleSet): SharedCallers {
  let kept = lcrShared.get(set.lcr);
  if (kept === undefined) lcrShared.set(set.lcr, (kept = { index: lcrIndex([set]), callers: new Map() }));
  return kept;
}

/**
 * The LCR index of `set`'s patterns alone (callers.ts `lcrIndex`), built once per list of patterns
 * and kept with it: the classes' callers and an invariant check's tie folder (invariant-ties.ts)
 * read the same K patterns, and each indexed them (issue 36 §2). Read only.
 */
export function patternIndex(set: RuleSet): LcrIndex {
  return sharedOf(set).index;
}

/** The first index in a sorted list whose entry is not below `text`. */
function lowerBound(sorted: readonly string[], text: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether some prefix in the sorted list begins with `text`. */
function continued(sorted: readonly string[], text: string): boolean {
  const at = lowerBound(sorted, text);
  return at < sorted.length && (sorted[at] as string).startsWith(text);
}

/**
 * The shortest digit string that no prefix begins and that begins with none (breadth first over
 * the prefixes' own stems, so it ends), or `null` when every digit number starts with a prefix.
 */
function unmatched(sorted: readonly string[], set: ReadonlySet<string>): string | null {
  let level = [''];
  while (level.length > 0) {
    const next: string[] = [];
    for (const stem of level)
      for (const d of DIGITS) {
        const s = stem + d;
        if (!continued(sorted, s)) return s;
        if (!set.has(s)) next.push(s);
      }
    level = next;
  }
  return null;
}

/** The prefixes directly below the one at `i` (or below `''` when `i` is -1): the longer ones starting with it and with no other between. */
function directlyBelow(sorted: readonly string[], i: number): readonly string[] {
  const p = i < 0 ? '' : (sorted[i] as string);
  // Most classes are leaves: they share one empty list.
  if (i + 1 >= sorted.length || !(sorted[i + 1] as string).startsWith(p)) return NOTHING_BELOW;
  const out: string[] = [];
  let last: string | null = null;
  for (let j = i + 1; j < sorted.length; j++) {
    const q = sorted[j] as string;
    if (!q.startsWith(p)) break;
    if (last !== null && q.startsWith(last)) continue;
    out.push(q);
    last = q;
  }
  return out;
}

/**
 * The number classes of one direction of `sets`: the numbers no prefix matches (when any digit
 * number is left), then each rule prefix, sorted; only those starting with a prefix of `reach`
 * when it is given (`''` reaches all).
 */
export function numberClasses(sets: readonly RuleSet[], direction: Direction, reach: ReadonlySet<string> | undefined): NumberClass[] {
  const maps = sets.map((s) => prefixIndex(s, direction));
  const everything = reach === undefined || reach.has('');
  const all = new Set<string>();
  // The prefix lengths the rules have, reached or not: a number meets rules only at those (a DID of
  // 11 digits is not cut 11 times), and a reached class meets the rules of shorter prefixes too.
  const lengthsSeen = new Set<number>();
  // Only the prefixes a change reaches (and those below them, which are reached too): a plan that
  // changes a few of 15,000 rules sorts a few.
  const reachLengths = everything ? [] : [...new Set([...reach].map((r) => r.length))];
  for (const map of maps)
    for (const p of map.keys()) {
      lengthsSeen.add(p.length);
      if (p === '' || all.has(p)) continue;
      if (everything) all.add(p);
      else
        for (const n of reachLengths)
          if (n <= p.length && reach.has(n === p.length ? p : p.slice(0, n))) {
            all.add(p);
            break;
          }
    }
  const sorted = [...all].sort();
  const lengths = [...lengthsSeen].filter((n) => n > 0).sort((a, b) => a - b);
  const callersOf = direction === 'outbound' && sorted.length + (everything ? 1 : 0) > 0 ? lcrCallers(sets) : null;
  const recs = new Map<string, Timerec | null>();
  const recOf = (text: string): Timerec | null => {
    let r = recs.get(text);
    if (r === undefined) {
      const parsed = parseTimerec(text);
      recs.set(text, (r = 'value' in parsed ? parsed.value : null));
    }
    return r;
  };
  const out: NumberClass[] = [];
  const make = (i: number, prefix: string, to: string): void => {
    // The recurrences of the rules at every prefix of the class's own, each once, in order of
    // their first rule: looked up in sets, since K LCR routes on one prefix are K recurrences
    // (a scan of the list per rule was K² for one class).
    let met: Timerec[] | null = null;
    let pairs: { group: number; rec: Timerec; sets: number }[] | null = null;
    let seen: Map<Timerec, Map<number, { sets: number }>> | null = null;
    for (let n = -1; n < lengths.length; n++) {
      // -1: the prefixless rules.
      const k = n < 0 ? 0 : (lengths[n] as number);
      if (k > prefix.length) break;
      const at = k === prefix.length ? prefix : prefix.slice(0, k);
      for (let si = 0; si < maps.length; si++) {
        const rules = (maps[si] as PrefixIndex).get(at);
        if (rules === undefined) continue;
        for (const r of rules) {
          const rec = r.timerec === '' ? null : recOf(r.timerec);
          if (rec === null) continue;
          seen ??= new Map();
          met ??= [];
          pairs ??= [];
          let groups = seen.get(rec);
          if (groups === undefined) {
            seen.set(rec, (groups = new Map<number, { sets: number }>()));
            met.push(rec);
          }
          const pair = groups.get(r.groupid);
          if (pair !== undefined) pair.sets |= 1 << si;
          else {
            const made = { group: r.groupid, rec, sets: 1 << si };
            groups.set(r.groupid, made);
            pairs.push(made);
          }
        }
      }
    }
    const callers = callersOf === null ? ONLY_NO_CALLER : callersOf(to);
    out.push({ direction, prefix, except: directlyBelow(sorted, i), to, recs: met ?? NO_RECS, met: pairs ?? NO_PAIRS, callers });
  };
  if (everything) {
    const none = unmatched(sorted, all);
    if (none !== null) make(-1, '', none);
  }
  for (let i = 0; i < sorted.length; i++) make(i, sorted[i] as string, sorted[i] as string);
  return out;
}
