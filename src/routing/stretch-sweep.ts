/**
 * A caller's horizon cut where one of its recurrences changes, each stretch decided once per
 * combination of matching recurrences (decide-class.ts), alike adjacent stretches merged. Where
 * every recurrence repeats with one period (model/time/repeat-segments.ts), one period is swept
 * and its stretches kept as a pattern repeated (model/time/stretch-runs.ts): one-minute daily
 * windows over four years were some 470,000 stretches built per caller, one day's now per stretch
 * between two clock changes. The result is the day-by-day sweep's, written shorter: the same
 * groups, in the same order, each decided at the same moment, standing for the same stretches.
 * Pure.
 */
import { InternalError } from '../model/errors.js';
import type { RouteDecision } from '../model/routing.js';
import { repeatSegments, type Segment } from '../model/time/repeat-segments.js';
import type { StretchPiece } from '../model/time/stretch-runs.js';
import type { Timerec } from '../model/time/timerec.js';
import { timerecMatches } from '../model/time/timerec-match.js';
import { changePoints, windowOf, type Examined } from '../model/time/windows.js';

/** What tells two decisions apart for a call: result, winning rule, gateways, the candidates of an undefined order and their outcomes. */
export function decisionKey(d: RouteDecision): string {
  const head = `${d.result}\u0000${d.rule?.kind ?? ''}\u0000${d.rule?.key ?? ''}\u0000${d.gwlist ?? ''}`;
  if (d.result !== 'ambiguous') return head;
  const tail = d.candidates
    .map((c, i) => {
      const o = d.outcomes?.[i];
      return `${c.kind}\u0000${c.key}\u0000${o?.result ?? ''}\u0000${o?.rule?.key ?? ''}\u0000${o?.gwlist ?? ''}`;
    })
    .join('\n');
  return `${head}\n${tail}`;
}

/** One outcome over the horizon: its decisions and the stretches (as pieces) where the caller gets them. */
export interface SweptGroup {
  readonly decisions: RouteDecision[];
  readonly stretches: StretchPiece[];
}

/**
 * The horizon cut where one of `recs` changes, each stretch decided by `decide` at its start once
 * per combination of matching recurrences, adjacent alike stretches merged, equal outcomes grouped
 * (in order of their first stretch).
 */
export function stretchesOf(recs: readonly Timerec[], examined: Examined, decide: (start: number) => RouteDecision[]): SweptGroup[] {
  const { from, to } = examined;
  const tz = examined.horizon.tz;
  const fromLocal = windowOf({ from, to: from }).start;
  const n = recs.length;
  if (!Number.isSafeInteger(to * n)) throw new InternalError(`too many recurrences to order their changes: ${n}`);
  const lists = recs.map((r) => changePoints(r, tz, from, to));
  const initial = recs.map((r) => timerecMatches(r, fromLocal, tz));
  const state = new Combination(n, decide);
  const out = new Emitter();
  const cursor = new Cursor(lists);
  for (const seg of repeatSegments(recs, tz, from, to, lists)) {
    const starts = cursor.seek(seg.lo);
    state.reset(starts, initial);
    if (seg.lo === from) out.moveTo(from, state.group(from));
    if (seg.period !== undefined && repeatPeriod(seg, seg.period, lists, starts, state, out)) continue;
    state.reset(starts, initial);
    sweepExactly(seg.lo, seg.hi, lists, starts, state, out);
  }
  out.close(to);
  return state.groups();
}

/** Each change point within [lo, hi), in order: the combination there and its group. */
function sweepExactly(
  lo: number,
  hi: number,
  lists: readonly (readonly number[])[],
  starts: readonly number[],
  state: Combination,
  out: Emitter,
): void {
  forEachMoment(lo, hi, lists, starts, state, (at, group) => out.moveTo(at, group));
}

/**
 * A segment whose combinations repeat with `period`: the group changes within (lo, lo + period],
 * found exactly, are those of every later period moved on (see repeat-segments.ts), so each
 * outcome's stretches are one period's pattern repeated up to the last change before `hi`, whose
 * stretch stays open. False (nothing written) when the period holds fewer than two changes, which
 * a repeating answer cannot have; the segment is then swept exactly.
 */
function repeatPeriod(
  seg: Segment,
  period: number,
  lists: readonly (readonly number[])[],
  starts: readonly number[],
  state: Combination,
  out: Emitter,
): boolean {
  const { lo, hi } = seg;
  const changes: { at: number; group: SweptGroup }[] = [];
  let current = out.current();
  forEachMoment(lo, lo + period + 1, lists, starts, state, (at, group) => {
    if (at === lo) out.moveTo(at, group);
    else if (group !== current) changes.push({ at, group });
    current = group;
  });
  if (changes.length === 0) return true;
  if (changes.length === 1) return false;
  // The last change before hi: the latest start of each change's copies.
  let last = changes[0] as { at: number; group: SweptGroup };
  let lastAt = -Infinity;
  for (const c of changes) {
    const at = c.at + Math.floor((hi - 1 - c.at) / period) * period;
    if (at > lastAt) [last, lastAt] = [c, at];
  }
  out.close((changes[0] as { at: number }).at);
  const patterns = new Map<SweptGroup, { from: number; to: number }[]>();
  changes.forEach((c, i) => {
    const end = i + 1 < changes.length ? (changes[i + 1] as { at: number }).at : (changes[0] as { at: number }).at + period;
    const list = patterns.get(c.group) ?? [];
    if (list.length === 0) patterns.set(c.group, list);
    list.push({ from: c.at, to: end });
  });
  for (const [group, pattern] of patterns)
    if ((pattern[0] as { from: number }).from < lastAt) group.stretches.push({ pattern, every: period, limit: lastAt });
  out.open(lastAt, last.group);
  return true;
}

/**
 * Calls `visit(at, group)` at `lo` and at each moment within (lo, hi) where a recurrence changes,
 * the combination brought up to date first; `starts[i]` is the first of `lists[i]` at or after `lo`. The changes are one number each, `at × recs + index`,
 * sorted: as objects sorted by a comparator they cost more than deciding the calls.
 */
function forEachMoment(
  lo: number,
  hi: number,
  lists: readonly (readonly number[])[],
  starts: readonly number[],
  state: Combination,
  visit: (at: number, group: SweptGroup) => void,
): void {
  const n = lists.length;
  const found: number[] = [];
  lists.forEach((list, i) => {
    for (let k = starts[i] as number; k < list.length && (list[k] as number) < hi; k++) found.push((list[k] as number) * n + i);
  });
  const events = Float64Array.from(found).sort();
  // `v % n` and the division of what is left are exact on safe integers.
  const atOf = (v: number): number => (v - (v % n)) / n;
  let e = 0;
  if (events.length === 0 || atOf(events[0] as number) !== lo) visit(lo, state.group(lo));
  while (e < events.length) {
    const at = atOf(events[e] as number);
    for (; e < events.length && atOf(events[e] as number) === at; e++) state.toggle((events[e] as number) % n);
    visit(at, state.group(at));
  }
}

/** Where each list's points at or after a moment begin, the moments asked in ascending order. */
class Cursor {
  readonly #at: number[];

  constructor(private readonly lists: readonly (readonly number[])[]) {
    this.#at = lists.map(() => 0);
  }

  /** The index in each list of its first point at or after `t` (not before the last `t` asked). */
  seek(t: number): readonly number[] {
    this.lists.forEach((list, i) => {
      this.#at[i] = firstAtOrAfter(list, t, this.#at[i] as number);
    });
    return [...this.#at];
  }
}

/** The index of the first point at or after `t` in an ascending list, none before `from`: by steps that double, then halving. */
function firstAtOrAfter(list: readonly number[], t: number, from: number): number {
  let lo = from;
  let step = 1;
  while (lo + step - 1 < list.length && (list[lo + step - 1] as number) < t) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(list.length, lo + step - 1);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The stretch being written: extended while the group stays, closed into its group's pieces when it changes. */
class Emitter {
  #from = 0;
  #group: SweptGroup | null = null;

  current(): SweptGroup | null {
    return this.#group;
  }

  /** The group from `at` on: a new stretch if it differs from the open one's. */
  moveTo(at: number, group: SweptGroup): void {
    if (group === this.#group) return;
    this.close(at);
    this.open(at, group);
  }

  open(at: number, group: SweptGroup): void {
    this.#from = at;
    this.#group = group;
  }

  close(at: number): void {
    if (this.#group !== null && at > this.#from) this.#group.stretches.push({ from: this.#from, to: at });
    this.#group = null;
  }
}

/** The recurrences matching at a moment, and the group (outcome) of each combination met, decided once. */
class Combination {
  readonly #active = new Set<number>();
  /** The sum of the matching recurrences' indexes: the one matching, when one does. */
  #sum = 0;
  readonly #memo = new Map<string, SweptGroup>();
  readonly #single: (SweptGroup | undefined)[];
  #none: SweptGroup | undefined;
  readonly #byKey = new Map<string, SweptGroup>();

  constructor(
    n: number,
    private readonly decide: (start: number) => RouteDecision[],
  ) {
    this.#single = new Array<SweptGroup | undefined>(n);
  }

  /**
   * The combination just before the changes at a moment: each recurrence's answer at the horizon's
   * start, flipped once per change before it (`starts[i]` of them, windows.ts `changePoints`).
   */
  reset(starts: readonly number[], initial: readonly boolean[]): void {
    this.#active.clear();
    this.#sum = 0;
    starts.forEach((k, i) => {
      if (initial[i] !== (k % 2 === 1)) this.toggle(i);
    });
  }

  toggle(i: number): void {
    if (this.#active.delete(i)) this.#sum -= i;
    else {
      this.#active.add(i);
      this.#sum += i;
    }
  }

  /** The group of the combination now, decided at `at` when first met (few recurrences match at a time: their list is the key). */
  group(at: number): SweptGroup {
    const size = this.#active.size;
    const known = size === 0 ? this.#none : size === 1 ? this.#single[this.#sum] : this.#memo.get(this.#comboKey());
    if (known) return known;
    const decisions = this.decide(at);
    const key = decisions.map(decisionKey).join('\u0001');
    let group = this.#byKey.get(key);
    if (!group) this.#byKey.set(key, (group = { decisions, stretches: [] }));
    if (size === 0) this.#none = group;
    else if (size === 1) this.#single[this.#sum] = group;
    else this.#memo.set(this.#comboKey(), group);
    return group;
  }

  groups(): SweptGroup[] {
    return [...this.#byKey.values()];
  }

  #comboKey(): string {
    return [...this.#active].sort((a, b) => a - b).join(',');
  }
}
