import type { CarrierGroupContent } from './carrier-group.js';
import type { Kind } from './desired.js';
import type { EndpointGroupContent } from './endpoint-group.js';
import { KIND_SPECS } from './kinds.js';
import type { MappingContent } from './inbound-mapping.js';
import type { LeaseContent } from './lease.js';
import type { DesiredNumber } from './number.js';
import type { RouteContent } from './outbound-route.js';

/** What `keyOf` reads from a record of each kind. */
interface KeyedRecord {
  readonly inbound_mapping: Pick<MappingContent, 'did'>;
  readonly outbound_route: Pick<RouteContent, 'name'>;
  readonly endpoint_lease: Pick<LeaseContent, 'name'>;
  readonly carrier_group: Pick<CarrierGroupContent, 'name'>;
  readonly endpoint_group: Pick<EndpointGroupContent, 'name'>;
  readonly did_number: Pick<DesiredNumber, 'did'>;
}

/**
 * The identity of a record within its kind, which pairs a desired entry with a live object and
 * names a change (`Change.key`): the value of its kind's `keyField` (src/model/kinds/), the DID of a
 * mapping (`""` is the default mapping), the name of a route, of a lease or of a carrier group. A route pinned by `ruleid` is paired by that id first (see `diff`), but its
 * key is still its name. Identity only: content is compared separately (`changed*Fields`).
 */
export function keyOf<K extends Kind>(kind: K, record: KeyedRecord[K]): string {
  return (record as unknown as Readonly<Record<string, string>>)[KIND_SPECS[kind].keyField] as string;
}
