import { COLLECTION_OF, KINDS, type CollectionName, type Kind } from '../model/desired.js';
import type { GatewayGroup } from '../model/group.js';
import type { KindModule } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { LiveState } from '../model/live.js';
import { canonicalJson, checksumOfPieces, checksumOfText } from './checksum.js';

/**
 * The checksum of a live state: sha256 of its canonical JSON, each collection's records in its
 * kind's stable order (rules by ruleid, groups by gwgroupid, …: `KindModule.checksum`), so the
 * same platform content always gives the same checksum whatever order the platform lists it in.
 * (The same text as `checksumOf({ [collection]: records })`, written without the general walk.)
 */
export function liveChecksum(live: LiveState, managed: readonly CollectionName[]): string {
  return wholeChecksum(liveParts(live, managed));
}

/** The checksum of the whole live state, and of each collection on its own (the text of its part). */
export interface LiveChecksums {
  readonly whole: string;
  readonly each: Readonly<Partial<Record<CollectionName, string>>>;
}

/**
 * `liveChecksum`, and a checksum of each managed collection: a saved plan keeps both, so that a
 * stale plan names the collections that changed, not every one it manages. Each collection's text
 * is written once for both.
 */
export function liveChecksums(live: LiveState, managed: readonly CollectionName[]): LiveChecksums {
  const parts = liveParts(live, managed);
  const each: Partial<Record<CollectionName, string>> = {};
  for (const [c, text] of parts) each[c] = checksumOfText(text);
  return { whole: wholeChecksum(parts), each };
}

/** A plan's live checksums: the whole, and each collection's when it manages two or more. */
export interface PlanLiveChecksums {
  readonly live_checksum: string;
  readonly live_checksums?: Readonly<Partial<Record<CollectionName, string>>>;
}

/**
 * `head`'s keys, then the plan's live checksums ({@link PlanLiveChecksums}), then `rest`'s keys, in
 * one new object: the checksums are enumerable properties worked out from `live` at their first read
 * and kept, so JSON, a spread, a saved plan and a comparison see the same keys, in the same order,
 * with the same values as when they were written at once. Why: the text of a plan never shows them,
 * and on a platform of 15,000 rules writing and hashing the live state is some 20 ms of a
 * no-change plan's CPU (docs/performance.md, issue 33 §4, thirteenth session). `live` is read, never
 * kept apart from them: the planner and its callers do not change a live state after planning.
 */
export function withLiveChecksums<H extends object, R extends object>(
  head: H,
  live: LiveState,
  managed: readonly CollectionName[],
  rest: R,
): H & PlanLiveChecksums & R {
  let sums: PlanLiveChecksums | undefined;
  const get = (): PlanLiveChecksums => (sums ??= checksumsOfLive(live, managed));
  const out = Object.assign({}, head) as H & PlanLiveChecksums & R;
  Object.defineProperty(out, 'live_checksum', { enumerable: true, get: () => get().live_checksum });
  if (managed.length >= 2) Object.defineProperty(out, 'live_checksums', { enumerable: true, get: () => get().live_checksums });
  return Object.assign(out, rest);
}

/** The live checksum, and with more than one collection managed, each collection's (a stale plan names what changed). */
function checksumsOfLive(live: LiveState, managed: readonly CollectionName[]): PlanLiveChecksums {
  if (managed.length < 2) return { live_checksum: liveChecksum(live, managed) };
  const { whole, each } = liveChecksums(live, managed);
  return { live_checksum: whole, live_checksums: Object.freeze(each) };
}

/** Each collection's kind: the live checksum takes a collection's records through its kind's module. */
const KIND_OF = new Map<CollectionName, Kind>(KINDS.map((k) => [COLLECTION_OF[k], k]));

/** The canonical JSON of each managed collection of the live state, as each kind's module says (`KindModule.checksum`). */
function liveParts(live: LiveState, managed: readonly CollectionName[]): Map<CollectionName, string> {
  const parts = new Map<CollectionName, string>();
  for (const c of managed) {
    const kind = KIND_OF.get(c);
    if (kind === undefined) continue;
    const { checksum } = KIND_SPECS[kind] as KindModule;
    const records = [...((live[c] ?? []) as readonly object[])].sort(checksum.order as (a: object, b: object) => number);
    // Flat records of known fields are written as they are: no sorted copy of each of 15,000 records on every plan.
    if ('fields' in checksum) parts.set(c, JSON.stringify(records, [...checksum.fields]));
    else parts.set(c, canonicalJson(records.map(checksum.record as (live: object) => object)));
  }
  return parts;
}

/**
 * sha256 of `{"COLLECTION":TEXT,…}` (each managed collection by name, with its text), given to the
 * hash piece by piece: the joined text of a big platform (some 4 MB as V8 holds a text with an
 * accent, a large object the old generation keeps until a full collection) is never made.
 */
function wholeChecksum(parts: ReadonlyMap<CollectionName, string>): string {
  return checksumOfPieces(wholePieces(parts));
}

function* wholePieces(parts: ReadonlyMap<CollectionName, string>): Generator<string> {
  let before = '{';
  for (const c of [...parts.keys()].sort()) {
    yield `${before}${JSON.stringify(c)}:`;
    yield parts.get(c) as string;
    before = ',';
  }
  yield before === '{' ? '{}' : '}';
}

/**
 * The checksum of the carrier and endpoint groups a plan depended on (names resolved to ids,
 * references checked): each group's id, name, type and gateways, sorted by id.
 */
export function groupsChecksum(groups: readonly GatewayGroup[]): string {
  const sorted = [...groups].sort((a, b) => a.gwgroupid - b.gwgroupid || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return checksumOfText(canonicalJson(sorted.map((g) => ({ gwgroupid: g.gwgroupid, gwids: [...g.gwids], name: g.name, type: g.type }))));
}
