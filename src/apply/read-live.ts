import type { PlatformClient } from '../api/client.js';
import type { CollectionName } from '../model/desired.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LiveState } from '../model/live.js';
import { readCarrierGroups, readEndpointGroups } from './read-carrier-groups.js';
import { readNumbers } from './read-numbers.js';
import type { GatewayGroup } from '../model/group.js';
import type { NumberRecord } from '../model/number.js';

/** What else to read besides the managed collections. */
export interface ReadOptions {
  /**
   * Read the carrier and endpoint groups (two list requests, in parallel with the others) into
   * `LiveState.groups`: needed to resolve references by name and to check numeric ones. Ask
   * `needsGroups(desired, allowDangling)` (plan/resolve-groups.ts). Default false.
   */
  readonly groups?: boolean;
  /**
   * Collections the files do not manage, read only to show what the platform does to them by
   * itself (model/kinds/did-number/effects.ts): the inbound mappings a number write empties, the
   * numbers a mapping write marks. Never diffed nor written. Numbers are read only from a platform
   * with the Numbers module (none elsewhere, and no error). Default none.
   */
  readonly readOnly?: readonly ('inbound_mappings' | 'numbers')[];
}

/**
 * Reads the live state with one list request per managed collection (in parallel), never one
 * read per object (carrier and endpoint groups excepted: their list has no endpoints, so each group is one more
 * read). A collection that is not managed is not read. Leases come from the state records.
 * The groups are read only when `options.groups` asks for them. Numbers are read only from a
 * platform with the Numbers module: managing them elsewhere is NUMBERS_MODULE_MISSING. The
 * `readOnly` collections are read too, for what the platform does to them.
 */
export async function readLive(
  client: PlatformClient,
  managed: readonly CollectionName[],
  leases?: readonly LeaseRecord[],
  options: ReadOptions = {},
): Promise<LiveState> {
  const [inbound, outbound, carriers, endpoints, carrierGroups, endpointGroups, numbers] = await Promise.all([
    managed.includes('inbound_mappings') || options.readOnly?.includes('inbound_mappings') ? client.listInboundMappings() : undefined,
    managed.includes('outbound_routes') ? client.listOutboundRoutes() : undefined,
    options.groups ? client.listCarrierGroups() : undefined,
    options.groups ? client.listEndpointGroups() : undefined,
    managed.includes('carrier_groups') ? readCarrierGroups(client) : undefined,
    managed.includes('endpoint_groups') ? readEndpointGroups(client) : undefined,
    managed.includes('numbers') ? readNumbers(client) : options.readOnly?.includes('numbers') ? readInventory(client) : undefined,
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

/** The numbers of a platform with the Numbers module, read for checks only; undefined without the module. */
async function readInventory(client: PlatformClient): Promise<NumberRecord[] | undefined> {
  return (await client.numbersModule()) ? client.listNumbers() : undefined;
}
