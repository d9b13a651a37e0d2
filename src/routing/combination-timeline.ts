/**
 * When each combination of a caller's recurrences matches over the horizon (stretch-sweep.ts
 * decides each combination once per caller): the horizon in segments (model/time/repeat-segments.ts),
 * each with the combination entering it and the moments where the combination changes, for a
 * segment that repeats those of its first period only. It depends on the recurrences and the
 * horizon alone, so the classes of calls that meet the same recurrences (a number and the
 * invariant's `1900` beside it) share one. Pure (a bounded memo).
 */
import { InternalError } from '../model/errors.js';
import { repeatSegments } from '../model/time/repeat-segments.js';
import type { Timerec } from '../model/time/timerec.js';
import type { PointList } from '../model/time/point-list.js';
import { changePointList, type Examined } from '../model/time/windows.js';
import { matchesAtStart } from './start-answers.js';

/** A segment of the horizon: the combination (an id) entering `lo`, then `combo[k]` from `at[k]` on. */
export interface TimedSegment {
  readonly lo: number;
  readonly hi: number;
  /** Present when the moments repeat with it: `at` holds those within [lo, lo + period] only. */
  readonly period?: number;
  readonly entering: number;
  readonly at: readonly number[];
  readonly combo: readonly number[];
}

/** The segments of a horizon, in order, covering it. */
export interface Timeline {
  readonly segments: readonly TimedSegment[];
  /** The recurrences (indexes into `recs`, ascending) matching in a combination (an id of the segments'). */
  readonly members: (combo: number) => readonly number[];
}

const recIds = new WeakMap<Timerec, number>();
const known = new Map<string, Timeline>();

let nextRecId = 0;

function idOf(rec: Timerec): number {
  let id = recIds.get(rec);
  if (id === undefined) recIds.set(rec, (id = nextRecId++));
  return id;
}

/** The timeline of `recs` over the horizon, made once per recurrences and horizon. */
export function timelineOf(recs: readonly Timerec[], examined: Examined): Timeline {
  const key = `${examined.horizon.tz}\u0000${examined.from}\u0000${examined.to}\u0000${recs.map(idOf).join(',')}`;
  const found = known.get(key);
  if (found) return found;
  const made = build(recs, examined);
  if (known.size >= 64) known.clear();
  known.set(key, made);
  return made;
}

function build(recs: readonly Timerec[], examined: Examined): Timeline {
  const { from, to } = examined;
  const tz = examined.horizon.tz;
  const n = recs.length;
  if (!Number.isSafeInteger(to * n)) throw new InternalError(`too many recurrences to order their changes: ${n}`);
  const lists = recs.map((r) => changePointList(r, tz, from, to));
  const initial = recs.map((r) => matchesAtStart(r, examined));
  const combos = new Combinations(n);
  const cut = repeatSegments(recs, tz, from, to, lists);
  const segments: TimedSegment[] = [];
  // The answers at the horizon's start: no change point is before it (they are within (from, to)).
  let entering = combos.reset(initial);
  for (const seg of cut) {
    let made: TimedSegment | undefined;
    if (seg.period !== undefined) {
      const { at, combo } = moments(seg.lo, seg.lo + seg.period + 1, lists, combos);
      // Repeating combinations answer at lo + period as at lo: checked, and swept moment by moment if not.
      if (comboAt(seg.lo, entering, at, combo) === comboAt(seg.lo + seg.period, entering, at, combo))
        made = { lo: seg.lo, hi: seg.hi, period: seg.period, entering, at, combo };
      else combos.resetTo(entering);
    }
    made ??= { lo: seg.lo, hi: seg.hi, entering, ...moments(seg.lo, seg.hi, lists, combos) };
    segments.push(made);
    // The combination entering the next segment is this one's at its last second: in a repeating
    // one, that of the same moment of its first period. Each recurrence's change points were
    // counted before every segment (160 one-minute windows: 1,920 counts, issue 36 §2).
    const last = made.period === undefined ? made.hi - 1 : made.lo + ((made.hi - 1 - made.lo) % made.period);
    entering = combos.resetTo(comboAt(last, made.entering, made.at, made.combo));
  }
  return { segments, members: (combo) => combos.members(combo) };
}

/** The combination at `t`: the last moment at or before it, or the one entering. */
function comboAt(t: number, entering: number, at: readonly number[], combo: readonly number[]): number {
  let c = entering;
  for (let k = 0; k < at.length && (at[k] as number) <= t; k++) c = combo[k] as number;
  return c;
}

/**
 * The moments within [lo, hi) where a recurrence changes, in order, each with the combination from
 * then on. The changes are one number each, `at × recs + index`, sorted: as objects sorted by a
 * comparator they cost more than deciding the calls.
 */
function moments(lo: number, hi: number, lists: readonly PointList[], combos: Combinations): { at: number[]; combo: number[] } {
  const n = lists.length;
  const found: number[] = [];
  lists.forEach((list, i) => {
    for (const p of list.between(lo, hi)) found.push(p * n + i);
  });
  const events = Float64Array.from(found).sort();
  // `v % n` and the division of what is left are exact on safe integers.
  const atOf = (v: number): number => (v - (v % n)) / n;
  const at: number[] = [];
  const combo: number[] = [];
  for (let e = 0; e < events.length;) {
    const t = atOf(events[e] as number);
    let id = -1;
    for (; e < events.length && atOf(events[e] as number) === t; e++) id = combos.toggle((events[e] as number) % n);
    at.push(t);
    combo.push(id);
  }
  return { at, combo };
}

/**
 * The recurrences matching now, as an id per combination: a change of one recurrence from a
 * combination met before is one lookup of a number, not a key written from the matching set.
 */
class Combinations {
  readonly #active = new Set<number>();
  readonly #ids = new Map<string | number, number>();
  readonly #next = new Map<number, number>();
  readonly #members: (readonly number[])[] = [];
  #id = 0;

  constructor(private readonly n: number) {}

  /** The combination of the answers `initial` (the recurrences at their indexes). */
  reset(initial: readonly boolean[]): number {
    this.#active.clear();
    initial.forEach((on, i) => {
      if (on) this.#active.add(i);
    });
    return (this.#id = this.#idOfActive());
  }

  /** Combination `id` from now on. */
  resetTo(id: number): number {
    this.#active.clear();
    for (const i of this.members(id)) this.#active.add(i);
    return (this.#id = id);
  }

  /** Recurrence `i` changes: the id of the combination now. */
  toggle(i: number): number {
    if (!this.#active.delete(i)) this.#active.add(i);
    const step = this.#id * this.n + i;
    let id = this.#next.get(step);
    if (id === undefined) this.#next.set(step, (id = this.#idOfActive()));
    return (this.#id = id);
  }

  #idOfActive(): number {
    // A few recurrences (a caller of LCR routes): the set as bits, without writing a key.
    let key: string | number = 0;
    if (this.n <= 30) for (const i of this.#active) key |= 1 << i;
    else key = [...this.#active].sort((a, b) => a - b).join(',');
    let id = this.#ids.get(key);
    if (id === undefined) {
      this.#ids.set(key, (id = this.#ids.size));
      this.#members[id] = [...this.#active].sort((a, b) => a - b);
    }
    return id;
  }

  /** The recurrences matching in combination `id`. */
  members(id: number): readonly number[] {
    const found = this.#members[id];
    if (found === undefined) throw new InternalError(`no combination ${id} of recurrences`);
    return found;
  }
}
