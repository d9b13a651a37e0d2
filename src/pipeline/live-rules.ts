import type { PlatformClient } from '../api/client.js';
import type { RouteDecision } from '../model/routing.js';
import { inventoryOf, ruleSetFromState, withGatewayLabels } from '../routing/rule-set.js';
import type { RuleSet } from '../routing/types.js';
import { groupsToName } from '../routing/words.js';
import { readGroupGateways } from '../apply/read-gateway-labels.js';

/**
 * The rules the platform holds: every live mapping and route, with their ids and groups, and the
 * carrier and endpoint groups (so a `#id` to a missing or empty group is dropped, and a group's
 * gateways are named). The API lists gateways only through their groups, so a plain gateway id no
 * group holds counts as missing (the proxy drops such a rule), and the dropped rule's reason says
 * that a gateway outside every group cannot be seen. Four requests, in parallel.
 */
export async function liveRuleSet(client: PlatformClient): Promise<RuleSet> {
  const [inbound_mappings, outbound_routes, carriers, endpoints] = await Promise.all([
    client.listInboundMappings(),
    client.listOutboundRoutes(),
    client.listCarrierGroups(),
    client.listEndpointGroups(),
  ]);
  return ruleSetFromState({ inbound_mappings, outbound_routes }, inventoryOf([...carriers, ...endpoints]));
}

/**
 * The same rules with the gateways of these decisions named (name and address): the groups that
 * hold them are read, one request each, at most four at once. A decision names a
 * few groups; reading every group of a platform for one call would cost hundreds of requests.
 */
export async function nameGateways(client: PlatformClient, set: RuleSet, decisions: readonly RouteDecision[]): Promise<RuleSet> {
  if (set.inventory === undefined) return set;
  const gwlists = decisions.flatMap((d) => [d.gwlist, ...(d.outcomes ?? []).map((o) => o.gwlist)]).filter((g) => g !== undefined);
  const ids = groupsToName(gwlists, set.inventory);
  if (ids.length === 0) return set;
  return withGatewayLabels(set, await readGroupGateways(client, ids));
}

/**
 * The same rules with the endpoints of the endpoint groups they send to named (issue 34 §5: a call
 * to a PBX names its endpoints, `routes --live`): each group one request, four at once. Only the
 * endpoint groups a rule names: a carrier group's words do not list its gateways.
 */
export async function nameEndpointGroups(client: PlatformClient, set: RuleSet): Promise<RuleSet> {
  const inventory = set.inventory;
  if (inventory === undefined) return set;
  const named = groupsToName(
    set.rules.map((r) => r.gwlist),
    inventory,
  ).filter((id) => inventory.groupNames?.get(String(id))?.type === 'endpoint');
  if (named.length === 0) return set;
  return withGatewayLabels(set, await readGroupGateways(client, named));
}
