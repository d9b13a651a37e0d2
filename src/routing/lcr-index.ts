/**
 * The LCR records a call can match, found through an index by To-part and From-part instead of
 * testing every record (docs/routing-model.md "Matching within a group"). The proxy's test is
 * `f[0-9]*-t[0-9]*`, unanchored and case-insensitive, on `From-To`. When neither user holds a `-`,
 * the pattern's `-` can only meet the lookup's one `-`, so a record matches exactly when the To
 * starts with `t` and `f` ends at a place of the From followed only by digits. Both parts are
 * compared as the regular expression compares them (lcr-match.ts `canonicalText`), so looking up
 * those pieces of the From finds the same records as testing each: K per-customer patterns on one
 * To prefix cost a few look-ups per call, not K tests. Pure.
 */
import { canonicalText } from './lcr-match.js';

/** A record the index holds: anything with an LCR pattern `<from>-<to>`. */
export interface HasPattern {
  readonly pattern: string;
}

/** The records of one To-part, by From-part, with the From-part lengths they have. */
interface ToBucket<T> {
  readonly byFrom: Map<string, T[]>;
  /** The distinct non-empty From-part lengths, shortest first. */
  readonly fromLengths: number[];
  readonly all: T[];
}

/** LCR records by their To-part and From-part, both canonical. */
export interface LcrRecordIndex<T extends HasPattern> {
  readonly all: readonly T[];
  readonly byTo: ReadonlyMap<string, ToBucket<T>>;
  /** The distinct To-part lengths, shortest first: a To of 120,000 digits is not cut 120,000 times. */
  readonly toLengths: readonly number[];
}

/** Indexes LCR records by To-part and From-part (a pattern without `-` is all From, with the empty To). */
export function indexLcrRecords<T extends HasPattern>(records: readonly T[]): LcrRecordIndex<T> {
  const byTo = new Map<string, ToBucket<T>>();
  for (const r of records) {
    const dash = r.pattern.indexOf('-');
    const from = canonicalText(dash < 0 ? r.pattern : r.pattern.slice(0, dash));
    const to = dash < 0 ? '' : canonicalText(r.pattern.slice(dash + 1));
    let bucket = byTo.get(to);
    if (!bucket) byTo.set(to, (bucket = { byFrom: new Map(), fromLengths: [], all: [] }));
    bucket.all.push(r);
    const list = bucket.byFrom.get(from);
    if (list) list.push(r);
    else bucket.byFrom.set(from, [r]);
  }
  for (const bucket of byTo.values()) {
    const lengths = new Set<number>();
    for (const from of bucket.byFrom.keys()) if (from !== '') lengths.add(from.length);
    bucket.fromLengths.push(...[...lengths].sort((a, b) => a - b));
  }
  const toLengths = [...new Set([...byTo.keys()].map((k) => k.length))].sort((a, b) => a - b);
  return { all: records, byTo, toLengths };
}

/** The first place of `from` from which it holds only digits to its end. */
function digitsFrom(from: string): number {
  let s = from.length;
  while (s > 0) {
    const c = from.charCodeAt(s - 1);
    if (c < 48 || c > 57) break;
    s--;
  }
  return s;
}

/**
 * The records of one To bucket whose From-part ends at a place of `from` followed only by digits:
 * each piece of `from` of each From-part length looked up once. When that would be more look-ups
 * than the bucket holds records (a From of thousands of digits), the whole bucket, for the caller's
 * exact test.
 */
function fromCandidates<T>(bucket: ToBucket<T>, from: string, out: T[]): void {
  const s = digitsFrom(from);
  let lookups = 0;
  for (const len of bucket.fromLengths) lookups += Math.max(0, from.length - Math.max(s, len) + 1);
  if (lookups >= bucket.all.length) {
    for (const r of bucket.all) out.push(r);
    return;
  }
  const empty = bucket.byFrom.get('');
  if (empty) for (const r of empty) out.push(r);
  for (const len of bucket.fromLengths) {
    const seen = new Set<string>();
    for (let end = Math.max(s, len); end <= from.length; end++) {
      const piece = from.slice(end - len, end);
      if (seen.has(piece)) continue;
      seen.add(piece);
      const found = bucket.byFrom.get(piece);
      if (found) for (const r of found) out.push(r);
    }
  }
}

/**
 * The records that can match a call from `users.from` to `users.to` (the LCR step's users), each
 * once: a superset of the matching ones that is exact when neither user holds a `-`; every record
 * when one does (the lookup's `-` is then not the only one). The caller still tests each.
 */
export function lcrCandidates<T extends HasPattern>(index: LcrRecordIndex<T>, users: { from: string; to: string }): readonly T[] {
  if (users.from.includes('-') || users.to.includes('-')) return index.all;
  const to = canonicalText(users.to);
  const from = canonicalText(users.from);
  const out: T[] = [];
  for (const len of index.toLengths) {
    if (len > to.length) break;
    const bucket = index.byTo.get(to.slice(0, len));
    if (bucket) fromCandidates(bucket, from, out);
  }
  return out;
}
