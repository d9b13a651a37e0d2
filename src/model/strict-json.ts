/**
 * Reading JSON files strictly, for the files dsipform writes and reads back (the lease state file,
 * saved plans). `JSON.parse` keeps the last of two equal keys, so a stray `"leases": {}` appended to
 * a state file would silently forget every lease, and a `"changes": []` put before a plan's real
 * list shows another plan to a reader that keeps the first key (as some do) than the one applied.
 * Both readers refuse such a file. Pure text scanning, shared by state/ and plan/.
 */

/** A place in a text: 1-based line and column. */
export interface TextPosition {
  readonly line: number;
  readonly col: number;
}

/** A duplicate key found: the key and where its second occurrence starts. */
export interface DuplicateKey extends TextPosition {
  readonly key: string;
}

/** A step of a path into a JSON value: an object's key or an array's index. */
export type JsonPathSegment = string | number;

/** The end (index after the closing quote) of the JSON string literal starting at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && ' \t\n\r'.includes(text[i]!)) i += 1;
  return i;
}

/** The line and column of a character index of `text`. */
function position(text: string, index: number): TextPosition {
  const before = text.slice(0, index).split('\n');
  return { line: before.length, col: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * The first key that occurs twice in one object, at any depth, of `text`, which must already be
 * valid JSON (`JSON.parse` accepted it); `null` when every object's keys are distinct. Keys are
 * compared decoded, so `"a"` and `"\u0061"` are the same key.
 */
export function findDuplicateKey(text: string): DuplicateKey | null {
  // One entry per open container: the keys seen so far for an object, `null` for an array.
  const open: (Set<string> | null)[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '{') open.push(new Set());
    else if (ch === '[') open.push(null);
    else if (ch === '}' || ch === ']') open.pop();
    else if (ch === '"') {
      const end = stringEnd(text, i);
      const keys = open.at(-1);
      // In an object, a string followed by ':' is a key; any other string is a value.
      if (keys && text[skipSpace(text, end)] === ':') {
        const key = JSON.parse(text.slice(i, end)) as string;
        if (keys.has(key)) return { key, ...position(text, i) };
        keys.add(key);
      }
      i = end;
      continue;
    }
    i += 1;
  }
  return null;
}

/**
 * Where the value at `path` starts in `text` (valid JSON without duplicate keys), or `null` when
 * the text holds no such value. For pointing a reader at the problem a check of the parsed value
 * found (`changes[3].action`), without keeping positions for every value of a large file.
 */
export function locateJsonValue(text: string, path: readonly JsonPathSegment[]): TextPosition | null {
  // The key or index of the value being read in each open container, outermost first.
  const at: JsonPathSegment[] = [];
  const arrays: boolean[] = [];
  let valueNext = true;
  let i = 0;
  while (i < text.length) {
    i = skipSpace(text, i);
    if (i >= text.length) break;
    const ch = text[i]!;
    if (valueNext && ch !== ']') {
      if (at.length === path.length && at.every((seg, d) => seg === path[d])) return position(text, i);
      valueNext = false;
    }
    if (ch === '{' || ch === '[') {
      arrays.push(ch === '[');
      at.push(ch === '[' ? 0 : '');
      valueNext = ch === '[';
    } else if (ch === '}' || ch === ']') {
      arrays.pop();
      at.pop();
      valueNext = false;
    } else if (ch === ',') {
      if (arrays.at(-1) === true) {
        at[at.length - 1] = (at.at(-1) as number) + 1;
        valueNext = true;
      }
    } else if (ch === ':') {
      valueNext = true;
    } else if (ch === '"') {
      const end = stringEnd(text, i);
      if (arrays.at(-1) === false && text[skipSpace(text, end)] === ':') at[at.length - 1] = JSON.parse(text.slice(i, end)) as string;
      i = end;
      continue;
    }
    i += 1;
  }
  return null;
}

/** A path as a reader writes it: `changes[3].after.servers` (`(top)` for the whole value). */
export function formatJsonPath(path: readonly JsonPathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += /^[A-Za-z_][A-Za-z0-9_]*$/.test(seg) ? `${out === '' ? '' : '.'}${seg}` : `[${JSON.stringify(seg)}]`;
  }
  return out === '' ? '(top)' : out;
}
