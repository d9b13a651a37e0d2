import { groupsLookup, mappingDropped, routeDropped, type DropReason } from '../../model/dropped-rule.js';
import type { ProviderContext } from '../context.js';
import type { Diagnostic, TfObject } from '../types.js';
import { apiDiagnostic, attrError, knownString, knownStrings } from '../values.js';
import { liveGroups } from './group-names.js';

/** What to do about a reference the proxy would drop, in a configuration's words. */
const DANGLING_HINT =
  'refer to a group that exists and holds gateways: by id (servers = ["#22"], gwgroupid = "22"), by name (group, carrier_group), ' +
  'or by a reference to a dsiprouter_carrier_group this configuration manages, so that Terraform plans it first';

/**
 * The reference check `dsipform plan` makes, at plan time: a mapping's servers or a route's
 * gwgroupid that names a group the platform does not have, one that holds no gateway, or a gateway
 * no group holds is an error at the attribute, in the CLI's words (model/dropped-rule.ts). Values
 * not known yet (a group this apply creates) are not judged; a carrier group planned in this run
 * counts with the gateways its plan leaves it. A failed read of the groups is an error too.
 */
export async function droppedReferences(ctx: ProviderContext, kind: 'mapping' | 'route', planned: TfObject): Promise<Diagnostic[]> {
  const byName = kind === 'mapping' ? 'group' : 'carrier_group';
  const name = knownString(planned, byName);
  const judge = (lookup: Parameters<typeof mappingDropped>[3]): DropReason | null => {
    if (kind === 'mapping') {
      const did = knownString(planned, 'did');
      const servers = knownStrings(planned, 'servers');
      return did === undefined || servers === undefined ? null : mappingDropped(did, servers, name, lookup);
    }
    const route = knownString(planned, 'name');
    const gwgroupid = knownString(planned, 'gwgroupid');
    return route === undefined || gwgroupid === undefined ? null : routeDropped(route, gwgroupid, name, lookup);
  };
  // Not known yet, or a list validate refuses already: nothing to look up.
  const shape = judge(undefined);
  if (shape !== null || (kind === 'mapping' ? knownStrings(planned, 'servers') : knownString(planned, 'gwgroupid')) === undefined)
    return [];
  let groups;
  try {
    groups = await liveGroups(ctx, 'any', true);
  } catch (err) {
    return [apiDiagnostic('read the carrier and endpoint groups to check the references', err)];
  }
  const declared = new Map<string, number>();
  for (const g of groups) {
    const planned = g.type === 'carrier' ? ctx.plannedGroupGateways.get(g.gwgroupid) : undefined;
    if (planned !== undefined) declared.set(g.name, planned);
  }
  const why = judge(groupsLookup(groups, new Set(), declared));
  if (why === null || why.cause !== 'reference') return [];
  const attribute = name !== undefined ? byName : kind === 'mapping' ? 'servers' : 'gwgroupid';
  return [attrError([attribute], `Invalid ${attribute}`, `${why.reason}\n\nhint: ${DANGLING_HINT}`)];
}
