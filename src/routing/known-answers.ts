/**
 * What a simulation is told of its call's moment (match.ts `routeCall`): which recurrences match
 * there, where the caller knows. Pure.
 */
import type { Timerec } from '../model/time/timerec.js';
import type { PreparedRule } from './prepared.js';

/**
 * The answers of recurrences at a call's moment that its caller already knows: a sweep of the
 * horizon (routing/stretch-sweep.ts) decides each combination of matching recurrences at a moment
 * where it knows which match, and each simulation asked every rule's matcher again until one
 * matched (issue 36 §2: 25,761 questions for 320 combinations of one-minute windows). A rule whose
 * recurrence (prepared.ts `PreparedRule.rec`, by identity) is in `known` matches exactly when it is
 * in `matching`; any other is asked.
 */
export interface KnownAnswers {
  readonly known: ReadonlySet<Timerec>;
  readonly matching: ReadonlySet<Timerec>;
}

/** Whether a prepared rule's recurrence holds at `local` in `tz`, told by `answers` where it knows. */
export function holds(r: PreparedRule, local: string, tz: string, answers: KnownAnswers | undefined): boolean {
  if (r.when === null) return true;
  if (answers !== undefined && r.rec !== null && answers.known.has(r.rec)) return answers.matching.has(r.rec);
  return r.when(local, tz);
}

/** A list's rules by recurrence (their places, ascending) and the places of those without one. */
interface ListIndex {
  readonly always: readonly number[];
  readonly byRec: ReadonlyMap<Timerec, readonly number[]>;
}

const indexes = new WeakMap<readonly PreparedRule[], ListIndex>();
/** Per set of known recurrences (one per caller swept), the places in a list of rules whose recurrence it does not hold. */
const unknown = new WeakMap<ReadonlySet<Timerec>, WeakMap<readonly PreparedRule[], readonly number[]>>();

function indexOf(rules: readonly PreparedRule[]): ListIndex {
  let known = indexes.get(rules);
  if (known) return known;
  const always: number[] = [];
  const byRec = new Map<Timerec, number[]>();
  rules.forEach((r, i) => {
    if (r.when === null) always.push(i);
    else if (r.rec !== null) {
      const list = byRec.get(r.rec);
      if (list) list.push(i);
      else byRec.set(r.rec, [i]);
    }
  });
  indexes.set(rules, (known = { always, byRec }));
  return known;
}

function unknownIn(rules: readonly PreparedRule[], known: ReadonlySet<Timerec>): readonly number[] {
  let byList = unknown.get(known);
  if (!byList) unknown.set(known, (byList = new WeakMap()));
  let places = byList.get(rules);
  if (places === undefined) {
    const out: number[] = [];
    rules.forEach((r, i) => {
      if (r.when !== null && (r.rec === null || !known.has(r.rec))) out.push(i);
    });
    byList.set(rules, (places = out));
  }
  return places;
}

/**
 * The places, ascending, of the rules of `rules` (one prefix of a group, by descending priority)
 * that may hold where `answers` were given: those without a recurrence, those whose recurrence
 * matches, and those whose recurrence it does not know (asked). Every other rule does not hold, so
 * the first of these that holds is the first of the list that does: a simulation of one-minute
 * windows walked 160 rules to find none or one (issue 36 §2). `undefined` (walk them all) when more
 * recurrences match than the list holds rules.
 */
export function mayHold(rules: readonly PreparedRule[], answers: KnownAnswers): readonly number[] | undefined {
  if (answers.matching.size > rules.length) return undefined;
  const { always, byRec } = indexOf(rules);
  const asked = unknownIn(rules, answers.known);
  const out = [...always, ...asked];
  for (const rec of answers.matching) for (const i of byRec.get(rec) ?? []) out.push(i);
  return out.length > 1 ? out.sort((a, b) => a - b) : out;
}
