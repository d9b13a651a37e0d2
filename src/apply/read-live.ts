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
   * Also read the platform's numbers when the files do not manage them, from a platform that has
   * the Numbers module (one list request; none, and no error, without it): the plan's coexistence
   * findings and the number lints need them, and the differ leaves numbers the files do not declare
   * alone. Default false.
   */
  readonly numbers?: boolean;
}

/**
 * Reads the live state with one list request per managed collection (in parallel), never one
 * read per object (carrier and endpoint groups excepted: their list has no endpoints, so each group is one more
 * read). A collection that is not managed is not read. Leases come from the state records.
 * The groups are read only when `options.groups` asks for them. Numbers are read only from a
 * platform with the Numbers module: managing them elsewhere is NUMBERS_MODULE_MISSING; read
 * unmanaged (`options.numbers`), they are simply absent there.
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
    managed.includes('numbers') ? readNumbers(client) : options.numbers ? readInventory(client) : undefined,
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
