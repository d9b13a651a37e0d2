import type { PlatformClient } from '../api/client.js';
import type { CollectionName } from '../model/desired.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LiveState } from '../model/live.js';
import { readCarrierGroups } from './read-carrier-groups.js';

/**
 * Reads the live state with one list request per managed collection (in parallel), never one
 * read per object (carrier groups excepted: their list has no endpoints, so each group is one more
 * read). A collection that is not managed is not read. Leases come from the state records.
 */
export async function readLive(
  client: PlatformClient,
  managed: readonly CollectionName[],
  leases?: readonly LeaseRecord[],
): Promise<LiveState> {
  const [inbound, outbound, groups] = await Promise.all([
    managed.includes('inbound_mappings') ? client.listInboundMappings() : undefined,
    managed.includes('outbound_routes') ? client.listOutboundRoutes() : undefined,
    managed.includes('carrier_groups') ? readCarrierGroups(client) : undefined,
  ]);
  return {
    ...(inbound ? { inbound_mappings: inbound } : {}),
    ...(outbound ? { outbound_routes: outbound } : {}),
    ...(managed.includes('endpoint_leases') ? { endpoint_leases: leases ?? [] } : {}),
    ...(groups ? { carrier_groups: groups } : {}),
  };
}
