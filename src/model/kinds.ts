import type { Kind } from './desired.js';
import type { KindSpec } from './kind-spec.js';
import { CARRIER_GROUP } from './kinds/carrier-group.js';
import { ENDPOINT_LEASE } from './kinds/endpoint-lease.js';
import { INBOUND_MAPPING } from './kinds/inbound-mapping.js';
import { OUTBOUND_ROUTE } from './kinds/outbound-route.js';

/**
 * Every kind's module, by kind: the one registry callers look a kind up in (`KIND_SPECS[change.kind]`)
 * instead of switching on its name. test/tooling/kinds.test.ts holds the kinds' names to the files
 * allowed to spell them.
 */
export const KIND_SPECS: { readonly [K in Kind]: KindSpec<K> } = {
  inbound_mapping: INBOUND_MAPPING,
  outbound_route: OUTBOUND_ROUTE,
  endpoint_lease: ENDPOINT_LEASE,
  carrier_group: CARRIER_GROUP,
};
