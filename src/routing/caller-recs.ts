/**
 * The recurrences one caller of a number class can be decided by (decide-class.ts): those of the
 * rules of the groups it reaches, and for each rule set its own among them. Pure.
 */
import type { Timerec } from '../model/time/timerec.js';
import type { Caller } from './callers.js';
import type { SharedDecisions } from './decision-memo.js';
import { routingGroups } from './match.js';
import type { NumberClass } from './number-classes.js';
import type { RuleSet } from './types.js';

/** The recurrences of a class's rules by the group holding them, each with its place in `met`. */
export type RecsByGroup = ReadonlyMap<number, readonly { readonly at: number; readonly rec: Timerec; readonly sets: number }[]>;

/** Built once per class's recurrences: a class decided a caller at a time (classes.ts `classSpansLazily`) shares them. */
const byGroupOf = new WeakMap<NumberClass['met'], RecsByGroup>();

/** A class's recurrences by the group of the rules holding them, built once per class. */
export function recsByGroup(nc: NumberClass): RecsByGroup {
  const known = byGroupOf.get(nc.met);
  if (known) return known;
  const out = new Map<number, { at: number; rec: Timerec; sets: number }[]>();
  nc.met.forEach((m, at) => {
    const list = out.get(m.group);
    if (list) list.push({ at, rec: m.rec, sets: m.sets });
    else out.set(m.group, [{ at, rec: m.rec, sets: m.sets }]);
  });
  byGroupOf.set(nc.met, out);
  return out;
}

/**
 * The recurrences a caller's decision can depend on: those of the rules of the groups it reaches,
 * in any set, in the class's order; and for each set, those of its own rules in the groups it
 * reaches (its decision depends on no other, decision-memo.ts). Looked up by group: K LCR callers
 * each scanning the K recurrences of a class was quadratic.
 */
export function callerRecs(
  sets: readonly RuleSet[],
  nc: NumberClass,
  byGroup: RecsByGroup,
  caller: Caller,
  deciding: readonly boolean[],
  shared: SharedDecisions | undefined,
): { recs: Timerec[]; own: Set<Timerec>[] } {
  const own = sets.map(() => new Set<Timerec>());
  if (nc.met.length === 0) return { recs: [], own };
  const found: { at: number; rec: Timerec }[] = [];
  const taken = new Set<number>();
  // Met in the class's order already when one group's entries are all (a customer's route): no sort.
  let ordered = true;
  sets.forEach((set, i) => {
    if (!deciding[i]) return;
    const reached = shared
      ? shared.groups(set, nc.direction, caller.from, nc.to)
      : routingGroups(set, { direction: nc.direction, from: caller.from, to: nc.to });
    for (const g of reached)
      for (const e of byGroup.get(g) ?? []) {
        if ((e.sets & (1 << i)) !== 0) (own[i] as Set<Timerec>).add(e.rec);
        if (!taken.has(e.at)) {
          taken.add(e.at);
          if (found.length > 0 && (found[found.length - 1] as { at: number }).at > e.at) ordered = false;
          found.push(e);
        }
      }
  });
  if (!ordered) found.sort((a, b) => a.at - b.at);
  // One entry per recurrence of the class (`met` holds a recurrence once per group): a caller
  // reaching one group has each once.
  if (found.length === 1) return { recs: [(found[0] as { rec: Timerec }).rec], own };
  return { recs: [...new Set(found.map((e) => e.rec))], own };
}
