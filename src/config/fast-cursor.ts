import { pathKey } from './data.js';
import { deferredVariable, substitute } from './env.js';
import { resolvePlain, unsupported } from './fast-scalars.js';
import type { Path } from './locate.js';
import type { ReadNode } from './fast-schema.js';

/*
 * The fast reader's cursor (fast-reader.ts): where it is in the text, by offset and line; the
 * lines it skips (blank, comments); the path it is at; what it records for placing entries and
 * top-level keys; and how it turns a scalar into data, as `toData` does.
 */

/** A line and column (1-based, in UTF-16 units like the YAML parser's) of the file. */
export interface Place {
  readonly line: number;
  readonly col: number;
}

export const NL = 0x0a;
export const CR = 0x0d;
export const SP = 0x20;
export const TAB = 0x09;
const HASH = 0x23;

const KEY_TEXT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Keys the core schema reads as null or true/false (their text would change). */
const NOT_A_STRING_KEY = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
/**
 * The end of the plain key word (`[A-Za-z_][A-Za-z0-9_]*`) that starts at `at`, or `at` when none
 * does. A loop, not a sticky regular expression: a big file has a key on almost every line.
 */
export function keyWordEnd(text: string, at: number): number {
  let c = text.charCodeAt(at);
  if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f)) return at;
  let i = at + 1;
  for (c = text.charCodeAt(i); (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;) {
    c = text.charCodeAt(++i);
  }
  return i;
}

/** How many distinct plain keys `keyText` remembers: more than the schema has (a file with more is invalid anyway). */
const KNOWN_KEYS = 128;

/** Deeper than any desired-state file; keeps the recursion far from the stack's end. */
const MAX_DEPTH = 32;

/** The state the fast reader moves through a text with; `UNSUPPORTED` is thrown where it gives up. */
export class Cursor {
  /** As `FileData.substituted`: paths of strings that took variables, with their text as written. */
  readonly substituted = new Map<string, string>();
  /** As `FileData.deferred`: write-only strings whose variable is not set here, with its name. */
  readonly deferred = new Map<string, string>();
  /** Where each write-only value is written (pathKey → [line, col]): the plan names a password's line. */
  readonly #writeOnly = new Map<string, [number, number]>();
  /** Top-level key → [line, col] of the key. */
  readonly #keys = new Map<string, [number, number]>();
  /** Top-level key → [line, col, line, col, …] of its list's entries. */
  readonly #entries = new Map<string, number[]>();
  /** The path the reader is at: its first `#depth` segments (entered and left by index, not push and pop). */
  readonly #path: (string | number)[] = [];
  #depth = 0;
  /** Keys already found readable as keys: a file repeats a few keys thousands of times. */
  readonly #keyTexts = new Set<string>();
  /** Plain keys already read, by length (`keyText`), up to {@link KNOWN_KEYS} of them. */
  readonly #known: string[][] = [];
  #knownCount = 0;
  protected readonly text: string;
  readonly #env: NodeJS.ProcessEnv;
  protected pos = 0;
  protected line = 1;
  protected lineStart = 0;
  /** Inside a document written in flow style, where collections may span lines. */
  protected multiline = false;

  constructor(text: string, env: NodeJS.ProcessEnv) {
    this.text = text;
    this.#env = env;
  }

  /**
   * Where a top-level key (with `key`), an entry `[collection, i]` or a write-only value is
   * written; null for other paths.
   */
  place(path: Path, key: boolean): Place | null {
    if (!key && path.length > 2 && this.#writeOnly.size > 0) {
      const at = this.#writeOnly.get(pathKey(path));
      if (at) return { line: at[0], col: at[1] };
    }
    const [top, index] = path;
    if (typeof top !== 'string') return null;
    if (key && path.length === 1) {
      const at = this.#keys.get(top);
      return at ? { line: at[0], col: at[1] } : null;
    }
    if (key || path.length !== 2 || typeof index !== 'number') return null;
    const list = this.#entries.get(top);
    const line = list?.[2 * index];
    const col = list?.[2 * index + 1];
    return line === undefined || col === undefined ? null : { line, col };
  }

  /**
   * The line of entry `index` of the top-level list `collection`, or 0 when none was recorded; with
   * {@link entryCol}, the place of an entry without a path or a place object made for it.
   */
  entryLine(collection: string, index: number): number {
    return this.#entries.get(collection)?.[2 * index] ?? 0;
  }

  /** The column of entry `index` of the top-level list `collection` (see {@link entryLine}). */
  entryCol(collection: string, index: number): number {
    return this.#entries.get(collection)?.[2 * index + 1] ?? 0;
  }

  // --- lines ---------------------------------------------------------------------------------

  /** From a line's start, skips blank and comment lines: the next content line's indent, or -1 at the end. */
  protected nextLine(): number {
    const t = this.text;
    for (;;) {
      let i = this.pos;
      while (t.charCodeAt(i) === SP) i++;
      if (i >= t.length) {
        this.pos = t.length;
        return -1;
      }
      const c = t.charCodeAt(i);
      if (c !== NL && c !== CR && c !== HASH) return i - this.pos;
      this.skipLine(i);
    }
  }

  /** Moves to the start of the line after the one holding `from`. */
  protected skipLine(from: number): void {
    const nl = this.text.indexOf('\n', from);
    this.pos = nl === -1 ? this.text.length : nl + 1;
    if (nl !== -1) {
      this.line++;
      this.lineStart = this.pos;
    }
  }

  /** True at a line break or the end of the text. */
  protected lineEnds(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return c === NL || c === CR || i >= this.text.length;
  }

  /** True at the end of a line's content: a line break, the end, or a comment after a space. */
  protected contentEnds(i: number): boolean {
    const t = this.text;
    return (
      this.lineEnds(i) || (t.charCodeAt(i) === HASH && (t.charCodeAt(i - 1) === SP || (this.multiline && t.charCodeAt(i - 1) === TAB)))
    );
  }

  /** The rest of the line from `from` holds only spaces and perhaps a comment; moves past it. */
  protected endLine(from: number): void {
    const t = this.text;
    let i = from;
    while (t.charCodeAt(i) === SP || (this.multiline && t.charCodeAt(i) === TAB)) i++;
    if (!this.contentEnds(i)) unsupported();
    this.skipLine(i);
  }

  protected enter(seg: string | number): void {
    if (this.#depth >= MAX_DEPTH) unsupported();
    this.#path[this.#depth++] = seg;
  }

  /** The path the reader is at, as a path of its own. */
  #at(): (string | number)[] {
    return this.#path.slice(0, this.#depth);
  }

  protected leave(): void {
    this.#depth--;
  }

  /** Records where an entry of a top-level list starts. */
  protected entry(at: number): void {
    const top = this.#path[0];
    if (this.#depth !== 2 || typeof top !== 'string') return;
    let list = this.#entries.get(top);
    if (!list) this.#entries.set(top, (list = []));
    list.push(this.line, at - this.lineStart + 1);
  }

  /**
   * The text of the plain key between `at` and `end`: the string read for it before when it is one
   * of the keys already read. A file repeats a few keys thousands of times: no new string for each,
   * and the same string each time, which V8 has made a property name already.
   */
  protected keyText(at: number, end: number): string {
    const known = this.#known[end - at];
    if (known !== undefined)
      for (let i = 0; i < known.length; i++) {
        const text = known[i]!;
        if (this.text.startsWith(text, at)) return text;
      }
    const text = this.text.slice(at, end);
    if (this.#knownCount < KNOWN_KEYS) {
      (this.#known[end - at] ??= []).push(text);
      this.#knownCount++;
    }
    return text;
  }

  protected key(key: string, at: number): void {
    if (!this.#keyTexts.has(key)) {
      if (!KEY_TEXT.test(key) || NOT_A_STRING_KEY.test(key)) unsupported();
      this.#keyTexts.add(key);
    }
    if (this.#depth === 0) this.#keys.set(key, [this.line, at - this.lineStart + 1]);
  }

  // --- scalars -------------------------------------------------------------------------------

  protected plain(text: string, schema: ReadNode, at: number): unknown {
    const read = resolvePlain(text, schema.keepsText);
    return read.kind === 'string' ? this.string(text, schema, at) : read.value;
  }

  /**
   * `${NAME}` replaced, as `toData` does; an unset or malformed reference gives up (it is an
   * issue), except in a write-only value (`deferredVariable`), whose place is recorded.
   */
  protected string(text: string, schema: ReadNode, at: number): string {
    if (schema.writeOnly) {
      this.#writeOnly.set(pathKey(this.#at()), [this.line, at - this.lineStart + 1]);
      const later = deferredVariable(text, true, this.#env);
      if (later !== undefined) {
        this.deferred.set(pathKey(this.#at()), later);
        return text;
      }
    }
    if (!text.includes('${')) return text;
    const result = substitute(text, this.#env);
    if (result.unset.length > 0 || result.malformed) unsupported();
    if (result.text !== text) this.substituted.set(pathKey(this.#at()), text);
    return result.text;
  }
}
