import type { CarrierGroup } from '../model/carrier-group.js';
import type { CollectionName, Kind } from '../model/desired.js';
import type { EndpointGroup } from '../model/endpoint-group.js';
import type { GatewayGroup, GroupType } from '../model/group.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import type { ExportContext, KindExport } from '../model/kind-export.js';
import { KIND_SPECS, type KindRecords } from '../model/kinds.js';
import type { LiveCollections } from '../model/live.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { referenceJudge } from './check-refs.js';

/** The collections an exported file holds: each kind the registry says how to export, its entries. */
type ExportedCollections = {
  readonly [
    K in Kind as [KindRecords[K]['entry']] extends [never] ? never : KindRecords[K]['collection']
  ]?: readonly KindRecords[K]['entry'][];
};

/**
 * A desired-state document that describes the live state exactly: a collection for each kind that
 * was read (numbers only when the platform holds some), in the registry's order.
 */
export interface ExportDocument extends ExportedCollections {
  readonly version: 1;
  /**
   * What the file cannot describe, ignored so that planning it keeps those objects instead of
   * deleting them: names groups share, the rules the proxy drops, numbers the files refuse.
   */
  readonly policy?: { readonly ignore: { readonly [C in CollectionName]?: readonly string[] } };
}

/** The document, and each exported kind's objects left out of it (by key, with why, as its `leftOut` lists them). */
export interface ExportOfLive {
  readonly doc: ExportDocument;
  readonly left: { readonly [K in Kind]?: ReadonlyMap<string, string> };
}

/** A glob that matches exactly `name` (its glob characters escaped). */
export function literalGlob(name: string): string {
  return name.replace(/[\\*?[\]{}()!+@]/g, (c) => `\\${c}`);
}

/** The name of each group whose name no other group (of `groups`) has, by id. */
function uniqueNames(groups: readonly GatewayGroup[]): Map<number, string> {
  const count = new Map<string, number>();
  for (const g of groups) count.set(g.name, (count.get(g.name) ?? 0) + 1);
  return new Map(groups.filter((g) => count.get(g.name) === 1 && g.name.trim() !== '').map((g) => [g.gwgroupid, g.name]));
}

/** One kind's entries and what it leaves out, by its module's export. */
function exportKind<K extends Kind>(
  how: KindExport<K>,
  keyField: string,
  live: readonly KindRecords[K]['live'][],
  base: Omit<ExportContext, 'keyCount'>,
): { entries: KindRecords[K]['entry'][]; left: ReadonlyMap<string, string> } {
  const keyOfLive = (r: KindRecords[K]['live']): string => (r as unknown as Readonly<Record<string, string>>)[keyField]!;
  const keys = new Map<string, number>();
  for (const r of live) keys.set(keyOfLive(r), (keys.get(keyOfLive(r)) ?? 0) + 1);
  const ctx: ExportContext = { ...base, keyCount: (key) => keys.get(key) ?? 0 };
  const left = how.leftOut(live, ctx);
  const entries = live
    .filter((r) => !left.has(keyOfLive(r)))
    .sort(how.order)
    .map((r) => how.entry(r, ctx));
  return { entries, left };
}

/**
 * Turns the live state into a desired-state document that plans to no changes: one loop over the
 * registry, each kind written by its module's `export` (entries with defaults left out, in its
 * order; a secret as the `${VAR}` named after the object); a kind not read (its collection
 * undefined) is not written. What a kind leaves out goes to `policy.ignore`, so that planning the
 * file keeps it, its list where the module's `ignoreRank` puts it.
 *
 * With the live `groups` (carrier and endpoint groups), a rule refers to its group by name where
 * the name is unique (the same rule as the planner's resolution: among all groups for a mapping,
 * among carrier groups for a route), by id otherwise; and the planner's reference check
 * (`referenceJudge`) says which rules the proxy drops.
 */
export function exportLive(live: LiveCollections, groups: readonly GatewayGroup[] = []): ExportOfLive {
  const anyName = uniqueNames(groups);
  const byType = new Map<GroupType, Map<number, string>>();
  const groupName = (id: number, type?: GroupType): string | undefined => {
    if (type === undefined) return anyName.get(id);
    if (!byType.has(type)) byType.set(type, uniqueNames(groups.filter((g) => g.type === type)));
    return byType.get(type)!.get(id);
  };
  const base = { groupName, ...(groups.length > 0 ? { judge: referenceJudge(groups) } : {}) };
  const collections: Record<string, unknown> = {};
  const left: Partial<Record<Kind, ReadonlyMap<string, string>>> = {};
  const ignores: { rank: number; collection: string; globs: string[] }[] = [];
  for (const kind of Object.keys(KIND_SPECS) as Kind[]) {
    const mod = KIND_SPECS[kind];
    const how = mod.export as KindExport<Kind> | undefined;
    const records = live[mod.collection] as readonly KindRecords[Kind]['live'][] | undefined;
    if (!how || !records || (how.omitEmpty && records.length === 0)) continue;
    const out = exportKind(how, mod.keyField, records, base);
    collections[mod.collection] = out.entries;
    left[kind] = out.left;
    const keys = how.ignoreSorted ? [...out.left.keys()].sort() : [...out.left.keys()];
    if (keys.length > 0) ignores.push({ rank: how.ignoreRank, collection: mod.collection, globs: keys.map(literalGlob) });
  }
  const ignore = Object.fromEntries(ignores.sort((a, b) => a.rank - b.rank).map((i) => [i.collection, i.globs]));
  const doc = { version: 1, ...collections, ...(ignores.length > 0 ? { policy: { ignore } } : {}) } as ExportDocument;
  return { doc, left };
}

/**
 * The export document of these live collections (the library's entry, in its first shape):
 * `exportLive` over mappings, routes and, when given, carrier and endpoint groups.
 */
export function exportDocument(
  mappings: readonly InboundMapping[],
  routes: readonly OutboundRoute[],
  carrierGroups?: readonly CarrierGroup[],
  groups: readonly GatewayGroup[] = [],
  endpointGroups?: readonly EndpointGroup[],
): ExportDocument {
  const live: LiveCollections = {
    inbound_mappings: mappings,
    outbound_routes: routes,
    ...(carrierGroups ? { carrier_groups: carrierGroups } : {}),
    ...(endpointGroups ? { endpoint_groups: endpointGroups } : {}),
  };
  return exportLive(live, groups).doc;
}
