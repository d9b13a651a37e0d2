import type { GatewayGroup } from '../../model/group.js';
import { sharedGroupWords, shownGroup, unknownGroupWords } from '../../model/group-names.js';
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

/** What the messages call the groups of a scope (the CLI's words: a mapping's `group` names "a group"). */
const KIND: Record<GroupScope, string> = { carrier: 'carrier group', endpoint: 'endpoint group', any: 'group' };
/**
 * The problem of a name no group has, listing the names there are, in the words of the files'
 * references (`no carrier group is named "X"`; the carrier groups are: ...).
 */
export function unknownGroupName(name: string, scope: GroupScope, groups: readonly GatewayGroup[]): GroupNameProblem {
  return sentences(unknownGroupWords(name, KIND[scope], groups));
}

/** How a configuration refers to a group by id instead, at each attribute that names one. */
const BY_ID: Record<string, (id: number) => string> = {
  carrier_group: (id) => `gwgroupid = "${id}"`,
  group: (id) => `servers = ["#${id}"]`,
};

/**
 * The problem of a name several groups share, listing their ids (`alsoPlanned`: a carrier group
 * this configuration creates has it too), in the words of the files' references
 * (`carrier_group "X" matches 2 groups: #4 (carrier), #9 (carrier)`).
 */
export function sharedGroupName(name: string, attribute: string, matches: readonly GatewayGroup[], alsoPlanned = false): GroupNameProblem {
  const shown = matches.map(shownGroup);
  if (alsoPlanned) shown.push('a carrier group this configuration creates');
  const first = matches[0]?.gwgroupid ?? 0;
  const example = BY_ID[attribute]?.(first) ?? `its id, #${first}`;
  const words = sharedGroupWords(name, attribute, shown, example);
  // The summary starts with the attribute's name, kept in lower case as Terraform writes it.
  return { summary: words.problem, detail: sentences(words).detail };
}

/** The shared words as Terraform shows a diagnostic: a capitalised summary, a detail ending in a period. */
function sentences(words: { problem: string; remedy: string }): GroupNameProblem {
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return { summary: cap(words.problem), detail: `${cap(words.remedy)}.` };
}

/**
 * Resolves a name against the live groups in scope and the carrier-group names this provider plans
 * to create or rename to (`planned`, recorded by dsiprouter_carrier_group's plan): one live group is
 * its id; none but a planned one is deferred to apply; none at all, or more than one, is a problem.
 */
export function resolveGroupName(
  name: string,
  scope: GroupScope,
  attribute: string,
  groups: readonly GatewayGroup[],
  planned: boolean,
): GroupResolution {
  const matches = groups.filter((g) => g.name === name).sort((a, b) => a.gwgroupid - b.gwgroupid);
  if (matches.length + (planned ? 1 : 0) > 1) return { problem: sharedGroupName(name, attribute, matches, planned) };
  if (matches.length === 1) return { gwgroupid: matches[0]!.gwgroupid };
  if (planned) return { deferred: true };
  const unknown = unknownGroupName(name, scope, groups);
  const created =
    ' A carrier group that this configuration creates is found when the reference names it as dsiprouter_carrier_group.<NAME>.name, so that Terraform plans and creates it first.';
  return { problem: { ...unknown, detail: unknown.detail + (scope === 'endpoint' ? '' : created) } };
}

/**
 * The live groups in scope: one request per list (the endpoint groups only when in scope).
 * `cached`: the lists this provider read before, until it is configured again or writes a carrier
 * group (plans of many resources then read each list once).
 */
export async function liveGroups(ctx: ProviderContext, scope: GroupScope, cached = false): Promise<GatewayGroup[]> {
  const list = (type: GatewayGroup['type']): Promise<readonly GatewayGroup[]> => {
    const read = () => (type === 'carrier' ? ctx.client().listCarrierGroups() : ctx.client().listEndpointGroups());
    if (!cached) return read();
    let p = ctx.groupLists.get(type);
    if (!p) {
      p = read();
      ctx.groupLists.set(type, p);
      p.catch(() => ctx.groupLists.delete(type)); // a failed read is not kept
    }
    return p;
  };
  if (scope !== 'any') return [...(await list(scope))];
  const [carrier, endpoint] = await Promise.all([list('carrier'), list('endpoint')]);
  return [...carrier, ...endpoint];
}

/**
 * Resolves a group name for a plan (planned names count; the lists are read once for all the
 * plans of a command) or an apply (read afresh: a group this apply created is live by now, and the
 * planned names no longer say anything).
 */
export async function resolveGroup(
  ctx: ProviderContext,
  name: string,
  scope: GroupScope,
  attribute: string,
  phase: 'plan' | 'apply',
): Promise<GroupResolution> {
  const planned = phase === 'plan' && ctx.plannedGroupNames.has(name);
  return resolveGroupName(name, scope, attribute, await liveGroups(ctx, scope, phase === 'plan'), planned);
}
