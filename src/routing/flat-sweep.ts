/**
 * A caller's horizon swept change point by change point (stretch-sweep.ts), for a horizon with
 * nothing to repeat (a day of daily windows, a week of weekly ones): the combination timeline's
 * segments and ids cost more than they save there, and an ITSP's per-customer LCR routes are
 * thousands of such callers. The same result as the timeline's sweep (test/routing/stretch-sweep.test.ts
 * holds both equal to the day-by-day sweep). Pure, apart from the sweeps kept for the last few horizons.
 */
import { InternalError } from '../model/errors.js';
import type { RouteDecision } from '../model/routing.js';
import type { Timerec } from '../model/time/timerec.js';
import { changePointList, type Examined, type Stretch } from '../model/time/windows.js';
import { matchesAtStart } from './start-answers.js';
import type { Decide, SweptGroup } from './stretch-sweep.js';

/**
 * One list of recurrences swept over one horizon, whoever it decides: each stretch between two of
 * their change points with the combination matching there, and each combination with the moment it
 * is first met and the recurrences matching (by index, in the order they began to match). The same
 * for every caller whose list it is: K LCR callers of one window (a daily hour shared by several
 * customers) each cut the horizon again, asking every change point and sorting them.
 */
interface FlatSweep {
  /** Each stretch as three numbers: its start, its end and its combination (an index into `combos`). */
  readonly cuts: readonly number[];
  readonly combos: readonly { readonly at: number; readonly active: readonly number[] }[];
}

/** The sweeps of one horizon: of one recurrence by the recurrence (a customer's window: no key to write), of several by their numbers. */
interface HorizonSweeps {
  readonly one: WeakMap<Timerec, FlatSweep>;
  readonly lists: Map<string, FlatSweep>;
}

/**
 * The sweeps made per horizon, by its bounds and zone (`horizonKey`), for the last
 * {@link HORIZONS_KEPT} horizons: a sweep depends on the recurrences and the horizon's bounds and
 * zone alone, and each analysis makes its own horizon object (a plan's impact, then each of its
 * invariant tables over the same day), each of which cut the same recurrences again (4,000
 * customers with a daily window each: 1,440 windows cut by the impact, then by the check).
 */
const sweeps = new Map<string, HorizonSweeps>();
/** A plan holds one or two horizons (its impact's and an invariant's `during`); a process in a loop must not grow. */
const HORIZONS_KEPT = 4;
/** Past this many lists of recurrences in one horizon, its lists start again: a process in a loop must not grow. */
const LISTS_KEPT = 100_000;
/** Each horizon's key, written once per horizon object. */
const horizonKeys = new WeakMap<Examined, string>();

/**
 * A horizon as what a sweep of it depends on, its bounds and zone: analyses that each make their
 * own horizon object over the same day (a plan's impact, its invariant tables) share what is kept
 * by it (here, and horizon-outcomes.ts). Written once per horizon object (its bounds are wall
 * seconds past 2^30, each written as a double's text).
 */
export function horizonKey(examined: Examined): string {
  let key = horizonKeys.get(examined);
  if (key === undefined) horizonKeys.set(examined, (key = `${examined.from}\u0000${examined.to}\u0000${examined.horizon.tz}`));
  return key;
}
/** A recurrence's number in the key of a list: recurrences are compared by identity (one object per text, timerec.ts). */
const recIds = new WeakMap<Timerec, number>();
let nextRecId = 0;

/**
 * The horizon cut where one of `recs` changes, each stretch decided by `decide` at its start once
 * per combination of matching recurrences (`decide` is told them, by index into `recs`), adjacent
 * alike stretches merged, equal outcomes (`same`) grouped (in order of their first stretch). The
 * cut is made once per horizon and list of recurrences (`FlatSweep`), the decisions per call. A
 * caller meets a few combinations and fewer outcomes: each is compared with the outcomes met so
 * far, not written as a key.
 */
export function flatStretchesOf(
  recs: readonly Timerec[],
  examined: Examined,
  decide: Decide,
  same: (a: readonly RouteDecision[], b: readonly RouteDecision[]) => boolean,
): SweptGroup[] {
  const { cuts, combos } = flatSweepOf(recs, examined);
  type Group = { decisions: RouteDecision[]; stretches: Stretch[] };
  const ofCombo: (Group | undefined)[] = new Array<Group | undefined>(combos.length);
  const groups: Group[] = [];
  // Past a few outcomes (a caller of many windows by priority), they are found by their first
  // decision's rule (a text it holds already), not each compared with all the others.
  let byRule: Map<string, Group[]> | null = null;
  const find = (decisions: RouteDecision[]): Group | undefined => {
    if (byRule === null && groups.length < FEW) return groups.find((g) => same(g.decisions, decisions));
    if (byRule === null) {
      byRule = new Map<string, Group[]>();
      for (const g of groups) alikeOf(byRule, g.decisions).push(g);
    }
    return alikeOf(byRule, decisions).find((g) => same(g.decisions, decisions));
  };
  let last: Group | null = null;
  for (let k = 0; k < cuts.length; k += 3) {
    const s = cuts[k] as number;
    const end = cuts[k + 1] as number;
    const c = cuts[k + 2] as number;
    let group = ofCombo[c];
    if (!group) {
      const combo = combos[c] as FlatSweep['combos'][number];
      const decisions = decide(combo.at, combo.active);
      group = find(decisions);
      if (!group) {
        group = { decisions, stretches: [] };
        groups.push(group);
        if (byRule !== null) alikeOf(byRule, decisions).push(group);
      }
      ofCombo[c] = group;
    }
    if (group === last) {
      const prev = group.stretches[group.stretches.length - 1] as Stretch;
      group.stretches[group.stretches.length - 1] = { from: prev.from, to: end };
      continue;
    }
    group.stretches.push({ from: s, to: end });
    last = group;
  }
  return groups;
}

/** How many outcomes a caller's are compared with one by one. */
const FEW = 8;

/** The outcomes whose first decision names the same rule as `decisions`' first, in `byRule`. */
function alikeOf<G>(byRule: Map<string, G[]>, decisions: readonly RouteDecision[]): G[] {
  const rule = decisions[0]?.rule?.key ?? '';
  let alike = byRule.get(rule);
  if (!alike) byRule.set(rule, (alike = []));
  return alike;
}

/** {@link FlatSweep} of `recs` over `examined`, made on first ask. */
function flatSweepOf(recs: readonly Timerec[], examined: Examined): FlatSweep {
  const made = sweepsOf(examined);
  if (recs.length === 1) {
    const rec = recs[0] as Timerec;
    let sweep = made.one.get(rec);
    if (!sweep) made.one.set(rec, (sweep = sweepOf(recs, examined)));
    return sweep;
  }
  let key = '';
  for (const r of recs) {
    let id = recIds.get(r);
    if (id === undefined) recIds.set(r, (id = nextRecId++));
    key += `${id},`;
  }
  let sweep = made.lists.get(key);
  if (!sweep) {
    if (made.lists.size >= LISTS_KEPT) made.lists.clear();
    made.lists.set(key, (sweep = sweepOf(recs, examined)));
  }
  return sweep;
}

/** The sweeps kept for `examined`'s bounds and zone, whichever analysis made them. */
function sweepsOf(examined: Examined): HorizonSweeps {
  const key = horizonKey(examined);
  let made = sweeps.get(key);
  if (made === undefined) {
    if (sweeps.size >= HORIZONS_KEPT) sweeps.delete(sweeps.keys().next().value as string);
    sweeps.set(key, (made = { one: new WeakMap<Timerec, FlatSweep>(), lists: new Map<string, FlatSweep>() }));
  }
  return made;
}

function sweepOf(recs: readonly Timerec[], examined: Examined): FlatSweep {
  const { from, to } = examined;
  const tz = examined.horizon.tz;
  // The recurrences matching now, by index: few at a time, so their list is the combination's key.
  const active = new Set<number>();
  recs.forEach((r, i) => {
    if (matchesAtStart(r, examined)) active.add(i);
  });
  const events = eventsOf(recs, tz, from, to);
  const n = recs.length;
  const cuts: number[] = [];
  const combos: { at: number; active: readonly number[] }[] = [];
  // Each stretch finds its combination without a string for none or one recurrence matching.
  const memo = new Map<string, number>();
  const single: (number | undefined)[] = new Array<number | undefined>(n);
  let none: number | undefined;
  // The sum of the matching recurrences' indexes: the one matching, when one does.
  let sum = 0;
  for (const i of active) sum += i;
  const comboAt = (s: number): number => {
    const size = active.size;
    const found = size === 0 ? none : size === 1 ? single[sum] : memo.get(comboKey(active));
    if (found !== undefined) return found;
    const made = combos.length;
    combos.push({ at: s, active: [...active] });
    if (size === 0) none = made;
    else if (size === 1) single[sum] = made;
    else memo.set(comboKey(active), made);
    return made;
  };
  const stretch = (s: number, end: number): void => {
    cuts.push(s, end, comboAt(s));
  };
  let start = from;
  // `v % n` and the division of what is left are exact on safe integers.
  const atOf = (v: number): number => (v - (v % n)) / n;
  for (let e = 0; e < events.length;) {
    const at = atOf(events[e] as number);
    stretch(start, at);
    for (; e < events.length && atOf(events[e] as number) === at; e++) {
      const i = (events[e] as number) % n;
      if (active.delete(i)) sum -= i;
      else {
        active.add(i);
        sum += i;
      }
    }
    start = at;
  }
  stretch(start, to);
  return { cuts, combos };
}

/**
 * Every change point of every recurrence as one number, `at × recs + index`, sorted: as objects
 * sorted by a comparator they cost more than deciding the calls. Exact while `to × recs` is a safe integer.
 */
function eventsOf(recs: readonly Timerec[], tz: string, from: number, to: number): Float64Array {
  const n = recs.length;
  if (!Number.isSafeInteger(to * n)) throw new InternalError(`too many recurrences to order their changes: ${n}`);
  const lists = recs.map((r) => changePointList(r, tz, from, to).all());
  const out = new Float64Array(lists.reduce((k, l) => k + l.length, 0));
  let k = 0;
  lists.forEach((list, i) => {
    for (const p of list) out[k++] = p * n + i;
  });
  return out.sort();
}

function comboKey(active: ReadonlySet<number>): string {
  return [...active].sort((a, b) => a - b).join(',');
}
