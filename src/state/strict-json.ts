/**
 * Duplicate keys in JSON text. `JSON.parse` keeps the last of two equal keys, so a stray
 * `"leases": {}` appended to a state file would silently forget every lease; the state reader
 * refuses such a file instead.
 */

/** A duplicate key found: the key and where its second occurrence starts (1-based line and column). */
interface DuplicateKey {
  readonly key: string;
  readonly line: number;
  readonly col: number;
}

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

function position(text: string, index: number): { line: number; col: number } {
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
