/**
 * Caller classes of an outbound number (docs/routing-model.md "Classes of calls and time windows").
 * With digit numbers, an LCR pattern `f-t` matches when the To starts with `t` and the From holds
 * `f` followed only by digits; of the matching patterns the longest wins (the smallest length
 * difference to the lookup), and two of one length tie. So what a caller does depends only on which
 * From parts it matches: no From part (`''`), each From part alone (the From is the part itself),
 * and, for two patterns of one length, a From holding both parts, which ties them. Such a From must
 * be a number of at most 15 digits (E.164, a leading + allowed), so a part longer than 16
 * characters never pairs, and pairing costs at most a few comparisons however long a part is. Pure.
 */
import type { RuleSet } from './types.js';

/** One caller class of a number: a representative From and the From parts it matches. */
export interface Caller {
  /** `''`: no From part matches (only patterns with an empty From part). */
  readonly from: string;
  /** The non-empty From parts it matches, sorted. */
  readonly from_parts: readonly string[];
}

/** The caller of a number no LCR pattern can meet: no From part. */
export const NO_CALLER: Caller = Object.freeze({ from: '', from_parts: Object.freeze([]) });

/** The longest From a caller may have: an E.164 number, 15 digits after an optional +. */
const E164 = /^\+?[0-9]{0,15}$/;
/** A From part longer than this cannot share a 15-digit From with another (a + and 15 digits). */
const MAX_PAIRED = 16;

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

/** The LCR patterns of some sets by their To-part: built once per analysis. */
export type LcrIndex = ReadonlyMap<string, readonly { readonly from: string; readonly length: number }[]>;

/** Indexes the LCR patterns of every set by To-part (each pattern once). */
export function lcrIndex(sets: readonly RuleSet[]): LcrIndex {
  const map = new Map<string, { from: string; length: number }[]>();
  const seen = new Set<string>();
  for (const set of sets)
    for (const r of set.lcr) {
      if (seen.has(r.pattern)) continue;
      seen.add(r.pattern);
      const to = lcrTo(r.pattern);
      const list = map.get(to) ?? [];
      if (list.length === 0) map.set(to, list);
      list.push({ from: fromPart(r.pattern), length: r.pattern.length });
    }
  return map;
}

/** The shortest From of at most 15 digits holding both parts, each followed only by digits; `null` when none. */
export function sharedFrom(a: string, b: string): string | null {
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
        (best === null || s.length < best.length || (s.length === best.length && s < best))
      )
        best = s;
  }
  return best;
}

/** The caller classes of an outbound call to `to`, from the LCR patterns whose To-part begins it; each set of From parts once. */
export function callerClasses(index: LcrIndex, to: string): Caller[] {
  const lower = to.toLowerCase();
  const patterns: { from: string; length: number }[] = [];
  for (let k = 0; k <= lower.length; k++) {
    const found = index.get(k === lower.length ? lower : lower.slice(0, k));
    if (found) for (const p of found) patterns.push(p);
  }
  if (patterns.length === 0) return [NO_CALLER];
  const parts = [...new Set(patterns.map((p) => p.from).filter((f) => f !== ''))].sort();
  const froms = new Set<string>(['', ...parts]);
  // Two patterns of one length tie for a caller holding both From parts.
  const byLength = new Map<number, Set<string>>();
  for (const p of patterns) {
    if (p.from === '' || p.from.length > MAX_PAIRED) continue;
    const set = byLength.get(p.length) ?? new Set<string>();
    if (set.size === 0) byLength.set(p.length, set);
    set.add(p.from);
  }
  for (const set of byLength.values()) {
    const list = [...set];
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const s = sharedFrom(list[i] as string, list[j] as string);
        if (s !== null) froms.add(s);
      }
  }
  const out = new Map<string, Caller>();
  for (const from of froms) {
    const matched = from === '' ? [] : parts.filter((f) => fromMatches(f, from));
    const key = matched.join('\u0000');
    if (!out.has(key)) out.set(key, { from, from_parts: matched });
  }
  return [...out.values()];
}
