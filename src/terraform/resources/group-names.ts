import type { GatewayGroup } from '../../model/group.js';
import type { ProviderContext } from '../context.js';

/**
 * Which groups a name may name: a route's `carrier_group` (and the carrier-group data source) only
 * carrier groups, the endpoint-group data source only endpoint groups, a mapping's `group` either kind.
 */
export type GroupScope = 'carrier' | 'endpoint' | 'any';

/** A name that names no group, or several: what Terraform shows (summary, then detail). */
export interface GroupNameProblem {
  readonly summary: string;
  readonly detail: string;
}

/** What a group name resolves to: an id, "after apply" (a group this apply creates), or a problem. */
export type GroupResolution = { readonly gwgroupid: number } | { readonly deferred: true } | { readonly problem: GroupNameProblem };

const WHAT: Record<GroupScope, string> = { carrier: 'carrier group', endpoint: 'endpoint group', any: 'endpoint group or carrier group' };
/** At most this many names are listed in an "unknown name" message. */
const MAX_LISTED = 20;

function listNames(groups: readonly GatewayGroup[]): string {
  const names = [...new Set(groups.map((g) => g.name))].sort();
  if (names.length === 0) return 'the platform has none';
  const shown = names.slice(0, MAX_LISTED).map((n) => JSON.stringify(n));
  return `the platform has ${shown.join(', ')}${names.length > MAX_LISTED ? ` and ${names.length - MAX_LISTED} more` : ''}`;
}

/** The problem of a name no group has: it lists the names there are. */
export function unknownGroupName(name: string, scope: GroupScope, groups: readonly GatewayGroup[]): GroupNameProblem {
  return {
    summary: `No ${WHAT[scope]} is named "${name}"`,
    detail: `No ${WHAT[scope]} on the platform is named "${name}" (${listNames(groups)}). Check the spelling (names are case-sensitive).`,
  };
}

/** The problem of a name several groups share (`alsoPlanned`: a group this apply creates has it too): it lists their ids. */
export function sharedGroupName(name: string, scope: GroupScope, matches: readonly GatewayGroup[], alsoPlanned = false): GroupNameProblem {
  const ids = matches.map((g) => `${g.type} group ${g.gwgroupid}`);
  if (alsoPlanned) ids.push('one this apply creates');
  return {
    summary: `Several groups are named "${name}"`,
    detail:
      `${ids.length} groups are named "${name}" (${ids.join(', ')}), so the name does not say which ${WHAT[scope]} is meant. ` +
      'Give each group its own name, or refer to the group by id (gwgroupid = "<id>", servers = ["#<id>"]).',
  };
}

/**
 * Resolves a name against the live groups in scope and the carrier-group names this provider plans
 * to create or rename to (`planned`, recorded by dsiprouter_carrier_group's plan): one live group is
 * its id; none but a planned one is deferred to apply; none at all, or more than one, is a problem.
 */
export function resolveGroupName(name: string, scope: GroupScope, groups: readonly GatewayGroup[], planned: boolean): GroupResolution {
  const matches = groups.filter((g) => g.name === name).sort((a, b) => a.gwgroupid - b.gwgroupid);
  if (matches.length + (planned ? 1 : 0) > 1) return { problem: sharedGroupName(name, scope, matches, planned) };
  if (matches.length === 1) return { gwgroupid: matches[0]!.gwgroupid };
  if (planned) return { deferred: true };
  const unknown = unknownGroupName(name, scope, groups);
  const created =
    ' A carrier group that this configuration creates is found when the reference names it as dsiprouter_carrier_group.<NAME>.name, so that Terraform plans and creates it first.';
  return { problem: { ...unknown, detail: unknown.detail + (scope === 'endpoint' ? '' : created) } };
}

/** The live groups in scope: one request per list (the endpoint groups only for scope `any`). */
export async function liveGroups(ctx: ProviderContext, scope: GroupScope): Promise<GatewayGroup[]> {
  const client = ctx.client();
  if (scope === 'carrier') return [...(await client.listCarrierGroups())];
  if (scope === 'endpoint') return [...(await client.listEndpointGroups())];
  const [carrier, endpoint] = await Promise.all([client.listCarrierGroups(), client.listEndpointGroups()]);
  return [...carrier, ...endpoint];
}

/**
 * Resolves a group name for a plan (planned names count) or an apply (only what the platform holds
 * then: a group this apply created is live by now, and the planned names no longer say anything).
 */
export async function resolveGroup(
  ctx: ProviderContext,
  name: string,
  scope: GroupScope,
  phase: 'plan' | 'apply',
): Promise<GroupResolution> {
  const planned = phase === 'plan' && ctx.plannedGroupNames.has(name);
  return resolveGroupName(name, scope, await liveGroups(ctx, scope), planned);
}
