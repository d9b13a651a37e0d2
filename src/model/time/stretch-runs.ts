/**
 * A list of stretches written as a repeated pattern where it repeats (issue 36 §2): one-minute
 * daily windows over four years are some 470,000 stretches per caller, but between the clock
 * changes they are one day's stretches moved on by whole days. A piece is one stretch, or a
 * pattern of stretches within one period repeated every period up to a limit; the list it stands
 * for is made only when a reader asks for it (the windows and words of a counterexample). Pure.
 */
import type { Stretch } from './windows.js';

/** A pattern's stretches, moved on by `every` seconds again and again, each copy kept while it starts before `limit`. */
export interface StretchRepeat {
  /** Ascending, within one period: each copy's stretches start after the copy before ends. */
  readonly pattern: readonly Stretch[];
  readonly every: number;
  readonly limit: number;
}

/** One stretch, or a pattern repeated. */
export type StretchPiece = Stretch | StretchRepeat;

function isRepeat(p: StretchPiece): p is StretchRepeat {
  return 'pattern' in p;
}

/** The stretches the pieces stand for, in their order (each repeat's copies in time order). */
export function expandStretches(pieces: readonly StretchPiece[]): Stretch[] {
  const out: Stretch[] = [];
  for (const p of pieces) {
    if (isRepeat(p)) appendCopies(p, out);
    else out.push(p);
  }
  return out;
}

/** A repeat's copies in order of start: the pattern lies within one period, so the first start at or past the limit ends it. */
function appendCopies(p: StretchRepeat, out: Stretch[]): void {
  if (p.pattern.length === 0 || p.every <= 0) return;
  for (let shift = 0; ; shift += p.every)
    for (const s of p.pattern) {
      if (s.from + shift >= p.limit) return;
      out.push({ from: s.from + shift, to: s.to + shift });
    }
}
