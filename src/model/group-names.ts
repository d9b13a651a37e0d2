import type { GatewayGroup } from './group.js';

/**
 * The words of a reference to a group by name that names no group, or several: one wording for
 * every front end (the files' planner, plan/resolve-groups.ts, and the Terraform provider,
 * terraform/resources/group-names.ts). Each front end adds where the reference is and how its own
 * syntax refers to a group by id. Pure.
 */

/** How many group names an "unknown name" message lists before it says how many more there are. */
const LISTED = 12;

/** `"A" (#1), "B" (#2, #3)`: the names of the groups, each with its ids, cut after {@link LISTED}. */
export function listGroupNames(groups: readonly GatewayGroup[]): string {
  const ids = new Map<string, number[]>();
  for (const g of [...groups].sort((a, b) => a.gwgroupid - b.gwgroupid)) {
    const list = ids.get(g.name);
    if (list) list.push(g.gwgroupid);
    else ids.set(g.name, [g.gwgroupid]);
  }
  const all = [...ids].map(([name, list]) => `${JSON.stringify(name)} (${list.map((id) => `#${id}`).join(', ')})`);
  return all.length > LISTED ? `${all.slice(0, LISTED).join(', ')} and ${all.length - LISTED} more` : all.join(', ');
}

/** A problem with a group name: what is wrong, and what to do (lower case, no final period). */
export interface GroupNameWords {
  readonly problem: string;
  readonly remedy: string;
}

/**
 * A name no group of `kind` has (`no carrier group is named "X"`), with the names there are
 * (`the carrier groups are: "A" (#1), ...; names are matched exactly (case and spaces)`).
 */
export function unknownGroupWords(name: string, kind: string, groups: readonly GatewayGroup[]): GroupNameWords {
  return {
    problem: `no ${kind} is named ${JSON.stringify(name)}`,
    remedy: `${groups.length === 0 ? `the platform has no ${kind}s` : `the ${kind}s are: ${listGroupNames(groups)}`}; names are matched exactly (case and spaces)`,
  };
}

/**
 * A name several groups share (`carrier_group "X" matches 2 groups: #4 (carrier), #9 (carrier)`):
 * `shown` names each match, `example` is how the front end writes a reference by id.
 */
export function sharedGroupWords(name: string, attribute: string, shown: readonly string[], example: string): GroupNameWords {
  return {
    problem: `${attribute} ${JSON.stringify(name)} matches ${shown.length} groups: ${shown.join(', ')}`,
    remedy: `refer to one by id instead, e.g. ${example}, or rename one of the groups`,
  };
}

/** `#4 (carrier)`: a live match as the messages show it. */
export function shownGroup(g: GatewayGroup): string {
  return `#${g.gwgroupid} (${g.type})`;
}

/** The live groups of one kind by name: a name may be held by several (the platform does not refuse it). */
export function groupsByName<G extends { readonly name: string }>(live: readonly G[]): Map<string, G[]> {
  const byName = new Map<string, G[]>();
  for (const g of live) byName.set(g.name, [...(byName.get(g.name) ?? []), g]);
  return byName;
}

/**
 * The issue of a declared group whose name several live groups hold (`noun`: `carrier groups`,
 * `endpoint groups`; `path`: the API's collection, `carriergroups`), one wording for every group
 * kind: the entry cannot tell which one it means.
 */
export function sharedNameIssue(
  noun: string,
  path: string,
  name: string,
  candidates: readonly { readonly gwgroupid: number }[],
): { readonly message: string; readonly hint: string } {
  const ids = candidates.map((g) => g.gwgroupid).sort((a, b) => a - b);
  return {
    message: `the platform has ${candidates.length} ${noun} named "${name}" (gwgroupids ${ids.join(', ')}), so the entry cannot tell which one it means`,
    hint: `Rename or delete all but one of them on the platform (DELETE /api/v1/${path}/${ids[ids.length - 1]!} removes the newest), then plan again.`,
  };
}
