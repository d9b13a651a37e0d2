import { CST, LineCounter, Parser } from 'yaml';
import { pathKey, type FileData } from '../../src/config/data.js';
import { substitute } from '../../src/config/env.js';
import type { FastRead, Place } from '../../src/config/fast-reader.js';
import { resolvePlain, unsupported, UNSUPPORTED } from '../../src/config/fast-scalars.js';
import type { Path } from '../../src/config/locate.js';
import { desiredStateSchema, schemaChild, type SchemaNode } from '../../src/config/schema.js';

/*
 * The candidate that issue 15 (point 9) measured against the hand-written fast reader: the same
 * answer (`FastRead`), built on the `yaml` library's own CST (`new Parser().parse(text)`) instead
 * of a cursor over the text. It reads what the composer would read without an error, in a subset
 * like the fast reader's, and gives up (null) on anything else. It is not used by the loader:
 * on 100,000 entries `bench/yaml-readers.mjs` measured it 9 to 14 times slower than the fast
 * reader, with 4.4 times its peak memory (docs/decisions.md): yaml's lexer alone takes 3 times the
 * fast reader's time, and the parser holds the CST of the whole document before it can be read.
 * Kept for that benchmark and for the agreement test in test/config/fast-reader.test.ts, so it
 * lives in bench/ rather than src/: nothing shipped loads it. bench/lib/cst-reader-loader.mjs
 * compiles it against the built dist/config/ modules.
 */

/** Characters the YAML parser reads differently or warns about (as in fast-reader.ts). */
const UNREADABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|\r(?!\n)/;
const KEY_TEXT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const NOT_A_STRING_KEY = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const MAX_DEPTH = 32;
const GAP = new Set(['space', 'newline', 'comment']);

/** Reads a desired-state file through the CST into the data `toData` would build, or returns null. */
export function readCst(text: string, env: NodeJS.ProcessEnv): FastRead | null {
  if (UNREADABLE.test(text)) return null;
  const reader = new CstReader(text, env);
  let value: unknown;
  try {
    value = reader.stream();
  } catch (err) {
    if (err === UNSUPPORTED) return null;
    throw err;
  }
  const data: FileData = {
    value,
    substituted: reader.substituted,
    unresolved: new Set(),
    deferred: new Map(),
    inexact: new Map(),
    issues: [],
    complete: true,
  };
  return { data, place: (path, key) => reader.place(path, key) };
}

class CstReader {
  readonly substituted = new Map<string, string>();
  readonly #lines = new LineCounter();
  readonly #keys = new Map<string, number>();
  readonly #entries = new Map<string, number[]>();
  readonly #path: (string | number)[] = [];
  /** A document in flow style (JSON): its collections may span lines. */
  #multiline = false;

  constructor(
    readonly text: string,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  place(path: Path, key: boolean): Place | null {
    const [top, index] = path;
    if (typeof top !== 'string') return null;
    let offset: number | undefined;
    if (key && path.length === 1) offset = this.#keys.get(top);
    else if (!key && path.length === 2 && typeof index === 'number') offset = this.#entries.get(top)?.[index];
    return offset === undefined ? null : this.#lines.linePos(offset);
  }

  /** One document, with only comments and blank lines around it. */
  stream(): unknown {
    let doc: CST.Document | undefined;
    for (const token of new Parser(this.#lines.addNewLine).parse(this.text)) {
      if (token.type === 'document' && !doc) doc = token;
      else if (!GAP.has(token.type)) unsupported();
      else if (token.type === 'comment' && !this.#spaced(token)) unsupported();
    }
    if (!doc?.value) return unsupported();
    // A `---` line holds nothing else.
    const start = doc.start.findIndex((t) => t.type === 'doc-start');
    if (start !== -1 && doc.start[start + 1]?.type !== 'newline' && doc.start[start + 1]?.type !== 'space') unsupported();
    this.#gaps(doc.start.filter((_, i) => i !== start));
    if (start !== -1 && !doc.start.slice(start).some((t) => t.type === 'newline')) unsupported();
    const value = doc.value;
    if (value.type === 'flow-collection') this.#multiline = true;
    else if (this.text.includes('\t')) unsupported();
    if (value.type !== 'block-map' && value.type !== 'block-seq' && value.type !== 'flow-collection') unsupported();
    if ('indent' in value && value.indent !== 0) unsupported();
    if (doc.end) this.#gaps(doc.end);
    return this.#node(value, desiredStateSchema());
  }

  /** Spaces, line breaks and comments that follow space, nothing else; no comments in flow style. */
  #gaps(tokens: readonly CST.SourceToken[] | undefined, flow = false): void {
    for (const t of tokens ?? []) {
      if (!GAP.has(t.type)) unsupported();
      if (t.type === 'newline' && flow && !this.#multiline) unsupported();
      if (t.type === 'comment' && (flow || !this.#spaced(t))) unsupported();
    }
  }

  #spaced(t: CST.SourceToken): boolean {
    const before = this.text.charCodeAt(t.offset - 1);
    return t.offset === 0 || before === 0x20 || before === 0x0a;
  }

  #enter(seg: string | number): void {
    if (this.#path.length >= MAX_DEPTH) unsupported();
    this.#path.push(seg);
  }

  #node(token: CST.Token | undefined, schema: SchemaNode | undefined, flow = false): unknown {
    switch (token?.type) {
      case 'block-map':
        return flow ? unsupported() : this.#blockMap(token, schema);
      case 'block-seq':
        return flow ? unsupported() : this.#blockSeq(token, schema);
      case 'flow-collection':
        return this.#flow(token, schema, flow);
      case 'scalar':
      case 'single-quoted-scalar':
      case 'double-quoted-scalar':
        return this.#scalar(token, schema, flow);
      default:
        return unsupported(); // empty (null), alias, block scalar, error
    }
  }

  /** The text of a one-line scalar, with no error from the library, and its trailing gaps checked. */
  #scalarText(token: CST.FlowScalar, flow: boolean): string {
    if (token.source === '' || token.source.includes('\n') || token.source.includes('\r')) unsupported();
    this.#gaps(token.end, flow);
    const read = CST.resolveAsScalar(token, true, unsupported);
    return read.value;
  }

  #scalar(token: CST.FlowScalar, schema: SchemaNode | undefined, flow: boolean): unknown {
    const text = this.#scalarText(token, flow);
    if (token.type === 'scalar') {
      const read = resolvePlain(text, schema?.type === 'string');
      if (read.kind !== 'string') return read.value;
    }
    return this.#string(text);
  }

  #string(text: string): string {
    if (!text.includes('${')) return text;
    const result = substitute(text, this.env);
    if (result.unset.length > 0 || result.malformed) unsupported();
    if (result.text !== text) this.substituted.set(pathKey(this.#path), text);
    return result.text;
  }

  /** A key: a word, plain or quoted, on one line, that no schema reads as other than a string. */
  #key(token: CST.Token | null | undefined, flow: boolean): string {
    if (token?.type !== 'scalar' && token?.type !== 'single-quoted-scalar' && token?.type !== 'double-quoted-scalar') return unsupported();
    if (token.end && token.end.length > 0) unsupported();
    const key = this.#scalarText(token, flow);
    if (!KEY_TEXT.test(key) || NOT_A_STRING_KEY.test(key)) unsupported();
    return key;
  }

  #blockMap(map: CST.BlockMap, schema: SchemaNode | undefined): unknown {
    const out = Object.create(null) as Record<string, unknown>;
    map.items.forEach((item, i) => {
      this.#gaps(item.start);
      // An item of only comments may close the mapping; anything else needs a key, `:` and a value.
      if (!item.key && !item.sep && !item.value && i === map.items.length - 1) return;
      const key = this.#key(item.key, false);
      if (item.explicitKey || key in out || !item.key || !('indent' in item.key) || item.key.indent !== map.indent) unsupported();
      const [indicator, ...rest] = item.sep ?? [];
      if (indicator?.type !== 'map-value-ind') unsupported();
      this.#gaps(rest);
      const value = item.value;
      if ((value?.type === 'block-map' || value?.type === 'block-seq') && !rest.some((t) => t.type === 'newline')) unsupported();
      if (this.#path.length === 0) this.#keys.set(key, item.key.offset);
      this.#enter(key);
      out[key] = this.#node(value, schemaChild(schema, key));
      this.#path.pop();
    });
    return out;
  }

  #blockSeq(seq: CST.BlockSequence, schema: SchemaNode | undefined): unknown[] {
    const out: unknown[] = [];
    seq.items.forEach((item, i) => {
      const dash = item.start.findIndex((t) => t.type === 'seq-item-ind');
      this.#gaps(item.start.filter((_, j) => j !== dash));
      if (dash === -1 && !item.value && i === seq.items.length - 1) return;
      if (dash === -1) unsupported();
      this.#item(out, item.value, schema, false);
    });
    return out;
  }

  /** Adds a list's next entry, recording where it starts when the list is a top-level key's. */
  #item(out: unknown[], value: CST.Token | undefined, schema: SchemaNode | undefined, flow: boolean): void {
    const index = out.length;
    const top = this.#path[0];
    if (this.#path.length === 1 && typeof top === 'string' && value) {
      let list = this.#entries.get(top);
      if (!list) this.#entries.set(top, (list = []));
      list.push(value.offset);
    }
    this.#enter(index);
    out.push(this.#node(value, schemaChild(schema, index), flow));
    this.#path.pop();
  }

  /** `[…]` or `{…}`: one comma between items, a trailing one allowed; on one line unless the document is flow. */
  #flow(fc: CST.FlowCollection, schema: SchemaNode | undefined, inFlow: boolean): unknown {
    const isMap = fc.start.source === '{';
    const [close, ...after] = fc.end;
    if (close?.source !== (isMap ? '}' : ']')) unsupported();
    this.#gaps(after, inFlow);
    const out: unknown = isMap ? Object.create(null) : [];
    fc.items.forEach((item, i) => {
      const commas = item.start.filter((t) => t.type === 'comma').length;
      this.#gaps(
        item.start.filter((t) => t.type !== 'comma'),
        true,
      );
      if (!item.key && !item.sep && !item.value) {
        if (i !== fc.items.length - 1 || commas > (i === 0 ? 0 : 1)) unsupported();
        return;
      }
      if (commas !== (i === 0 ? 0 : 1)) unsupported();
      if (!isMap) {
        if (item.key || item.sep) unsupported();
        this.#item(out as unknown[], item.value, schema, true);
        return;
      }
      const key = this.#key(item.key, true);
      const map = out as Record<string, unknown>;
      if (key in map || !item.value) unsupported();
      const [indicator, ...rest] = item.sep ?? [];
      if (indicator?.type !== 'map-value-ind') unsupported();
      this.#gaps(rest, true);
      if (this.#path.length === 0 && item.key) this.#keys.set(key, item.key.offset);
      this.#enter(key);
      map[key] = this.#node(item.value, schemaChild(schema, key), true);
      this.#path.pop();
    });
    return out;
  }
}
