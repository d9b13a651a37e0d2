/**
 * Decisions shared by the number classes, the analyses and the copies of one content of rules
 * that route alike. A digit number meets only the rules at its prefixes and the LCR patterns whose
 * To-part begins it (classes.ts `narrowedSets`), so two numbers with the same longest such prefix
 * in a set (their stem, `ruleStem`) are decided alike by that set for the same From and the same
 * recurrences matching. The invariants' tables cut the rule set's classes by their probes (a
 * `to_prefix` of 1900 makes 1900 a class beside 1): the set's decision of each caller of 1900 is
 * then the one of 1, and it is copied, with its own number and moment, instead of simulated again
 * (K LCR callers each decided twice). A set's decision depends on the recurrences of its own rules
 * only (a probe set's not on a customer's window), and on the From only through its LCR patterns
 * (a probe set has none, so it decides once for every caller).
 *
 * The decisions are kept by what decides a call, not by the set object: the rules after a plan are
 * built several times (the impact's in the platform's order, the invariants' in the files' order
 * with origins, an invariant table's narrowed copy holding the same rules), and a plan's impact
 * decides every caller of the classes it changes, which its invariant check then decided again
 * (issue 36 §2). Rules in another order decide every call alike but an ambiguous one, whose
 * candidates are listed in the set's order: those are decided per set. A decision's gateway words
 * come from the set's own groups. Each decision still comes from the simulation (match.ts), once
 * per content. Pure, apart from the memo.
 */
import { isDialString } from '../model/dial.js';
import type { Direction, RouteDecision } from '../model/routing.js';
import type { Timerec } from '../model/time/timerec.js';
import { routeCall, routingGroups } from './match.js';
import { unorderedContentKey } from './prepared-share.js';
import { decisionWords } from './words.js';
import { ruleStem } from './number-classes.js';
import type { Call, CallTime, RuleSet } from './types.js';

const QUIET = { explain: false } as const;

/** A recurrence's number in the keys of combinations: recurrences are compared by identity. */
const recIds = new WeakMap<Timerec, number>();
let nextRecId = 0;

/**
 * The key of a combination of matching recurrences (indexes into `recs`), those of `only` alone
 * when given (a set's own, the only ones its decision depends on): their numbers, sorted.
 */
export function comboOf(recs: readonly Timerec[], active: Iterable<number>, only?: ReadonlySet<Timerec>): string {
  const ids: number[] = [];
  for (const i of active) {
    const rec = recs[i] as Timerec;
    if (only !== undefined && !only.has(rec)) continue;
    let id = recIds.get(rec);
    if (id === undefined) recIds.set(rec, (id = nextRecId++));
    ids.push(id);
  }
  return ids.length < 2 ? ids.join(',') : ids.sort((a, b) => a - b).join(',');
}

/** One set's decisions of a caller of a number class, shared with the classes and sets that route alike. */
export interface SharedDecisions {
  /** The groups the call may be routed in (match.ts `routingGroups`), whatever its time. */
  groups(set: RuleSet, direction: Direction, from: string, to: string): readonly number[];
  /**
   * The set's decision of the call at `at`, where the recurrences matching are `combo`
   * (`comboOf`), every recurrence the decision can depend on among those the key was made of;
   * `undefined`: at `at` alone (an analysis of one instant, `plan --at`, which asks no recurrence).
   */
  decide(set: RuleSet, direction: Direction, from: string, to: string, at: CallTime, combo: string | undefined): RouteDecision;
}

/** What one content of rules has decided (prepared-share.ts `unorderedContentKey`), for every set holding it. */
interface ContentMemo {
  readonly stems: Map<string, string>;
  readonly groups: Map<string, readonly number[]>;
  /** Each decision with the set that made it (its words, its order of candidates). */
  readonly decided: Map<string, { readonly decision: RouteDecision; readonly by: RuleSet }>;
}

/**
 * How many rule contents keep their decisions: a plan holds a few (before, after, an invariant's
 * probes); `watch` and the library plan again and again, and must not grow.
 */
const KEPT = 8;
const byContent = new Map<string, ContentMemo>();
const bySet = new WeakMap<RuleSet, ContentMemo>();
/** An ambiguous decision of a set whose content another set decided first: its candidates in its own order. */
const ownAmbiguous = new WeakMap<RuleSet, Map<string, RouteDecision>>();
const untimed = new WeakMap<RuleSet, boolean>();

/**
 * The decisions of `set`'s content: the rules after a plan are built more than once (the impact's
 * in the platform's order, the invariants' in the files' order, an invariant table's narrowed copy
 * holding the same rules), and each of them decided the same callers again (issue 36 §2: 4,000
 * per-customer LCR callers decided by the impact, then again by the check). Kept for the last
 * {@link KEPT} contents.
 */
function memoOf(set: RuleSet): ContentMemo {
  let memo = bySet.get(set);
  if (memo) return memo;
  const key = unorderedContentKey(set);
  memo = byContent.get(key);
  if (memo === undefined) {
    memo = {
      stems: new Map<string, string>(),
      groups: new Map<string, readonly number[]>(),
      decided: new Map<string, { decision: RouteDecision; by: RuleSet }>(),
    };
    if (byContent.size >= KEPT) byContent.delete(byContent.keys().next().value as string);
  } else byContent.delete(key);
  // Most recently used last: the oldest goes first when full.
  byContent.set(key, memo);
  bySet.set(set, memo);
  return memo;
}

/** Whether no rule of `set` has a time recurrence: its decisions are the same at every moment. */
function timeless(set: RuleSet): boolean {
  let known = untimed.get(set);
  if (known === undefined) untimed.set(set, (known = set.rules.every((r) => r.timerec === '')));
  return known;
}

/**
 * The memo every analysis (classes.ts) decides through: one per content of rules, whoever asks
 * first fills it (the plan's impact, then its invariants' tables), whoever asks next reads it.
 */
export function sharedDecisions(): SharedDecisions {
  return SHARED;
}

const SHARED: SharedDecisions = {
  groups(set, direction, from, to) {
    // The groups of a call do not depend on the rules' order: tied patterns are listed by length
    // and text, and callers read them as a set (caller-recs.ts).
    const memo = memoOf(set);
    const key = `${stemOf(memo, set, direction, to)}\u0000${callerOf(set, direction, from)}`;
    let groups = memo.groups.get(key);
    if (groups === undefined) memo.groups.set(key, (groups = routingGroups(set, { direction, from, to })));
    return groups;
  },
  decide(set, direction, from, to, at, combo) {
    const memo = memoOf(set);
    // One instant (no recurrence asked) names its moment, unless no rule of the set has a time:
    // a decision at 00:00 is not the one of every moment no recurrence of the caller matches.
    const when = combo ?? (timeless(set) ? '' : `@${at.local} ${at.tz}`);
    const key = `${stemOf(memo, set, direction, to)}\u0000${callerOf(set, direction, from)}\u0000${when}`;
    const made = memo.decided.get(key);
    if (made === undefined) {
      const d = routeCall(set, { direction, from, to, at }, QUIET);
      memo.decided.set(key, { decision: d, by: set });
      return d;
    }
    if (made.by !== set && made.decision.result === 'ambiguous') return ownOrder(set, key, { direction, from, to, at });
    return named(made.decision, made.by, set, from, to, at);
  },
};

function stemOf(memo: ContentMemo, set: RuleSet, direction: Direction, to: string): string {
  const key = `${direction}\u0000${to}`;
  let stem = memo.stems.get(key);
  // A number holding a character the proxy does not dial is walked otherwise (model/dial.ts): its own.
  if (stem === undefined) memo.stems.set(key, (stem = isDialString(to) ? `${direction}\u0000${ruleStem(set, direction, to)}` : key));
  return stem;
}

/** The From matters only to the LCR step: not inbound, nor in a set without LCR patterns. */
function callerOf(set: RuleSet, direction: Direction, from: string): string {
  return direction === 'inbound' || set.lcr.length === 0 ? '' : from;
}

/** An ambiguous decision lists its candidates in its set's order: decided for that set, once. */
function ownOrder(set: RuleSet, key: string, call: Call): RouteDecision {
  let mine = ownAmbiguous.get(set);
  if (!mine) ownAmbiguous.set(set, (mine = new Map<string, RouteDecision>()));
  const known = mine.get(key);
  if (known === undefined) {
    const d = routeCall(set, call, QUIET);
    mine.set(key, d);
    return d;
  }
  return named(known, set, set, call.from, call.to, call.at);
}

/**
 * A decision made for another call (and perhaps by another set of the same rules) as `set`'s of
 * this one: its caller, number and moment, as the simulation would name them, and the gateways'
 * words from `set`'s own groups (the impact's and the checks' sets know the same gateways by
 * other words: the decision is the same, its words are the set's).
 */
function named(known: RouteDecision, by: RuleSet, set: RuleSet, from: string, to: string, at: CallTime): RouteDecision {
  const when = `${at.local} ${at.tz}`;
  if (known.result === 'routed' && (by.inventory !== set.inventory || by.declared !== set.declared)) {
    const { direction, rule, gwlist, candidates } = known;
    const gwlist_words = decisionWords(gwlist as string, set.inventory, set.declared);
    // In the simulation's order of fields (match.ts), so a plan shows it byte for byte as decided.
    return gwlist_words === undefined
      ? { direction, from, to, at: when, result: 'routed', rule, gwlist, candidates, steps: [] }
      : { direction, from, to, at: when, result: 'routed', rule, gwlist, gwlist_words, candidates, steps: [] };
  }
  return known.from === from && known.to === to && known.at === when ? known : { ...known, from, to, at: when };
}
