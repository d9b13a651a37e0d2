import type { CarrierGroup } from './carrier-group.js';
import type { GatewayGroup } from './group.js';
import type { InboundMapping } from './inbound-mapping.js';
import type { LeaseRecord } from './lease.js';
import type { OutboundRoute } from './outbound-route.js';

/**
 * What the platform holds, for the managed collections only (unmanaged ones stay undefined).
 * Leases cannot be read from the platform: their live state is the local state file's records.
 */
export interface LiveState {
  readonly inbound_mappings?: readonly InboundMapping[];
  readonly outbound_routes?: readonly OutboundRoute[];
  readonly endpoint_leases?: readonly LeaseRecord[];
  /** Carrier groups with their endpoints (one list request, then one read per group). */
  readonly carrier_groups?: readonly CarrierGroup[];
  /**
   * The platform's carrier and endpoint groups (gateway lists), when they were read: to resolve
   * references by name and check numeric ones. `undefined` when not read.
   */
  readonly groups?: readonly GatewayGroup[];
}
