/**
 * Decisions shared by the number classes of one analysis (classes.ts) that a rule set routes alike.
 * A digit number meets only the rules at its prefixes and the LCR patterns whose To-part begins it
 * (classes.ts `narrowedSets`), so two numbers with the same longest such prefix in a set (their
 * stem, `ruleStem`) are decided alike by that set for the same From and the same recurrences
 * matching. The invariants' tables cut the rule set's classes by their probes (a `to_prefix` of
 * 1900 makes 1900 a class beside 1): the set's decision of each caller of 1900 is then the one of
 * 1, and it is copied, with its own number and moment, instead of simulated again (K LCR callers
 * each decided twice). A set's decision depends on the recurrences of its own rules only (a probe
 * set's not on a customer's window), and on the From only through its LCR patterns (a probe set
 * has none, so it decides once for every caller). Each decision still comes from the simulation
 * (match.ts), once. Pure.
 */
import { isDialString } from '../model/dial.js';
import type { Direction, RouteDecision } from '../model/routing.js';
import type { Timerec } from '../model/time/timerec.js';
import { routeCall, routingGroups } from './match.js';
import { ruleStem } from './number-classes.js';
import type { CallTime, RuleSet } from './types.js';

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

/** One set's decisions of a caller of a number class, shared with the classes its set routes alike. */
export interface SharedDecisions {
  /** The groups the call may be routed in (match.ts `routingGroups`), whatever its time. */
  groups(set: RuleSet, direction: Direction, from: string, to: string): readonly number[];
  /**
   * The set's decision of the call at `at`, where the recurrences matching are `combo`
   * (`comboOf`), every recurrence the decision can depend on among those the key was made of.
   */
  decide(set: RuleSet, direction: Direction, from: string, to: string, at: CallTime, combo: string): RouteDecision;
}

/** A memo for one analysis: kept while its classes are decided, then dropped with them. */
export function sharedDecisions(): SharedDecisions {
  const stems = new Map<RuleSet, Map<string, string>>();
  const groupsOf = new Map<RuleSet, Map<string, readonly number[]>>();
  const decided = new Map<RuleSet, Map<string, RouteDecision>>();
  const stemOf = (set: RuleSet, direction: Direction, to: string): string => {
    let bySet = stems.get(set);
    if (!bySet) stems.set(set, (bySet = new Map<string, string>()));
    const key = `${direction}\u0000${to}`;
    let stem = bySet.get(key);
    // A number holding a character the proxy does not dial is walked otherwise (model/dial.ts): its own.
    if (stem === undefined) bySet.set(key, (stem = isDialString(to) ? `${direction}\u0000${ruleStem(set, direction, to)}` : key));
    return stem;
  };
  // The From matters only to the LCR step: not inbound, nor in a set without LCR patterns.
  const caller = (set: RuleSet, direction: Direction, from: string): string =>
    direction === 'inbound' || set.lcr.length === 0 ? '' : from;
  const table = <T>(all: Map<RuleSet, Map<string, T>>, set: RuleSet): Map<string, T> => {
    let bySet = all.get(set);
    if (!bySet) all.set(set, (bySet = new Map<string, T>()));
    return bySet;
  };
  return {
    groups(set, direction, from, to) {
      const memo = table(groupsOf, set);
      const key = `${stemOf(set, direction, to)}\u0000${caller(set, direction, from)}`;
      let groups = memo.get(key);
      if (groups === undefined) memo.set(key, (groups = routingGroups(set, { direction, from, to })));
      return groups;
    },
    decide(set, direction, from, to, at, combo) {
      const memo = table(decided, set);
      const key = `${stemOf(set, direction, to)}\u0000${caller(set, direction, from)}\u0000${combo}`;
      const known = memo.get(key);
      if (known === undefined) {
        const d = routeCall(set, { direction, from, to, at }, QUIET);
        memo.set(key, d);
        return d;
      }
      // The decision names its call: this caller, number and moment, as the simulation would.
      const when = `${at.local} ${at.tz}`;
      return known.from === from && known.to === to && known.at === when ? known : { ...known, from, to, at: when };
    },
  };
}
