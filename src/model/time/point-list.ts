/**
 * A recurrence's change points kept as the pieces they were found in (issue 36 §2): near the
 * moments where real time enters, the points found exactly; between them one period's points,
 * repeated. One-minute daily windows over four years were 2,922 points a recurrence written out
 * for a sweep that reads the few of one period; here they are counted and read where asked, and
 * the whole list is made only for a reader that wants every point. Pure.
 */

/** Points found exactly within [lo, hi), ascending. */
export interface ExactPiece {
  readonly lo: number;
  readonly hi: number;
  readonly points: readonly number[];
}

/**
 * Points within [lo, hi): `head` (ascending, before the base), then each of `base` (ascending,
 * within one period) moved on by whole periods `every`, each copy kept while it is before `hi`.
 */
export interface RepeatPiece {
  readonly lo: number;
  readonly hi: number;
  readonly head: readonly number[];
  readonly base: readonly number[];
  readonly every: number;
}

/** Pieces in order, each covering its [lo, hi) and none overlapping. */
export type PointPiece = ExactPiece | RepeatPiece;

function isRepeat(p: PointPiece): p is RepeatPiece {
  return 'base' in p;
}

/** How many of the piece's points are before `t`. */
function countIn(p: PointPiece, t: number): number {
  if (!isRepeat(p)) return firstAtOrAfter(p.points, t);
  let n = firstAtOrAfter(p.head, t);
  const end = Math.min(t, p.hi);
  // Copies k = 0, 1, ... of a base point b are before `end` while b + k·every < end.
  for (const b of p.base) if (b < end) n += Math.floor((end - 1 - b) / p.every) + 1;
  return n;
}

/** The piece's points within [lo, hi), appended to `out` in order. */
function appendBetween(p: PointPiece, lo: number, hi: number, out: number[]): void {
  const from = Math.max(lo, p.lo);
  const to = Math.min(hi, p.hi);
  const first = isRepeat(p) ? p.head : p.points;
  for (let k = firstAtOrAfter(first, from); k < first.length && (first[k] as number) < to; k++) out.push(first[k] as number);
  if (!isRepeat(p) || p.base.length === 0) return;
  const last = p.base[p.base.length - 1] as number;
  // The first copy that can reach `from`: the base lies within one period, so copies are in order.
  for (let shift = Math.max(0, Math.floor((from - last) / p.every) * p.every); (p.base[0] as number) + shift < to; shift += p.every)
    for (const b of p.base) {
      const v = b + shift;
      if (v >= to) return;
      if (v >= from) out.push(v);
    }
}

/** The index of the first value at or after `t` in an ascending list, by halving. */
function firstAtOrAfter(list: readonly number[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A recurrence's change points, ascending, as pieces made on first read (`make`, called once): the
 * sweeps count the points before a moment (whose parity says whether the recurrence has changed its
 * answer) and read those within a stretch; {@link PointList.all} writes every one out.
 */
export class PointList {
  #pieces: readonly PointPiece[] | null = null;
  /** The count of points before each piece. */
  #before: number[] = [];
  #all: readonly number[] | null = null;

  constructor(private readonly make: () => readonly PointPiece[]) {}

  #ready(): readonly PointPiece[] {
    if (this.#pieces !== null) return this.#pieces;
    const pieces = this.make();
    let n = 0;
    this.#before = pieces.map((p) => {
      const at = n;
      n += countIn(p, p.hi);
      return at;
    });
    this.#before.push(n);
    return (this.#pieces = pieces);
  }

  /** How many points there are. */
  get length(): number {
    const pieces = this.#ready();
    return this.#before[pieces.length] as number;
  }

  /** How many points are before `t`. */
  countBefore(t: number): number {
    const pieces = this.#ready();
    // The last piece starting before t: every piece before it is wholly before t.
    let lo = 0;
    let hi = pieces.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((pieces[mid] as PointPiece).lo < t) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return 0;
    return (this.#before[lo - 1] as number) + countIn(pieces[lo - 1] as PointPiece, t);
  }

  /** The points within [lo, hi), ascending. */
  between(lo: number, hi: number): number[] {
    const out: number[] = [];
    for (const p of this.#ready()) if (p.hi > lo && p.lo < hi) appendBetween(p, lo, hi, out);
    return out;
  }

  /** Every point, ascending, written out once. */
  all(): readonly number[] {
    if (this.#all === null) this.#all = this.between(-Infinity, Infinity);
    return this.#all;
  }
}
