import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth: one text for one value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  // Sorting first and stringifying without a replacer gives the text a sorting replacer would give,
  // at a fraction of the cost: a replacer runs a callback for every value (some 150,000 for the
  // live state of 15,000 objects) and keeps JSON.stringify off its fast path.
  return JSON.stringify(sortedKeys(value, '', keyOrder()));
}

/**
 * The sorted order of an object's keys. Records of one kind share their keys, so the answers for
 * the last few key lists are kept and reused while they recur: sorting anew for each record was a
 * third of the checksum's time, and a plan's records nest several shapes (a change, its fields; an
 * impact entry, its decisions and their rules), which one remembered list would keep evicting.
 */
function keyOrder(): (keys: readonly string[]) => readonly string[] {
  const SHAPES = 16;
  const known: { keys: readonly string[]; sorted: readonly string[] }[] = [];
  const same = (a: readonly string[], b: readonly string[]): boolean => {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  return (keys) => {
    for (let i = 0; i < known.length; i++) {
      const shape = known[i]!;
      if (same(shape.keys, keys)) {
        // Most recently used first: the next lookup of a record of this shape is quickest.
        if (i > 0) {
          known.splice(i, 1);
          known.unshift(shape);
        }
        return shape.sorted;
      }
    }
    const sorted = [...keys].sort();
    known.unshift({ keys, sorted });
    if (known.length > SHAPES) known.pop();
    return sorted;
  };
}

/**
 * The value as JSON.stringify would see it, with every object's keys in sorted order: `toJSON` is
 * applied, and plain objects whose keys are already in order and hold nothing to change are kept.
 */
function sortedKeys(value: unknown, key: string | number, order: (keys: readonly string[]) => readonly string[]): unknown {
  let v = value;
  if (mayHaveToJson(v) && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    v = (v as { toJSON: (key: string) => unknown }).toJSON(String(key));
  }
  if (!v || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const raw: unknown = v[i];
      // Primitives stay as they are: not calling for each one is a third of the time.
      const item = mayHaveToJson(raw) ? sortedKeys(raw, i, order) : raw;
      if (item !== raw && !copy) copy = v.slice(0, i);
      copy?.push(item);
    }
    return copy ?? v;
  }
  const record = v as Record<string, unknown>;
  const keys = Object.keys(record);
  const sorted = order(keys);
  // Only a plain object can stand for its sorted copy (a boxed string, say, would not).
  const proto = Object.getPrototypeOf(record) as unknown;
  let same = v === value && (proto === Object.prototype || proto === null);
  const out: Record<string, unknown> = {};
  for (let i = 0; i < sorted.length; i++) {
    const k = sorted[i] as string;
    const raw = record[k];
    // An own `__proto__` key is not copied but sets the copy's prototype, so it never shows (as
    // with any copy made by assignment); an object kept as it is would show it.
    const item = k !== '__proto__' && mayHaveToJson(raw) ? sortedKeys(raw, k, order) : raw;
    if (item !== raw || k !== keys[i] || k === '__proto__') same = false;
    out[k] = item;
  }
  return same ? v : out;
}

/** Whether JSON.stringify would look for a `toJSON` on the value (objects, functions, bigints), or sort its keys. */
function mayHaveToJson(value: unknown): boolean {
  const type = typeof value;
  return value !== null && (type === 'object' || type === 'function' || type === 'bigint');
}

/** sha256 of the canonical JSON of a value, as `sha256:<hex>`. */
export function checksumOf(value: unknown): string {
  return checksumOfText(canonicalJson(value));
}

/** sha256 of a text that already is canonical JSON, as `sha256:<hex>`. */
export function checksumOfText(text: string): string {
  return checksumOfPieces([text]);
}

/**
 * {@link checksumOfText} of the pieces joined, each given to the hash in turn: a big text is never
 * made whole (the live checksum of a big platform, live-checksum.ts).
 */
export function checksumOfPieces(pieces: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const piece of pieces) hash.update(piece);
  return `sha256:${hash.digest('hex')}`;
}
