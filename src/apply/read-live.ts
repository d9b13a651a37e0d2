import type { PlatformClient } from '../api/client.js';
import type { CollectionName } from '../model/desired.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LiveState } from '../model/live.js';
import { readCarrierGroups, readEndpointGroups } from './read-carrier-groups.js';
import { readNumbers } from './read-numbers.js';
import type { GatewayGroup } from '../model/group.js';

/** What else to read besides the managed collections. */
export interface ReadOptions {
  /**
   * Read the carrier and endpoint groups (two list requests, in parallel with the others) into
   * `LiveState.groups`: needed to resolve references by name and to check numeric ones. Ask
   * `needsGroups(desired, allowDangling)` (plan/resolve-groups.ts). Default false.
   */
  readonly groups?: boolean;
}

/**
 * Reads the live state with one list request per managed collection (in parallel), never one
 * read per object (carrier and endpoint groups excepted: their list has no endpoints, so each group is one more
 * read). A collection that is not managed is not read. Leases come from the state records.
 * The groups are read only when `options.groups` asks for them. Numbers are read only from a
 * platform with the Numbers module: managing them elsewhere is NUMBERS_MODULE_MISSING.
 */
export async function readLive(
  client: PlatformClient,
  managed: readonly CollectionName[],
  leases?: readonly LeaseRecord[],
  options: ReadOptions = {},
): Promise<LiveState> {
  const [inbound, outbound, carriers, endpoints, carrierGroups, endpointGroups, numbers] = await Promise.all([
    managed.includes('inbound_mappings') ? client.listInboundMappings() : undefined,
    managed.includes('outbound_routes') ? client.listOutboundRoutes() : undefined,
    options.groups ? client.listCarrierGroups() : undefined,
    options.groups ? client.listEndpointGroups() : undefined,
    managed.includes('carrier_groups') ? readCarrierGroups(client) : undefined,
    managed.includes('endpoint_groups') ? readEndpointGroups(client) : undefined,
    managed.includes('numbers') ? readNumbers(client) : undefined,
  ]);
  const groups: GatewayGroup[] | undefined = carriers && endpoints ? [...carriers, ...endpoints] : undefined;
  return {
    ...(inbound ? { inbound_mappings: inbound } : {}),
    ...(outbound ? { outbound_routes: outbound } : {}),
    ...(managed.includes('endpoint_leases') ? { endpoint_leases: leases ?? [] } : {}),
    ...(carrierGroups ? { carrier_groups: carrierGroups } : {}),
    ...(endpointGroups ? { endpoint_groups: endpointGroups } : {}),
    ...(numbers ? { numbers } : {}),
    ...(groups ? { groups } : {}),
  };
}
