/**
 * The proxy's LCR test, `f[0-9]*-t[0-9]*` unanchored and case-insensitive on `From-To`, decided in
 * time linear in the lookup. A regular expression decides the same (`lcrRegex`), but
 * backtracks: at every place `f` occurs it runs over the digits that follow, so a long number made
 * of `f`s (a From of 120,000 digits, a To holding `-`) costs the square of its length. Here each
 * character is looked at a bounded number of times. Pure.
 */

/** `f[0-9]*-t[0-9]*` with f and t escaped, unanchored and case-insensitive, as the proxy tests an LCR pattern: short lookups are tested with it. */
export function lcrRegex(pattern: string): RegExp {
  const dash = pattern.indexOf('-');
  const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\#-]/g, '\\$&');
  const from = dash < 0 ? pattern : pattern.slice(0, dash);
  const to = dash < 0 ? '' : pattern.slice(dash + 1);
  return new RegExp(`${esc(from)}[0-9]*-${esc(to)}[0-9]*`, 'i');
}

/**
 * A UTF-16 unit as a case-insensitive regular expression without the `u` flag compares it
 * (ECMAScript's Canonicalize): its upper case when that is one unit, unless that would turn a
 * character beyond ASCII into an ASCII one.
 */
function canonical(c: number): number {
  if (c < 128) return c >= 97 && c <= 122 ? c - 32 : c;
  const upper = String.fromCharCode(c).toUpperCase();
  if (upper.length !== 1) return c;
  const u = upper.charCodeAt(0);
  return u < 128 ? c : u;
}

/**
 * The text with each unit canonical: two texts the proxy's case-insensitive test finds equal are
 * equal strings (lcr-index.ts looks records up by it).
 */
export function canonicalText(text: string): string {
  let same = true;
  for (let i = 0; i < text.length && same; i++) same = canonical(text.charCodeAt(i)) === text.charCodeAt(i);
  if (same) return text;
  // In pieces: a From of 120,000 units is too many arguments for one call.
  const all = units(text);
  let out = '';
  for (let i = 0; i < all.length; i += 4096) out += String.fromCharCode(...all.subarray(i, i + 4096));
  return out;
}

/** The text's units, each canonical. */
function units(text: string): Uint16Array {
  const out = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = canonical(text.charCodeAt(i));
  return out;
}

/** Knuth–Morris–Pratt: where `needle` starts in `hay`, each place once, in linear time. */
function starts(hay: Uint16Array, needle: Uint16Array, found: (at: number) => boolean | void): void {
  const n = needle.length;
  if (n === 0) {
    for (let i = 0; i <= hay.length; i++) if (found(i) === true) return;
    return;
  }
  const fail = new Int32Array(n);
  for (let i = 1, k = 0; i < n; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = fail[k - 1]!;
    if (needle[i] === needle[k]) k++;
    fail[i] = k;
  }
  for (let i = 0, k = 0; i < hay.length; i++) {
    while (k > 0 && hay[i] !== needle[k]) k = fail[k - 1]!;
    if (hay[i] === needle[k]) k++;
    if (k === n) {
      if (found(i - n + 1) === true) return;
      k = fail[k - 1]!;
    }
  }
}

const DASH = 0x2d;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** A lookup (`From-To`) prepared once for the LCR records it is tested against. */
export interface LcrLookup {
  readonly text: Uint16Array;
  /** For each place, the first place at or after it that holds no digit (the length when none). */
  readonly pastDigits: Int32Array;
}

/** Prepares `From-To` for {@link lcrMatches}. */
export function lcrLookup(lookup: string): LcrLookup {
  const text = units(lookup);
  const pastDigits = new Int32Array(text.length + 1);
  pastDigits[text.length] = text.length;
  for (let i = text.length - 1; i >= 0; i--) pastDigits[i] = isDigit(text[i]!) ? pastDigits[i + 1]! : i;
  return { text, pastDigits };
}

/** An LCR pattern's two parts, canonical, for {@link lcrMatches}. */
export interface LcrParts {
  readonly from: Uint16Array;
  readonly to: Uint16Array;
}

/** `<from>-<to>` as {@link lcrMatches} tests it (no `-`: all From, the empty To). */
export function lcrParts(pattern: string): LcrParts {
  return splitPattern(pattern, units);
}

/** A pattern's From and To parts, each made by `part` (no `-`: all From, the empty To). */
function splitPattern<T>(pattern: string, part: (text: string) => T): { from: T; to: T } {
  const dash = pattern.indexOf('-');
  return dash < 0 ? { from: part(pattern), to: part('') } : { from: part(pattern.slice(0, dash)), to: part(pattern.slice(dash + 1)) };
}

/**
 * Whether the proxy's LCR test matches: some place of the lookup holds `from`, then only digits,
 * then `-`, then `to` (the digits after `to` may be none). The same answer as `lcrRegex(pattern)
 * .test(lookup)`, in time linear in the lookup and the pattern.
 */
export function lcrMatches(parts: LcrParts, lookup: LcrLookup): boolean {
  const { text, pastDigits } = lookup;
  // The dashes the To-part follows.
  const before = new Uint8Array(text.length + 1);
  starts(text, parts.to, (at) => {
    if (at > 0 && text[at - 1] === DASH) before[at - 1] = 1;
  });
  let hit = false;
  starts(text, parts.from, (at) => {
    const dash = pastDigits[at + parts.from.length]!;
    if (dash < text.length && before[dash] === 1) return (hit = true);
  });
  return hit;
}

/** An LCR pattern's two parts as canonical text (`canonicalText`), for {@link lcrMatchesUsers}. */
export interface LcrTexts {
  readonly from: string;
  readonly to: string;
}

/** `<from>-<to>` as {@link lcrMatchesUsers} tests it (no `-`: all From, the empty To). */
export function lcrTexts(pattern: string): LcrTexts {
  return splitPattern(pattern, canonicalText);
}

/**
 * The proxy's LCR test on `From-To` when neither user holds a `-` (both given canonical): the
 * pattern's `-` can then meet only the lookup's one, so it matches exactly when the To starts with
 * the pattern's To-part and its From-part occurs in the From followed only by digits (the last
 * place it occurs is enough: an earlier one is followed by more of the From). The answer of
 * {@link lcrMatches} and of the regular expression, without compiling one per pattern: K
 * per-customer patterns were K expressions compiled for one analysis.
 */
export function lcrMatchesUsers(texts: LcrTexts, from: string, to: string): boolean {
  if (!to.startsWith(texts.to)) return false;
  const at = from.lastIndexOf(texts.from);
  if (at < 0) return false;
  for (let i = at + texts.from.length; i < from.length; i++) if (!isDigit(from.charCodeAt(i))) return false;
  return true;
}
