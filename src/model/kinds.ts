import type { CarrierGroup } from './carrier-group.js';
import type { DesiredCarrierGroup, DesiredEndpointGroup, DesiredLease, DesiredMapping, DesiredRoute } from './desired.js';
import type { EndpointGroup } from './endpoint-group.js';
import type { InboundMapping } from './inbound-mapping.js';
import type { KindModule } from './kind-spec.js';
import type { LeaseRecord } from './lease.js';
import type { OutboundRoute } from './outbound-route.js';
import type { CarrierGroupChange } from './kinds/carrier-group/change.js';
import type { EndpointGroupChange } from './kinds/endpoint-group/change.js';
import type { LeaseChange } from './kinds/endpoint-lease/change.js';
import type { MappingChange } from './kinds/inbound-mapping/change.js';
import type { RouteChange } from './kinds/outbound-route/change.js';
import type { NumberChange } from './kinds/did-number/change.js';
import type { DesiredNumber, NumberRecord } from './number.js';
import type { ExportedCarrierGroup } from './kinds/carrier-group/export.js';
import type { ExportedEndpointGroup } from './kinds/endpoint-group/export.js';
import type { ExportedMapping } from './kinds/inbound-mapping/export.js';
import type { ExportedRoute } from './kinds/outbound-route/export.js';
import type { ExportedNumber } from './kinds/did-number/export.js';
import { CARRIER_GROUP } from './kinds/carrier-group.js';
import { ENDPOINT_GROUP } from './kinds/endpoint-group.js';
import { DID_NUMBER } from './kinds/did-number.js';
import { ENDPOINT_LEASE } from './kinds/endpoint-lease.js';
import { INBOUND_MAPPING } from './kinds/inbound-mapping.js';
import { OUTBOUND_ROUTE } from './kinds/outbound-route.js';

/**
 * The registry of kinds, in two halves side by side: the types of each kind (its collection in the
 * files, the declared and the live record, its change, its entry in an exported file: `never` for
 * a kind export does not write) and its module. `Kind`, `CollectionName`,
 * `DesiredState`'s and `LiveState`'s collections and `COLLECTION_OF` are derived from it; the
 * compiler holds the two halves to the same kinds. Adding a kind is one line in each.
 */
export interface KindRecords {
  readonly inbound_mapping: {
    collection: 'inbound_mappings';
    desired: DesiredMapping;
    live: InboundMapping;
    change: MappingChange;
    entry: ExportedMapping;
  };
  readonly outbound_route: {
    collection: 'outbound_routes';
    desired: DesiredRoute;
    live: OutboundRoute;
    change: RouteChange;
    entry: ExportedRoute;
  };
  readonly endpoint_lease: { collection: 'endpoint_leases'; desired: DesiredLease; live: LeaseRecord; change: LeaseChange; entry: never };
  readonly carrier_group: {
    collection: 'carrier_groups';
    desired: DesiredCarrierGroup;
    live: CarrierGroup;
    change: CarrierGroupChange;
    entry: ExportedCarrierGroup;
  };
  readonly endpoint_group: {
    collection: 'endpoint_groups';
    desired: DesiredEndpointGroup;
    live: EndpointGroup;
    change: EndpointGroupChange;
    entry: ExportedEndpointGroup;
  };
  readonly did_number: { collection: 'numbers'; desired: DesiredNumber; live: NumberRecord; change: NumberChange; entry: ExportedNumber };
}

/**
 * Every kind's module, by kind, in the stable order ties are broken in: the one registry callers
 * look a kind up in (`KIND_SPECS[change.kind]`) instead of switching on its name.
 * test/tooling/kinds.test.ts holds the kinds' names to the files allowed to spell them.
 */
export const KIND_SPECS: { readonly [K in keyof KindRecords]: KindModule<K> } = {
  inbound_mapping: INBOUND_MAPPING,
  outbound_route: OUTBOUND_ROUTE,
  endpoint_lease: ENDPOINT_LEASE,
  carrier_group: CARRIER_GROUP,
  endpoint_group: ENDPOINT_GROUP,
  did_number: DID_NUMBER,
};
