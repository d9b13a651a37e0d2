/**
 * A caller's horizon swept change point by change point (stretch-sweep.ts), for a horizon with
 * nothing to repeat (a day of daily windows, a week of weekly ones): the combination timeline's
 * segments and ids cost more than they save there, and an ITSP's per-customer LCR routes are
 * thousands of such callers. The same result as the timeline's sweep (test/routing/stretch-sweep.test.ts
 * holds both equal to the day-by-day sweep). Pure.
 */
import { InternalError } from '../model/errors.js';
import type { RouteDecision } from '../model/routing.js';
import type { Timerec } from '../model/time/timerec.js';
import { changePointList, type Examined, type Stretch } from '../model/time/windows.js';
import { matchesAtStart } from './start-answers.js';
import type { Decide, SweptGroup } from './stretch-sweep.js';

/**
 * The horizon cut where one of `recs` changes, each stretch decided by `decide` at its start once
 * per combination of matching recurrences (keyed by `key`; `decide` is told them, by index into
 * `recs`), adjacent alike stretches merged, equal outcomes grouped (in order of their first stretch).
 */
export function flatStretchesOf(
  recs: readonly Timerec[],
  examined: Examined,
  decide: Decide,
  key: (decisions: readonly RouteDecision[]) => string,
): SweptGroup[] {
  const { from, to } = examined;
  const tz = examined.horizon.tz;
  // The recurrences matching now, by index: few at a time, so their list is the combination's key.
  const active = new Set<number>();
  recs.forEach((r, i) => {
    if (matchesAtStart(r, examined)) active.add(i);
  });
  const events = eventsOf(recs, tz, from, to);
  const n = recs.length;
  // Each stretch finds its combination's decisions and group without a string for none or one
  // recurrence matching.
  type Known = { decisions: RouteDecision[]; group: { decisions: RouteDecision[]; stretches: Stretch[] } };
  const memo = new Map<string, Known>();
  const single: (Known | undefined)[] = new Array<Known | undefined>(n);
  let none: Known | undefined;
  const groups = new Map<string, Known['group']>();
  // The sum of the matching recurrences' indexes: the one matching, when one does.
  let sum = 0;
  for (const i of active) sum += i;
  let last: Known['group'] | null = null;
  const known = (s: number): Known => {
    const size = active.size;
    const found = size === 0 ? none : size === 1 ? single[sum] : memo.get(comboKey(active));
    if (found) return found;
    const decisions = decide(s, active);
    const k = key(decisions);
    let group = groups.get(k);
    if (!group) groups.set(k, (group = { decisions, stretches: [] }));
    const made = { decisions, group };
    if (size === 0) none = made;
    else if (size === 1) single[sum] = made;
    else memo.set(comboKey(active), made);
    return made;
  };
  const stretch = (s: number, end: number): void => {
    const { group } = known(s);
    if (group === last) {
      const prev = group.stretches[group.stretches.length - 1] as Stretch;
      group.stretches[group.stretches.length - 1] = { from: prev.from, to: end };
      return;
    }
    group.stretches.push({ from: s, to: end });
    last = group;
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
  return [...groups.values()];
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
