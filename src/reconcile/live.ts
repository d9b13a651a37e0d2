import type { PlatformClient } from '../api/client.js';
import type { CollectionName } from '../model/desired.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { checksumOf } from './checksum.js';

/** What the platform holds, for the managed collections only (unmanaged ones stay undefined). */
export interface LiveState {
  readonly inbound_mappings?: readonly InboundMapping[];
  readonly outbound_routes?: readonly OutboundRoute[];
}

/**
 * Reads the live state with one list request per managed collection (in parallel), never one
 * read per object. A collection that is not managed is not read.
 */
export async function readLive(client: PlatformClient, managed: readonly CollectionName[]): Promise<LiveState> {
  const [inbound, outbound] = await Promise.all([
    managed.includes('inbound_mappings') ? client.listInboundMappings() : undefined,
    managed.includes('outbound_routes') ? client.listOutboundRoutes() : undefined,
  ]);
  return { ...(inbound ? { inbound_mappings: inbound } : {}), ...(outbound ? { outbound_routes: outbound } : {}) };
}

/**
 * The checksum of a live state: sha256 of its canonical JSON, records sorted by ruleid, so the
 * same platform content always gives the same checksum whatever order the platform lists it in.
 */
export function liveChecksum(live: LiveState, managed: readonly CollectionName[]): string {
  const byId = (xs: readonly { ruleid: number }[] | undefined) => [...(xs ?? [])].sort((a, b) => a.ruleid - b.ruleid);
  const content: Record<string, unknown> = {};
  for (const c of managed) content[c] = byId(live[c]);
  return checksumOf(content);
}
