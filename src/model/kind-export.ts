import type { Kind } from './desired.js';
import type { GroupType } from './group.js';
import type { KindRecords } from './kinds.js';

/**
 * Why the proxy would drop a rule for one of its references, or `null` when the reference is
 * sound: the planner's reference check (`referenceJudge`, src/plan/check-refs.ts) against the live
 * groups. Declared here so that a kind's export may ask it without model/ importing the planner.
 */
export interface ReferenceJudge {
  /** One entry of a mapping's servers: `#<id>` (a group) or a gateway id. */
  server(server: string): string | null;
  /** A route's gwgroupid (`"5"` or `"#5"`). */
  gwgroupid(gwgroupid: string): string | null;
}

/** What the generic export (src/plan/export.ts) hands a kind's export besides its live objects. */
export interface ExportContext {
  /** The reference check against the live groups; undefined when no group was read (nothing to check against). */
  readonly judge?: ReferenceJudge;
  /**
   * The name of the live group of this gwgroupid where no other group (of `type`, when given) has
   * it: the same rule as the planner's resolution of a name, so a rule written by it plans back to the id.
   */
  readonly groupName: (gwgroupid: number, type?: GroupType) => string | undefined;
  /** How many live objects of the collection have this key (routes may share a name). */
  readonly keyCount: (key: string) => number;
}

/**
 * How `dsipform export` writes one kind: its live objects as entries of a desired-state file that
 * plans to no changes. The generic export walks the registry and calls this; it never spells a kind.
 */
export interface KindExport<K extends Kind> {
  /**
   * Where the kind's `policy.ignore` list stands among the others (lower first): groups, then
   * rules, then numbers, the order exported files have always had (it is not the registry's).
   */
  readonly ignoreRank: number;
  /** Whether its ignore globs are written sorted by key; else in `leftOut`'s order (groups: as the platform lists them). */
  readonly ignoreSorted: boolean;
  /** Whether a collection that holds nothing is left out of the file: numbers, so the file leaves the inventory alone. */
  readonly omitEmpty?: boolean;
  /**
   * The live objects an entry cannot describe, by key, each with why, in the order their
   * `policy.ignore` globs are written (which keeps them on the platform): names two groups share,
   * rules the proxy drops, numbers the files refuse. Every object of a listed key is left out.
   */
  readonly leftOut: (live: readonly KindRecords[K]['live'][], ctx: ExportContext) => ReadonlyMap<string, string>;
  /** The order of the entries in the file. */
  readonly order: (a: KindRecords[K]['live'], b: KindRecords[K]['live']) => number;
  /**
   * One live object as an entry: its fields with defaults left out, a group by name where
   * `groupName` knows it, a secret as the `${VAR}` named after the object (never its value).
   */
  readonly entry: (live: KindRecords[K]['live'], ctx: ExportContext) => KindRecords[K]['entry'];
}

/** Names that two or more live groups share, with their ids, in the order first listed: an entry cannot name one of them. */
export function sharedGroupNames(groups: readonly { readonly name: string; readonly gwgroupid: number }[]): Map<string, number[]> {
  const ids = new Map<string, number[]>();
  for (const g of groups) ids.set(g.name, [...(ids.get(g.name) ?? []), g.gwgroupid]);
  return new Map([...ids].filter(([, list]) => list.length > 1));
}

/** A group kind's `leftOut`: the names groups share (an entry cannot tell them apart), in the order first listed. */
export function sharedNamesLeftOut(groups: readonly { readonly name: string; readonly gwgroupid: number }[]): Map<string, string> {
  return new Map([...sharedGroupNames(groups)].map(([name, ids]) => [name, `gwgroupids ${ids.join(', ')} share the name`]));
}

/** A group kind's `order`: by gwgroupid. */
export function byGwgroupid(a: { readonly gwgroupid: number }, b: { readonly gwgroupid: number }): number {
  return a.gwgroupid - b.gwgroupid;
}
