/**
 * What a rule set decides for a call over a whole horizon, kept by whichever analysis swept it
 * first (decide-class.ts) for another that only needs those outcomes (classes.ts
 * `classSpansLazily`'s screen). An invariant check holds one table per `during`: the built-ins'
 * decides every class over the horizon, and the table of a set with an office-hours window then
 * swept each class again by the rules alone to screen it (issue 36 §2, a yearly recurrence per
 * prefix: 1,000 classes swept twice). A set's decision of a call depends on its content, the
 * call's stem and (with LCR patterns) its From, and which of its own recurrences match
 * (decision-memo.ts): a sweep cut at every change of those, whatever else cuts it, meets every
 * outcome the set gives that call over the horizon, so another sweep of the same horizon would
 * meet the same ones. Pure, apart from the memo.
 */
import type { RouteDecision } from '../model/routing.js';
import type { Examined } from '../model/time/windows.js';
import { callIdentity } from './decision-memo.js';
import type { Direction, RuleSet } from './types.js';

/** How many horizons one content keeps outcomes for: a check has one; the library in a loop must not grow. */
const HORIZONS_KEPT = 4;

/** By content (decision-memo.ts, dropped with it), by horizon, by call key: the outcomes met. */
const kept = new WeakMap<object, Map<string, Map<string, readonly RouteDecision[]>>>();

/** Each horizon's key, written once: its bounds are wall seconds past 2^30, each written as a double's text for every caller kept and read. */
const keys = new WeakMap<Examined, string>();

function horizonKey(examined: Examined): string {
  let key = keys.get(examined);
  if (key === undefined) keys.set(examined, (key = `${examined.from}\u0000${examined.to}\u0000${examined.horizon.tz}`));
  return key;
}

/**
 * Keeps `decisions`: every outcome `set` gives the call from `from` to `to` somewhere in `examined`
 * (each at least once, each as decided at some moment of it), as a sweep of that call met them.
 * Not for a single instant (`plan --at`), whose decisions hold there only.
 */
export function keepOutcomes(
  set: RuleSet,
  direction: Direction,
  from: string,
  to: string,
  examined: Examined,
  decisions: readonly RouteDecision[],
): void {
  if (examined.naming === 'instant') return;
  const { content, key } = callIdentity(set, direction, from, to);
  let horizons = kept.get(content);
  if (!horizons) kept.set(content, (horizons = new Map<string, Map<string, readonly RouteDecision[]>>()));
  const at = horizonKey(examined);
  let calls = horizons.get(at);
  if (!calls) {
    if (horizons.size >= HORIZONS_KEPT) horizons.clear();
    horizons.set(at, (calls = new Map<string, readonly RouteDecision[]>()));
  }
  if (!calls.has(key)) calls.set(key, decisions);
}

/**
 * The outcomes {@link keepOutcomes} kept for a call `set`'s content decides alike over the same
 * horizon, or `undefined`. Read for their outcome only: their From, number and moment may be
 * another call's (one of the same stem and, with LCR patterns, the same From).
 */
export function keptOutcomes(
  set: RuleSet,
  direction: Direction,
  from: string,
  to: string,
  examined: Examined,
): readonly RouteDecision[] | undefined {
  if (examined.naming === 'instant') return undefined;
  const { content, key } = callIdentity(set, direction, from, to);
  return kept.get(content)?.get(horizonKey(examined))?.get(key);
}
