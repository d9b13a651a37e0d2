/**
 * Caller classes of an outbound number (docs/routing-model.md "Classes of calls and time windows").
 * With digit numbers, an LCR pattern `f-t` matches when the To starts with `t` and the From holds
 * `f` followed only by digits; of the matching patterns the longest wins (the smallest length
 * difference to the lookup), and two of one length tie. So what a caller does depends only on which
 * From parts it matches: no From part (`''`), each From part alone (the From is the part itself),
 * and, for patterns of one length, a From holding two or more of their parts, which ties them.
 * Such a From must be a number of at most 15 digits (E.164, a leading + allowed), so a part longer
 * than 16 characters never pairs. The callers that tie are one class per pattern length and per
 * set of rule sets holding the patterns (`from_holds: 'two_or_more'`), not one per pair: K
 * per-customer From parts of 4 digits are K classes, not K²/2 (each pair, each triple ties; what
 * a tied call does is decided per candidate by that candidate's own class). Only a pair whose two
 * parts are held by different rule sets (a plan that moves callers from one pattern to another) is
 * its own class, as its two sides are each one of the parts. Pure.
 */
import type { RuleSet } from './types.js';

/** One caller class of a number: a representative From and the From parts it matches. */
export interface Caller {
  /** `''`: no From part matches (only patterns with an empty From part). */
  readonly from: string;
  /** The non-empty From parts it matches, sorted; with `from_holds`, those it holds two or more of. */
  readonly from_parts: readonly string[];
  /** The callers hold two or more of `from_parts` (patterns of one length, so they tie). */
  readonly from_holds?: 'two_or_more';
  /** For a tie class: the length of the tied patterns, and which rule sets hold them (bit i: set i). */
  readonly tie?: { readonly length: number; readonly sets: number };
  /**
   * For a tie class: the From parts of longer patterns reaching the number, none of which its
   * callers hold (a caller holding one is decided by that longer pattern, so it is not tied).
   */
  readonly from_except?: readonly string[];
}

/** The caller of a number no LCR pattern can meet: no From part. */
export const NO_CALLER: Caller = Object.freeze({ from: '', from_parts: Object.freeze([]) });

/** The longest From a caller may have: an E.164 number, 15 digits after an optional +. */
const E164 = /^\+?[0-9]{0,15}$/;
/** A From part longer than this cannot share a 15-digit From with another (a + and 15 digits). */
const MAX_PAIRED = 16;
/** The characters of the longest From: a + and 15 digits. */
const E164_MAX = 16;

/** The To-part of an LCR pattern `<from_prefix>-<prefix>`, lower case. */
export function lcrTo(pattern: string): string {
  return pattern.slice(pattern.indexOf('-') + 1).toLowerCase();
}

/**
 * Whether an LCR From part matches a From-user: it occurs in it followed only by digits. Only the
 * last occurrence needs looking at (an earlier one is followed by more of the From, so by no fewer
 * non-digits), which keeps this linear in the From however often the part occurs in it.
 */
export function fromMatches(part: string, from: string): boolean {
  const at = from.lastIndexOf(part);
  if (at < 0) return false;
  for (let i = at + part.length; i < from.length; i++) {
    const c = from.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The From part of an LCR pattern `<from_prefix>-<prefix>` (a From prefix holds no `-`). */
export function fromPart(pattern: string): string {
  const dash = pattern.indexOf('-');
  return dash < 0 ? '' : pattern.slice(0, dash);
}

/** One LCR pattern of an index: its From part, its length, the rule sets holding it (bit i: set i). */
export interface IndexedPattern {
  readonly from: string;
  readonly length: number;
  sets: number;
}

/** The LCR patterns of some sets by their To-part: built once per analysis. */
export type LcrIndex = ReadonlyMap<string, readonly IndexedPattern[]>;

/** Indexes the LCR patterns of every set by To-part (each pattern once, with the sets holding it). */
export function lcrIndex(sets: readonly RuleSet[]): LcrIndex {
  const map = new Map<string, IndexedPattern[]>();
  const seen = new Map<string, IndexedPattern>();
  sets.forEach((set, i) => {
    for (const r of set.lcr) {
      const had = seen.get(r.pattern);
      if (had) {
        had.sets |= 1 << i;
        continue;
      }
      const entry = { from: fromPart(r.pattern), length: r.pattern.length, sets: 1 << i };
      seen.set(r.pattern, entry);
      const to = lcrTo(r.pattern);
      const list = map.get(to) ?? [];
      if (list.length === 0) map.set(to, list);
      list.push(entry);
    }
  });
  return map;
}

/**
 * The shortest From of at most 15 digits holding both parts, each followed only by digits, and
 * none of `avoid`; `null` when none.
 */
export function sharedFrom(a: string, b: string, avoid: readonly string[] = []): string | null {
  if (a.length > MAX_PAIRED || b.length > MAX_PAIRED) return null;
  let best: string | null = null;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const candidates = x.includes(y) ? [x] : [];
    for (let k = Math.min(x.length, y.length); k >= 0; k--) if (x.endsWith(y.slice(0, k))) candidates.push(x + y.slice(k));
    for (const s of candidates)
      if (
        E164.test(s) &&
        fromMatches(a, s) &&
        fromMatches(b, s) &&
        !avoid.some((q) => fromMatches(q, s)) &&
        (best === null || s.length < best.length || (s.length === best.length && s < best))
      )
        best = s;
  }
  return best;
}

/**
 * The parts of `known` (sorted in `parts`) that match `from` (`fromMatches`), sorted. A part that
 * matches occurs in `from`, so when that is fewer lookups, only the substrings of `from` (up to
 * `longest`, the longest part) are looked up: testing every part against every caller grew with
 * the square of the LCR routes. A long From against few parts tests the parts. `lengths`, the
 * parts' distinct lengths ascending, when given: only substrings of those lengths are looked up
 * (per-customer parts of one length are one lookup per position, not one per length up to it).
 */
export function partsIn(
  from: string,
  parts: readonly string[],
  known: ReadonlySet<string>,
  longest: number,
  lengths?: readonly number[],
): string[] {
  const span = Math.min(from.length, longest);
  if (from.length * span > parts.length * 8) return parts.filter((p) => fromMatches(p, from));
  // A list, not a set: most Froms hold one or two parts (a customer's area, a prefix before it),
  // and a set's iterators and the sort's workspace cost more than looking through them.
  const found: string[] = [];
  const add = (s: string): void => {
    if (known.has(s) && fromMatches(s, from) && !found.includes(s)) found.push(s);
  };
  for (let i = 0; i < from.length; i++) {
    if (lengths !== undefined) {
      for (const n of lengths) {
        if (i + n > from.length) break;
        add(from.slice(i, i + n));
      }
      continue;
    }
    for (let j = i + 1; j <= Math.min(from.length, i + longest); j++) add(from.slice(i, j));
  }
  if (found.length > 2) return found.sort();
  // Ordered as the sort orders them.
  if (found.length === 2 && (found[1] as string) < (found[0] as string)) found.reverse();
  return found;
}

/** The caller classes of an outbound call to `to`, from the LCR patterns whose To-part begins it; each set of From parts once. */
export function callerClasses(index: LcrIndex, to: string): Caller[] {
  const lower = to.toLowerCase();
  const patterns: IndexedPattern[] = [];
  for (let k = 0; k <= lower.length; k++) {
    const found = index.get(k === lower.length ? lower : lower.slice(0, k));
    if (found) for (const p of found) patterns.push(p);
  }
  if (patterns.length === 0) return [NO_CALLER];
  const parts = [...new Set(patterns.map((p) => p.from).filter((f) => f !== ''))].sort();
  const known = new Set(parts);
  const longest = parts.reduce((n, p) => Math.max(n, p.length), 0);
  const out = new Map<string, Caller>();
  const add = (from: string): void => {
    const matched = from === '' ? [] : partsIn(from, parts, known, longest);
    const key = matched.join('\u0000');
    if (!out.has(key)) out.set(key, { from, from_parts: matched });
  };
  add('');
  for (const p of parts) add(p);
  // Patterns of one length tie for a caller holding two or more of their From parts: grouped by
  // length and by the sets holding them (a set decides such a caller alike only when it holds all
  // of the parts the caller holds, or none).
  const groups = new Map<string, { length: number; sets: number; parts: Set<string> }>();
  for (const p of patterns) {
    if (p.from === '' || !E164.test(p.from)) continue;
    const key = `${p.length}/${p.sets}`;
    const g = groups.get(key) ?? { length: p.length, sets: p.sets, parts: new Set<string>() };
    if (g.parts.size === 0) groups.set(key, g);
    g.parts.add(p.from);
  }
  const ties: Caller[] = [];
  const byLength = new Map<number, (typeof groups extends Map<string, infer G> ? G : never)[]>();
  for (const g of groups.values()) {
    const list = byLength.get(g.length) ?? [];
    if (list.length === 0) byLength.set(g.length, list);
    list.push(g);
  }
  for (const [length, list] of byLength) {
    // A caller that also holds the From part of a longer pattern is decided by it (the longest
    // wins), so it is not tied: the tie class is the callers holding none of those parts. A longer
    // pattern with no From part is met by every caller: then no caller ties at this length.
    const longer = [...new Set(patterns.filter((p) => p.length > length).map((p) => p.from))].sort();
    if (longer.includes('')) continue;
    for (const g of list) {
      const members = [...g.parts].sort();
      const paired = pairable(members, longer);
      if (paired.parts.length < 2) continue;
      const except = longer.filter((q) => E164.test(q));
      ties.push({
        from: paired.from,
        from_parts: paired.parts,
        from_holds: 'two_or_more',
        tie: g,
        ...(except.length > 0 ? { from_except: except } : {}),
      });
      // The callers left out, who hold a longer part too, are decided by the simulation: one per
      // longer part (a set not holding its pattern still ties them; the others take it).
      for (const q of except) {
        const s = sharedFrom(paired.from, q);
        if (s !== null) add(s);
      }
    }
    // A pair across two groups: each set holds one part or none, so each pair decides on its own.
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++)
        for (const a of (list[i] as { parts: Set<string> }).parts)
          for (const b of (list[j] as { parts: Set<string> }).parts) {
            const s = sharedFrom(a, b);
            if (s !== null) add(s);
          }
  }
  return [...out.values(), ...ties];
}

/**
 * The parts of a list that one From of at most 15 digits holds together with another of the list
 * (holding none of `avoid`), and such a From (of the first two found). Tried against the two shortest parts first (a From
 * holding one after the other), then through an index of the parts' beginnings, ends and insides
 * (parts have at most 16 characters), never by looking at every pair.
 */
function pairable(parts: readonly string[], avoid: readonly string[] = []): { from: string; parts: string[] } {
  const byLength = [...parts].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const pieces = new Map<string, string[]>();
  const note = (key: string, part: string): void => {
    const list = pieces.get(key) ?? [];
    if (list.length === 0) pieces.set(key, list);
    if (list[list.length - 1] !== part) list.push(part);
  };
  let indexed = false;
  const index = (): void => {
    indexed = true;
    for (const p of parts)
      for (let i = 0; i < p.length; i++)
        for (let j = i + 1; j <= p.length; j++) note(`${i === 0 ? '^' : ''}${p.slice(i, j)}${j === p.length ? '$' : ''}`, p);
  };
  const partners = (x: string): string[] => {
    if (!indexed) index();
    const out: string[] = [];
    // y's beginning is x's end, y's end is x's beginning, y inside x, x inside y.
    // A From of at most 15 digits holding both one after the other needs an overlap this long.
    const least = Math.max(1, x.length + (byLength[0]?.length ?? 0) - E164_MAX);
    for (let k = least; k <= x.length; k++)
      out.push(...(pieces.get(`^${x.slice(x.length - k)}`) ?? []), ...(pieces.get(`${x.slice(0, k)}$`) ?? []));
    for (let i = 0; i < x.length; i++) for (let j = i + 1; j <= x.length; j++) out.push(...(pieces.get(`^${x.slice(i, j)}$`) ?? []));
    out.push(...(pieces.get(x) ?? []), ...(pieces.get(`^${x}`) ?? []), ...(pieces.get(`${x}$`) ?? []));
    return out;
  };
  let from: string | null = null;
  const held: string[] = [];
  for (const x of parts) {
    let shared: string | null = null;
    for (const y of byLength.slice(0, 3)) if (y !== x && (shared = sharedFrom(x, y, avoid)) !== null) break;
    if (shared === null) for (const y of partners(x)) if (y !== x && (shared = sharedFrom(x, y, avoid)) !== null) break;
    if (shared === null) continue;
    held.push(x);
    if (from === null) from = shared;
  }
  return { from: from ?? '', parts: held };
}
