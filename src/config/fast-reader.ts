import { newMapping, type FileData } from './data.js';
import { CR, Cursor, keyWordEnd, NL, SP, TAB, type Place } from './fast-cursor.js';
import { quotedAt, unsupported, UNSUPPORTED, type ScalarEnd } from './fast-scalars.js';
import type { Path } from './locate.js';
import { readNode, type ReadNode } from './fast-schema.js';
import { desiredStateSchema } from './schema.js';

export type { Place } from './fast-cursor.js';

/** What the fast reader made of a file: the data, and where its keys and entries are written. */
export interface FastRead {
  readonly data: FileData;
  /**
   * Where a path is written, for the paths a valid file needs placed: a top-level key (with `key`)
   * and a top-level list's entry (`[collection, i]`). Null for any other path.
   */
  place(path: Path, key: boolean): Place | null;
  /** The line and column of a top-level list's entry (0 when not recorded): `place([collection, index])` without the objects. */
  readonly entryLine?: (collection: string, index: number) => number;
  readonly entryCol?: (collection: string, index: number) => number;
}

const DASH = 0x2d;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_SEQ = 0x5b;
const CLOSE_SEQ = 0x5d;
const OPEN_MAP = 0x7b;
const CLOSE_MAP = 0x7d;

/**
 * Characters the YAML parser reads differently or warns about, and a CR not followed by LF; their
 * files take the slow path. Two tests, not one alternation: a character class alone is scanned some
 * 4 times faster (the whole text is scanned), and most files hold no CR at all.
 */
const UNREADABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;
const LONE_CR = /\r(?!\n)/;
/**
 * A plain scalar in a flow collection: words separated by spaces (`{name: US domestic}`), the first
 * starting safely (a letter, a digit, `_`, `+`, a negative or fractional number, or a character
 * beyond Latin-1's controls); no quote, tab or flow indicator anywhere, `#` only inside a word (a
 * comment starts after a space) and `:` only before another character of the word (`10:00`; `: `
 * would make it a key).
 */
const FLOW_PLAIN =
  /(?:[A-Za-z0-9_+\u00c0-\uffff]|[-.][0-9])(?:[^\s,[\]{}:'"]|:(?=[^\s,[\]{}:'"]))*(?: +(?:[^\s,[\]{}:#'"]|:(?=[^\s,[\]{}:'"]))(?:[^\s,[\]{}:'"]|:(?=[^\s,[\]{}:'"]))*)*/y;
/** Characters that may not start a plain scalar in block context (YAML indicators). */
const INDICATORS = new Set([...'-?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)));

/**
 * Reads a desired-state file without a syntax tree, straight into the data `toData` would build,
 * or returns null. It reads a strict subset of YAML: block mappings and lists indented with spaces,
 * one-line scalars (plain, '…', "…" with JSON's escapes), comments, one leading `---`, flow
 * collections on one line, or a whole document in flow style (JSON). Anything else (anchors,
 * tags, block scalars, multi-line scalars, duplicate keys, null, numbers it cannot
 * read exactly, an unset variable outside a write-only value…) returns null, and the caller uses the YAML parser, so every
 * issue keeps its exact text and position.
 */
export function readFast(text: string, env: NodeJS.ProcessEnv): FastRead | null {
  if (UNREADABLE.test(text) || (text.includes('\r') && LONE_CR.test(text))) return null;
  const reader = new Reader(text, env);
  let value: unknown;
  try {
    value = reader.document();
  } catch (err) {
    if (err === UNSUPPORTED) return null;
    throw err;
  }
  // No inexact numbers: the reader gives up on integers of more than 15 digits.
  const data: FileData = {
    value,
    substituted: reader.substituted,
    unresolved: new Set(),
    deferred: reader.deferred,
    inexact: new Map(),
    issues: [],
    complete: true,
  };
  return {
    data,
    place: (path, key) => reader.place(path, key),
    entryLine: (collection, index) => reader.entryLine(collection, index),
    entryCol: (collection, index) => reader.entryCol(collection, index),
  };
}

/** Block style line by line, flow style token by token; the scalars and places are the cursor's. */
class Reader extends Cursor {
  /** The whole text: one mapping or list, in block or flow style, then only comments. */
  document(): unknown {
    let indent = this.nextLine();
    if (indent === 0 && this.#documentStart()) indent = this.nextLine();
    if (indent !== 0) unsupported();
    const c = this.text.charCodeAt(this.pos);
    let value: unknown;
    if (c === OPEN_MAP || c === OPEN_SEQ) {
      this.multiline = true;
      value = this.#flowValue(readNode(desiredStateSchema()));
      this.endLine(this.pos);
    } else {
      if (this.text.includes('\t')) unsupported();
      value = this.#blockNode(0, readNode(desiredStateSchema()));
    }
    if (this.nextLine() !== -1) unsupported();
    return value;
  }

  /** A `---` line (nothing else on it) is skipped; true when there was one. */
  #documentStart(): boolean {
    const t = this.text;
    if (!t.startsWith('---', this.pos)) return false;
    let i = this.pos + 3;
    while (t.charCodeAt(i) === SP) i++;
    if (!this.lineEnds(i)) return false;
    this.skipLine(i);
    return true;
  }

  // --- block style ---------------------------------------------------------------------------

  /** The node of the content line at the current position, indented by `indent`. */
  #blockNode(indent: number, schema: ReadNode): unknown {
    const at = this.pos + indent;
    if (this.#isEntry(at)) return this.#blockSeq(indent, schema);
    const key = this.#keyAt(at);
    return key !== null ? this.#blockMap(indent, at, key, schema) : unsupported();
  }

  /** True at a `-` that starts a list entry. */
  #isEntry(i: number): boolean {
    return this.text.charCodeAt(i) === DASH && (this.text.charCodeAt(i + 1) === SP || this.lineEnds(i + 1));
  }

  /** Where the quoted scalar read last ends (`quotedAt`). */
  readonly #scalar: ScalarEnd = { end: 0 };

  /** The offset after the `:` of the key `#keyAt` read last (a field, not an object per key: a big file has a key on almost every line). */
  #keyEnd = 0;

  /** The key of a mapping entry at `at` (`key: ` or `"key": `), with the offset after its `:` in `#keyEnd`; or null. */
  #keyAt(at: number): string | null {
    const t = this.text;
    let key: string;
    let end: number;
    const quoted = quotedAt(t, at, this.#scalar);
    if (quoted !== null) {
      key = quoted;
      end = this.#scalar.end;
    } else {
      end = keyWordEnd(t, at);
      if (end === at) return null;
      key = this.keyText(at, end);
    }
    if (t.charCodeAt(end) !== COLON || !(t.charCodeAt(end + 1) === SP || this.lineEnds(end + 1))) return null;
    this.#keyEnd = end + 1;
    return key;
  }

  #blockMap(indent: number, at: number, first: string, schema: ReadNode): unknown {
    const out = newMapping();
    let key = first;
    let keyAt = at;
    for (;;) {
      if (key in out) unsupported();
      this.key(key, keyAt);
      this.enter(key);
      out[key] = this.#mapValue(indent, this.#keyEnd, schema.child(key));
      this.leave();
      const next = this.nextLine();
      if (next < indent) return out;
      if (next > indent) unsupported();
      keyAt = this.pos + indent;
      key = this.#keyAt(keyAt) ?? unsupported();
    }
  }

  /** A mapping value: on the key's line, or the block below it (a list may sit at the key's indent). */
  #mapValue(indent: number, from: number, schema: ReadNode): unknown {
    const t = this.text;
    let i = from;
    while (t.charCodeAt(i) === SP) i++;
    if (!this.contentEnds(i)) return this.#inlineValue(i, schema);
    this.skipLine(i);
    const below = this.nextLine();
    if (below > indent) return this.#blockNode(below, schema);
    if (below === indent && this.#isEntry(this.pos + indent)) return this.#blockSeq(indent, schema);
    return unsupported(); // an empty value is null: never valid
  }

  #blockSeq(indent: number, schema: ReadNode): unknown[] {
    const t = this.text;
    const out: unknown[] = [];
    // Every entry of a list has the schema's `items`.
    const itemSchema = schema.items();
    for (;;) {
      const index = out.length;
      this.enter(index);
      let i = this.pos + indent + 1;
      while (t.charCodeAt(i) === SP) i++;
      if (this.contentEnds(i)) {
        this.skipLine(i);
        const below = this.nextLine();
        if (below <= indent) unsupported(); // an empty entry is null: never valid
        this.entry(this.pos + below);
        out.push(this.#blockNode(below, itemSchema));
      } else {
        if (this.#isEntry(i)) unsupported();
        this.entry(i);
        const key = this.#keyAt(i);
        out.push(key !== null ? this.#blockMap(i - this.lineStart, i, key, itemSchema) : this.#inlineValue(i, itemSchema));
      }
      this.leave();
      const next = this.nextLine();
      if (next > indent) unsupported();
      if (next < indent || !this.#isEntry(this.pos + indent)) return out;
    }
  }

  /** A value on the current line from `at`: a scalar or a one-line flow collection, then the line's end. */
  #inlineValue(at: number, schema: ReadNode): unknown {
    const t = this.text;
    const quoted = quotedAt(t, at, this.#scalar);
    let value: unknown;
    let end: number;
    if (quoted !== null) {
      value = this.string(quoted, schema, at);
      end = this.#scalar.end;
    } else if (t.charCodeAt(at) === OPEN_MAP || t.charCodeAt(at) === OPEN_SEQ) {
      this.pos = at;
      value = this.#flowValue(schema);
      end = this.pos;
    } else {
      const text = this.#blockPlain(at);
      end = this.#plainEnd;
      value = this.plain(text, schema, at);
    }
    this.endLine(end);
    return value;
  }

  /** Where the plain scalar read last by `#blockPlain` ends (a field, not an object per scalar). */
  #plainEnd = 0;

  /**
   * The plain scalar on one line from `at` (before a comment and trailing spaces), its end in
   * `#plainEnd`. Found by the text's own searches over the line, not by a loop over its characters
   * asking of each whether the content ends there: a big file's notes, names and recurrences are
   * most of its characters, and that loop ran mostly before V8 had compiled it (issue 33 §4).
   */
  #blockPlain(at: number): string {
    const t = this.text;
    const first = t.charCodeAt(at);
    const next = t.charCodeAt(at + 1);
    if (INDICATORS.has(first) && !(first === DASH && ((next >= 0x30 && next <= 0x39) || next === 0x2e))) unsupported();
    let lineEnd = t.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = t.length;
    // A CR stands only before a LF here: readFast gives up on a text with a CR alone.
    if (t.charCodeAt(lineEnd - 1) === CR) lineEnd--;
    const line = t.slice(at, lineEnd);
    // A comment starts at a # after a space (or a tab, in a flow document); `at` holds no #.
    const comment = line.indexOf(' #');
    let stop = comment === -1 ? line.length : comment + 1;
    if (this.multiline) {
      const tab = line.indexOf('\t#');
      if (tab !== -1 && tab + 1 < stop) stop = tab + 1;
    }
    // "a: b" on one line is a nested mapping the parser refuses; "a:" ends a key.
    const colon = line.indexOf(': ');
    if ((colon !== -1 && colon < stop) || (stop === line.length && line.charCodeAt(stop - 1) === COLON)) unsupported();
    let end = stop;
    while (end > 0 && line.charCodeAt(end - 1) === SP) end--;
    this.#plainEnd = at + end;
    return end === line.length ? line : line.slice(0, end);
  }

  // --- flow style ----------------------------------------------------------------------------

  #flowValue(schema: ReadNode): unknown {
    const t = this.text;
    const at = this.pos;
    const c = t.charCodeAt(at);
    if (c === OPEN_SEQ) return this.#flowSeq(schema);
    if (c === OPEN_MAP) return this.#flowMap(schema);
    const quoted = quotedAt(t, at, this.#scalar);
    if (quoted !== null) {
      this.pos = this.#scalar.end;
      this.#flowScalarEnds();
      return this.string(quoted, schema, at);
    }
    FLOW_PLAIN.lastIndex = at;
    const word = FLOW_PLAIN.exec(t) ?? unsupported();
    this.pos = at + word[0].length;
    this.#flowScalarEnds();
    return this.plain(word[0], schema, at);
  }

  /** After a scalar in a flow collection comes space, a line break, `,`, `]` or `}`. */
  #flowScalarEnds(): void {
    const c = this.text.charCodeAt(this.pos);
    if (!(c === SP || c === TAB || c === NL || c === CR || c === COMMA || c === CLOSE_SEQ || c === CLOSE_MAP)) unsupported();
  }

  /** Skips spaces, and line breaks where collections may span lines. */
  #flowSpace(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.pos);
      if (c === SP || c === TAB) this.pos++;
      else if (c === NL || c === CR) {
        if (!this.multiline) unsupported();
        this.skipLine(this.pos);
      } else return;
    }
  }

  /** After an item: `,` then another item, or the closing bracket (true). No trailing comma. */
  #flowNext(close: number): boolean {
    this.#flowSpace();
    const c = this.text.charCodeAt(this.pos++);
    if (c === close) return true;
    if (c !== COMMA) unsupported();
    this.#flowSpace();
    if (this.text.charCodeAt(this.pos) === close) unsupported();
    return false;
  }

  /**
   * A list of one or two items (`servers: ["66", "67"]`, thousands of them in a big file, each kept
   * to the end of the run) is made by a literal of its length: an empty list grows to 17 slots on
   * its first push, some 120 bytes more per list for every collection of the young generation to copy.
   */
  #flowSeq(schema: ReadNode): unknown[] {
    this.pos++;
    this.#flowSpace();
    if (this.text.charCodeAt(this.pos) === CLOSE_SEQ) {
      this.pos++;
      return [];
    }
    const itemSchema = schema.items();
    const first = this.#flowItem(0, itemSchema);
    if (this.#flowNext(CLOSE_SEQ)) return [first];
    const second = this.#flowItem(1, itemSchema);
    if (this.#flowNext(CLOSE_SEQ)) return [first, second];
    const out = [first, second];
    do out.push(this.#flowItem(out.length, itemSchema));
    while (!this.#flowNext(CLOSE_SEQ));
    return out;
  }

  /** Item `index` of a flow list, at the current position. */
  #flowItem(index: number, schema: ReadNode): unknown {
    this.enter(index);
    this.entry(this.pos);
    const value = this.#flowValue(schema);
    this.leave();
    return value;
  }

  #flowMap(schema: ReadNode): unknown {
    const t = this.text;
    const out = newMapping();
    this.pos++;
    this.#flowSpace();
    if (t.charCodeAt(this.pos) === CLOSE_MAP) {
      this.pos++;
      return out;
    }
    do {
      const at = this.pos;
      const key = this.#flowKey();
      if (key in out) unsupported();
      this.key(key, at);
      this.#flowSpace();
      const c = t.charCodeAt(this.pos);
      if (c === COMMA || c === CLOSE_MAP) unsupported(); // an empty value is null: never valid
      this.enter(key);
      out[key] = this.#flowValue(schema.child(key));
      this.leave();
    } while (!this.#flowNext(CLOSE_MAP));
    return out;
  }

  /** A key in a flow mapping: `"key":` (JSON) or `key: `; moves past the `:`. */
  #flowKey(): string {
    const t = this.text;
    const at = this.pos;
    const quoted = quotedAt(t, at, this.#scalar);
    let key: string;
    let end: number;
    if (quoted !== null) {
      key = quoted;
      end = this.#scalar.end;
    } else {
      end = keyWordEnd(t, at);
      if (end === at) unsupported();
      key = this.keyText(at, end);
      if (t.charCodeAt(end + 1) !== SP) unsupported();
    }
    if (t.charCodeAt(end) !== COLON) unsupported();
    this.pos = end + 1;
    return key;
  }
}
