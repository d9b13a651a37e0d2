/**
 * A group a plan creates has only a stand-in id before apply (plan/groups-after.ts): what the
 * simulation shows names it instead (`#"Beta PBX"`), as the words already do (`(id known after
 * apply)`). The decision is made, and judged, on the stand-in; only what is shown is renamed. Pure.
 */
import type { GatewayGroup } from '../model/group.js';
import { nameReference } from './rule-set.js';

/** Gateway lists to show by name: `#<stand-in id>` → `#"<name>"`, one per group marked `pending`. */
export type PendingNames = ReadonlyMap<string, string>;

/** The pending names of these groups (those the plan creates); empty without groups. */
export function pendingNames(groups: readonly GatewayGroup[] | undefined): PendingNames {
  return new Map((groups ?? []).filter((g) => g.pending === true).map((g) => [`#${g.gwgroupid}`, nameReference(g.name)]));
}

/** What a side of a decision shows: its gateway list, and each candidate's when the order is undefined. */
interface Shown {
  readonly gwlist?: string;
  readonly outcomes?: readonly { readonly gwlist?: string }[];
}

/**
 * The decision (or a side of an impact entry) with each gateway list of a group the plan creates
 * named (`#"Beta PBX"`), its candidates' too; the same object when it names none.
 */
export function withPendingNames<T extends Shown>(d: T, pending: PendingNames): T {
  if (pending.size === 0) return d;
  const named = d.gwlist !== undefined ? pending.get(d.gwlist) : undefined;
  const renames = d.outcomes?.some((o) => o.gwlist !== undefined && pending.has(o.gwlist)) === true;
  if (named === undefined && !renames) return d;
  const outcomes = renames
    ? d.outcomes?.map((o) => {
        const ref = o.gwlist !== undefined ? pending.get(o.gwlist) : undefined;
        return ref === undefined ? o : { ...o, gwlist: ref };
      })
    : undefined;
  return { ...d, ...(named !== undefined ? { gwlist: named } : {}), ...(outcomes ? { outcomes } : {}) };
}
