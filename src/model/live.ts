import type { Kind } from './desired.js';
import type { GatewayGroup } from './group.js';
import type { KindRecords } from './kinds.js';

/** Each kind's collection of live objects, as `LiveState` holds them (derived from the registry). */
export type LiveCollections = {
  readonly [K in Kind as KindRecords[K]['collection']]?: readonly KindRecords[K]['live'][];
};

/**
 * What the platform holds, for the managed collections only (unmanaged ones stay undefined), except
 * `numbers`: read also when the files do not declare them, from a platform with the Numbers module
 * whose inbound mappings the files manage (what the module does to mappings is checked against
 * them); the differ and the live checksum look only at the collections the files manage.
 * Leases cannot be read from the platform: their live state is the local state file's records.
 * Carrier groups come with their endpoints (one list request, then one read per group).
 */
export interface LiveState extends LiveCollections {
  /**
   * The platform's carrier and endpoint groups (gateway lists), when they were read: to resolve
   * references by name and check numeric ones. `undefined` when not read.
   */
  readonly groups?: readonly GatewayGroup[];
}
