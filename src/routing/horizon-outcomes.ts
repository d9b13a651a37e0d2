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
import { horizonKey } from './flat-sweep.js';
import type { Direction, RuleSet } from './types.js';

/** How many horizons one content keeps outcomes for: a check has one; the library in a loop must not grow. */
const HORIZONS_KEPT = 4;

/** One number's calls over one horizon: by From (`''` when the From decides nothing), the outcomes met. */
type NumberOutcomes = Map<string, readonly RouteDecision[]>;

/** By content (decision-memo.ts, dropped with it), by horizon, by the number's key: its calls' outcomes. */
const kept = new WeakMap<object, Map<string, Map<string, NumberOutcomes>>>();

/**
 * The number last asked: a sweep keeps each caller of a class in turn, one number for K callers.
 * It holds its set and content until another number is asked: one content beyond the memo's, at most.
 */
interface LastNumber {
  readonly set: RuleSet;
  readonly direction: Direction;
  readonly to: string;
  readonly examined: Examined;
  /** `undefined` when nothing is kept for it yet (a read does not make one). */
  calls: NumberOutcomes | undefined;
  readonly byFrom: boolean;
  readonly content: object;
  readonly key: string;
}

let last: LastNumber | undefined;

/**
 * The outcomes kept for `set`'s calls to `to` over `examined`, found once per number (its identity
 * asked of the memo once, decision-memo.ts `callIdentity`), not once per caller: each caller's
 * key was its number's written again beside its From (issue 36 §2: 4,000 callers of class 1).
 * `make`: a number without any is given a list (a keep), else left without (a read).
 */
function outcomesOf(set: RuleSet, direction: Direction, to: string, examined: Examined, make: boolean): LastNumber {
  let at = last;
  if (at === undefined || at.set !== set || at.direction !== direction || at.to !== to || at.examined !== examined) {
    const { content, key, byFrom } = callIdentity(set, direction, to);
    last = at = { set, direction, to, examined, byFrom, content, key, calls: kept.get(content)?.get(horizonKey(examined))?.get(key) };
  }
  // A number left without a list by a read gets one when kept. A list found is in `kept`: only a
  // keep of another number (which replaces `last`) lets a horizon go.
  if (make && at.calls === undefined) {
    let horizons = kept.get(at.content);
    if (!horizons) kept.set(at.content, (horizons = new Map<string, Map<string, NumberOutcomes>>()));
    const h = horizonKey(examined);
    let numbers = horizons.get(h);
    if (!numbers) {
      if (horizons.size >= HORIZONS_KEPT) horizons.clear();
      horizons.set(h, (numbers = new Map<string, NumberOutcomes>()));
    }
    let calls = numbers.get(at.key);
    if (!calls) numbers.set(at.key, (calls = new Map<string, readonly RouteDecision[]>()));
    at.calls = calls;
  }
  return at;
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
  const at = outcomesOf(set, direction, to, examined, true);
  const calls = at.calls as NumberOutcomes;
  const caller = at.byFrom ? from : '';
  if (!calls.has(caller)) calls.set(caller, decisions);
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
  const at = outcomesOf(set, direction, to, examined, false);
  return at.calls?.get(at.byFrom ? from : '');
}
