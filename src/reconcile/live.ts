import type { PlatformClient } from '../api/client.js';
import type { CollectionName } from '../model/desired.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import type { LeaseRecord } from '../model/lease.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { checksumOf } from './checksum.js';

/**
 * What the platform holds, for the managed collections only (unmanaged ones stay undefined).
 * Leases cannot be read from the platform: their live state is the local state file's records.
 */
export interface LiveState {
  readonly inbound_mappings?: readonly InboundMapping[];
  readonly outbound_routes?: readonly OutboundRoute[];
  readonly endpoint_leases?: readonly LeaseRecord[];
}

/**
 * Reads the live state with one list request per managed collection (in parallel), never one
 * read per object. A collection that is not managed is not read. Leases come from the state records.
 */
export async function readLive(client: PlatformClient, managed: readonly CollectionName[], leases?: readonly LeaseRecord[]): Promise<LiveState> {
  const [inbound, outbound] = await Promise.all([
    managed.includes('inbound_mappings') ? client.listInboundMappings() : undefined,
    managed.includes('outbound_routes') ? client.listOutboundRoutes() : undefined,
  ]);
  return {
    ...(inbound ? { inbound_mappings: inbound } : {}),
    ...(outbound ? { outbound_routes: outbound } : {}),
    ...(managed.includes('endpoint_leases') ? { endpoint_leases: leases ?? [] } : {}),
  };
}

/**
 * The checksum of a live state: sha256 of its canonical JSON, records sorted by ruleid, so the
 * same platform content always gives the same checksum whatever order the platform lists it in.
 */
export function liveChecksum(live: LiveState, managed: readonly CollectionName[]): string {
  const byId = (xs: readonly { ruleid: number }[] | undefined) => [...(xs ?? [])].sort((a, b) => a.ruleid - b.ruleid);
  const content: Record<string, unknown> = {};
  for (const c of managed) {
    if (c === 'endpoint_leases') {
      // The password never enters a checksum: a checksum is printed and saved in plan files.
      content[c] = [...(live.endpoint_leases ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1)).map(({ password: _secret, ...rest }) => rest);
    } else content[c] = byId(live[c]);
  }
  return checksumOf(content);
}
