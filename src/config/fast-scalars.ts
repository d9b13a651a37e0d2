/*
 * Scalars for the fast reader (fast-reader.ts): quoted strings decoded, plain scalars checked and
 * resolved the way the `yaml` library's core schema resolves them. Whatever these functions are not
 * sure of throws `UNSUPPORTED`, and the file is read by the full YAML parser instead.
 */

/** Thrown when the fast reader meets anything it does not read exactly like the YAML parser. */
export const UNSUPPORTED: unique symbol = Symbol('unsupported by the fast reader');

/** Gives up on the fast reader. */
export function unsupported(): never {
  throw UNSUPPORTED;
}

/** Where a scalar read by `quotedAt` ends: one object the reader keeps, not one per scalar. */
export interface ScalarEnd {
  /** The offset just after the closing quote. */
  end: number;
}

// The `yaml` library's core schema (yaml/dist/schema/core): which plain scalars are not strings.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const OTHER_NUMBER = [
  /^0o[0-7]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];
/** Leading zeros and sign, dropped to count an integer's significant digits. */
const INT_PREFIX = /^[-+]?0*/;

/** How a plain scalar reads: as its text (a string, or a number in a string field), a number or a boolean. */
export type PlainKind =
  { readonly kind: 'string' } | { readonly kind: 'number'; readonly value: number } | { readonly kind: 'boolean'; readonly value: boolean };

/**
 * What a plain scalar is in the core schema. Null is never valid in a desired-state file, and
 * numbers other than plain decimal integers of up to 15 digits might read differently (octal, hex,
 * rounding): both give up, unless `keepsText` (a string field: the loader keeps the digits as
 * written, so the kind of number does not matter). true/false read as booleans in any field, as the
 * parser reads them (`policy.allow_unrouting`, `lb_enabled`; in a string field the schema refuses
 * them, and the file goes to the parser for that issue).
 */
export function resolvePlain(text: string, keepsText: boolean): PlainKind {
  // The two patterns are asked only of texts of their lengths (true/false: 4 or 5; null: 4, ~ or
  // nothing): a big file's notes, names and recurrences are none of them, and each was two
  // regular expressions' work.
  const length = text.length;
  if ((length === 4 || length === 5) && BOOL.test(text)) return (text.charCodeAt(0) | 0x20) === 0x74 ? TRUE : FALSE;
  if ((length <= 1 || length === 4) && NULL.test(text)) unsupported();
  if (keepsText) return STRING;
  if (INT.test(text)) {
    // Up to 15 characters hold at most 15 digits: only a longer text is counted without its sign and zeros.
    if (length > 15 && text.replace(INT_PREFIX, '').length > 15) unsupported();
    return { kind: 'number', value: Number(text) };
  }
  if (OTHER_NUMBER.some((re) => re.test(text))) unsupported();
  return STRING;
}

const STRING: PlainKind = { kind: 'string' };
const TRUE: PlainKind = { kind: 'boolean', value: true };
const FALSE: PlainKind = { kind: 'boolean', value: false };

const BACKSLASH = 0x5c;
const DOUBLE = 0x22;
const SINGLE = 0x27;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * A double-quoted scalar starting at `start` (its `"`), on one line, with JSON's escapes only;
 * a line break, a tab or another escape gives up.
 */
function doubleQuoted(text: string, start: number, scan: ScalarEnd): string {
  let value = '';
  let from = start + 1;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === DOUBLE) {
      scan.end = i + 1;
      return value + text.slice(from, i);
    }
    if (c === 0x0a || c === 0x0d || c === 0x09) unsupported();
    if (c !== BACKSLASH) continue;
    value += text.slice(from, i);
    const e = text[i + 1] ?? '';
    if (e === 'u') {
      const hex = text.slice(i + 2, i + 6);
      if (!HEX4.test(hex)) unsupported();
      value += String.fromCharCode(Number.parseInt(hex, 16));
      i += 5;
    } else {
      const decoded = ESCAPES[e];
      if (decoded === undefined) unsupported();
      value += decoded;
      i += 1;
    }
    from = i + 1;
  }
  return unsupported();
}

/** A single-quoted scalar starting at `start` (its `'`), on one line; `''` is a quote. */
function singleQuoted(text: string, start: number, scan: ScalarEnd): string {
  let value = '';
  let from = start + 1;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || c === 0x09) unsupported();
    if (c !== SINGLE) continue;
    if (text.charCodeAt(i + 1) !== SINGLE) {
      scan.end = i + 1;
      return value + text.slice(from, i);
    }
    value += text.slice(from, i + 1);
    i += 1;
    from = i + 1;
  }
  return unsupported();
}

/** The decoded quoted scalar at `start` (its end in `scan.end`), or null when none starts there. */
export function quotedAt(text: string, start: number, scan: ScalarEnd): string | null {
  const c = text.charCodeAt(start);
  if (c === DOUBLE) return doubleQuoted(text, start, scan);
  if (c === SINGLE) return singleQuoted(text, start, scan);
  return null;
}
