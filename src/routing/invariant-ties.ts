/**
 * Callers of an invariant table (invariant-table.ts) that the rule set surely ties, folded into the
 * first of them: a `from_prefix` set beside K per-customer LCR routes has K callers "the prefix
 * followed by another customer's part", each holding two patterns of one length, so each decided
 * `ambiguous` at every moment (the LCR choice never depends on the time). A never/always set's
 * verdict on an ambiguous decision does not depend on its candidates (invariants.ts `decideSet`:
 * it is never routed and never reaches a destination), and the probe set, which holds no LCR
 * record, decides every caller alike; so the first such caller of the list breaks a set exactly
 * when one of the others would, and comes before them. Deciding one instead of K kept a by-caller
 * set that holds from deciding a tie per LCR route. Pure.
 */
import type { Caller, LcrIndex } from './callers.js';
import { patternIndex, type NumberClass } from './number-classes.js';
import type { RuleSet } from './types.js';

/** The LCR patterns of one rule set reaching a number: each From part's pattern lengths, and those without a From part. */
interface Reaching {
  readonly lengths: ReadonlyMap<string, readonly number[]>;
}

/** Folds the surely tied callers of a check's tables' lists; built once per check, for the rule set (decision 0). */
export interface TieFolder {
  /**
   * `list` (the callers starting with `prefix`, in order) without its surely tied callers after the
   * first, keeping any that starts with another of the table's `prefixes` not shorter than `prefix`
   * (a set of that prefix may not read the first) and, when the table reads the class's own callers
   * (`own`: a built-in check reads every span), any whose tied patterns are not all those of a tie
   * class of the class (whose decision names them as candidates, as the built-ins read them).
   */
  fold(nc: NumberClass, prefix: string, list: readonly Caller[], prefixes: ReadonlySet<string>, own: boolean): Caller[];
  /**
   * What {@link fold} reads of a number besides its class's callers, as text: the set's LCR
   * patterns reaching it, named by the longest To-part of them beginning it. Numbers with the same
   * (class 1 and the class 1900 a probe cuts under it) fold the same list alike.
   */
  reachOf(to: string): string;
}

/** A folder for `set`, the rule set an invariant table decides (its LCR records). */
export function tieFolder(set: RuleSet): TieFolder {
  let index: LcrIndex | null = null;
  const reachingOf = new Map<string, Reaching>();
  const reaching = (to: string): Reaching => {
    const lower = to.toLowerCase();
    let known = reachingOf.get(lower);
    if (known) return known;
    index ??= patternIndex(set);
    const lengths = new Map<string, number[]>();
    for (let k = 0; k <= lower.length; k++)
      for (const p of index.get(lower.slice(0, k)) ?? []) {
        const had = lengths.get(p.from);
        if (had === undefined) lengths.set(p.from, [p.length]);
        else had.push(p.length);
      }
    reachingOf.set(lower, (known = { lengths }));
    return known;
  };
  return {
    reachOf(to) {
      const lower = to.toLowerCase();
      index ??= patternIndex(set);
      for (let k = lower.length; k >= 0; k--) if (index.has(lower.slice(0, k))) return lower.slice(0, k);
      return '\u0001none';
    },
    fold(nc, prefix, list, prefixes, own) {
      if (nc.direction !== 'outbound' || list.length < 2) return [...list];
      const r = reaching(nc.to);
      if (r.lengths.size === 0) return [...list];
      const out: Caller[] = [];
      let first = false;
      for (const c of list) {
        const length = tiedLength(c, r);
        if (length >= 0 && first && startsOnlyWithin(c.from, prefix, prefixes) && (!own || coveredByTie(nc, c, r, length))) continue;
        if (length >= 0) first = true;
        out.push(c);
      }
      return out;
    },
  };
}

/**
 * The length of the longest patterns a caller matches when two or more patterns have that length
 * (the proxy then picks one in an undefined order); -1 when one is longest. A pattern without a
 * From part is matched by every caller with a From. The tied parts are not listed: most callers of
 * a fold are tied (K customers' parts after a prefix), and a list (two arrays) made for each was
 * read only by {@link coveredByTie}, which a table without the class's own callers never asks.
 */
function tiedLength(c: Caller, r: Reaching): number {
  if (c.from === '' || c.tie !== undefined || c.from_holds !== undefined) return -1;
  let longest = -1;
  let count = 0;
  for (let i = -1; i < c.from_parts.length; i++)
    for (const length of r.lengths.get(i < 0 ? '' : (c.from_parts[i] as string)) ?? NONE) {
      if (length > longest) {
        longest = length;
        count = 0;
      }
      if (length === longest) count++;
    }
  return count < 2 ? -1 : longest;
}

const NONE: readonly number[] = [];

/** The From parts of a class's tie classes decided as ties in the rule set, by pattern length: built once per class. */
const tiesOf = new WeakMap<NumberClass, ReadonlyMap<number, readonly ReadonlySet<string>[]>>();

/**
 * Whether a tie class of the class, decided as a tie in the rule set, names as candidates every
 * pattern of `length` the caller matches (`c`'s tied parts, read where they are: a pattern without
 * a From part among them is never a tie class's).
 */
function coveredByTie(nc: NumberClass, c: Caller, r: Reaching, length: number): boolean {
  if ((r.lengths.get('') ?? NONE).includes(length)) return false;
  let byLength = tiesOf.get(nc);
  if (!byLength) {
    const made = new Map<number, ReadonlySet<string>[]>();
    for (const t of nc.callers)
      if (t.tie !== undefined && (t.tie.sets & 1) !== 0) made.set(t.tie.length, [...(made.get(t.tie.length) ?? []), new Set(t.from_parts)]);
    tiesOf.set(nc, (byLength = made));
  }
  // A part the tie class holds is asked first: a tied caller's parts are mostly its own.
  next: for (const parts of byLength.get(length) ?? NONE_SETS) {
    for (const p of c.from_parts) if (!parts.has(p) && (r.lengths.get(p) ?? NONE).includes(length)) continue next;
    return true;
  }
  return false;
}

const NONE_SETS: readonly ReadonlySet<string>[] = [];

/** Whether every prefix of the table that `from` starts with is `prefix` or a beginning of it. */
function startsOnlyWithin(from: string, prefix: string, prefixes: ReadonlySet<string>): boolean {
  for (const q of prefixes) if (from.startsWith(q) && !prefix.startsWith(q)) return false;
  return true;
}
