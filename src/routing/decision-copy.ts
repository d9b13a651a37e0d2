/**
 * A decision one rule set made, as another set holding the same rules (prepared-share.ts
 * `sameUnorderedContent`) makes it: the rules after a plan are built in the platform's order for the
 * impact and in the files' order, with other gateway words, for the checks (decision-memo.ts shares
 * their decisions). The simulation (match.ts) reads the order of the rules in one place only: an
 * ambiguous decision lists its candidates (and their outcomes) in the set's order, the LCR routes
 * tied and the rules of one prefix and priority alike; and the words of a gateway list come from
 * the set's own groups. Everything else is the same, so it is copied, not simulated again on a
 * second preparation of the same rules. Pure.
 */
import type { CandidateOutcome, RouteDecision } from '../model/routing.js';
import type { CallTime, RuleSet } from './types.js';
import { decisionWords } from './words.js';

/**
 * `known` (decided by `by`) as `set`'s decision of the call from `from` to `to` at `at`: with the
 * call named so, its gateway words from `set`'s groups, and a tie's candidates in `set`'s order.
 * `null` when the candidates cannot be placed in `set` (a key held by two of its rules): then only
 * the simulation on `set` itself says their order.
 */
export function asDecidedBy(known: RouteDecision, by: RuleSet, set: RuleSet, from: string, to: string, at: CallTime): RouteDecision | null {
  const when = `${at.local} ${at.tz}`;
  const sameWords = by.inventory === set.inventory && by.declared === set.declared;
  if (known.result === 'routed' && !sameWords) {
    const { direction, rule, gwlist, candidates } = known;
    const gwlist_words = decisionWords(gwlist as string, set.inventory, set.declared);
    // In the simulation's order of fields (match.ts), so a plan shows it byte for byte as decided.
    return gwlist_words === undefined
      ? { direction, from, to, at: when, result: 'routed', rule, gwlist, candidates, steps: [] }
      : { direction, from, to, at: when, result: 'routed', rule, gwlist, gwlist_words, candidates, steps: [] };
  }
  if (known.result === 'ambiguous' && (by !== set || !sameWords)) return inOrderOf(known, set, sameWords, from, to, when);
  return known.from === from && known.to === to && known.at === when ? known : { ...known, from, to, at: when };
}

/** An ambiguous decision with its candidates and outcomes in `set`'s order, each outcome's words from `set`'s groups. */
function inOrderOf(known: RouteDecision, set: RuleSet, sameWords: boolean, from: string, to: string, at: string): RouteDecision | null {
  const place = placesOf(set);
  const outcomes = known.outcomes;
  if (outcomes === undefined || outcomes.length !== known.candidates.length) return null;
  const placed: { at: number; outcome: CandidateOutcome }[] = [];
  for (const outcome of outcomes) {
    const i = place.get(`${outcome.candidate.kind}\u0000${outcome.candidate.key}`);
    if (i === undefined || i < 0) return null;
    placed.push({ at: i, outcome: sameWords ? outcome : withWords(outcome, set) });
  }
  placed.sort((a, b) => a.at - b.at);
  const ordered = placed.map((p) => p.outcome);
  // As match.ts `ambiguous` writes it.
  return {
    direction: known.direction,
    from,
    to,
    at,
    result: 'ambiguous',
    candidates: ordered.map((o) => o.candidate),
    outcomes: ordered,
    steps: [],
  };
}

/** A routed outcome with the words of `set`'s groups, in the simulation's order of fields. */
function withWords(o: CandidateOutcome, set: RuleSet): CandidateOutcome {
  if (o.result !== 'routed') return o;
  const { candidate, rule, gwlist } = o;
  const gwlist_words = decisionWords(gwlist as string, set.inventory, set.declared);
  return gwlist_words === undefined
    ? { candidate, result: 'routed', rule, gwlist }
    : { candidate, result: 'routed', rule, gwlist, gwlist_words };
}

/** Each rule's place in its set by kind and key; -1 for a key two rules hold. Made once per set. */
const places = new WeakMap<RuleSet, ReadonlyMap<string, number>>();
function placesOf(set: RuleSet): ReadonlyMap<string, number> {
  let known = places.get(set);
  if (known) return known;
  const made = new Map<string, number>();
  set.rules.forEach((r, i) => {
    const key = `${r.kind}\u0000${r.key}`;
    made.set(key, made.has(key) ? -1 : i);
  });
  places.set(set, (known = made));
  return known;
}
