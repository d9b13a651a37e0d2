/**
 * The comparison every kind's fields share: a kind states its compared fields once, as readers
 * (field → how to read its comparable value from a live or a declared record), and the field list,
 * the comparable fields and what counts as a change all come from them.
 */

/** A kind's compared fields, in the order plans show them: each read the same way from either side. */
export type FieldReaders<T> = Readonly<Record<string, (record: T) => unknown>>;

/**
 * The names of the fields whose values differ (as JSON would show them), in the readers' order,
 * read from both sides without copying either: a plan of 10,000 unchanged mappings then allocates
 * nothing for them.
 */
export function changedBy<T>(readers: FieldReaders<T>, before: T, after: T): string[] {
  const out: string[] = [];
  for (const name in readers) {
    const read = readers[name]!;
    if (!sameJson(read(before), read(after))) out.push(name);
  }
  return out;
}

/** Every field of a record as its readers give it, in their order. */
export function readAll<T>(readers: FieldReaders<T>, record: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in readers) out[name] = readers[name]!(record);
  return out;
}

/**
 * Whether two field values have the same JSON text. Strings, finite numbers, booleans, null and
 * arrays of strings (every field a plan compares) are compared directly: a plan of 15,000 objects
 * compares some 80,000 values, and stringifying each one was most of its time.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b && (typeof a === 'string' || typeof a === 'boolean' || a === null || (typeof a === 'number' && Number.isFinite(a))))
    return true;
  if (typeof a === 'string' && typeof b === 'string') return false;
  if (Array.isArray(a) && Array.isArray(b) && a.every(isString) && b.every(isString)) {
    return a.length === b.length && a.every((s, i) => s === b[i]);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** The listed fields of a record's values (those it has): what an update sends. */
export function pickFields<T extends object>(values: T, fields: readonly string[]): Partial<T> {
  const out: Partial<T> = {};
  for (const f of fields) if (f in values) (out as Record<string, unknown>)[f] = (values as Record<string, unknown>)[f];
  return out;
}
