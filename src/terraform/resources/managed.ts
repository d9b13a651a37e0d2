import type { Kind } from '../../model/desired.js';
import { KIND_SPECS } from '../../model/kinds.js';
import type { ProviderContext } from '../context.js';
import type { ResourceHandler } from '../types.js';
import { CARRIER_GROUP_RESOURCE } from './carrier-group.js';
import { ENDPOINT_LEASE_RESOURCE } from './endpoint-lease.js';
import { INBOUND_MAPPING_RESOURCE } from './inbound-mapping.js';
import { kindResource } from './kind-resource.js';
import { OUTBOUND_ROUTE_RESOURCE } from './outbound-route.js';

/**
 * Each kind's resource, made by the one factory from the kind's Terraform steps: every kind of the
 * registry (KIND_SPECS) has exactly one (a kind added there without one does not compile).
 */
const MADE: { readonly [K in Kind]: (ctx: ProviderContext) => ResourceHandler } = {
  inbound_mapping: (ctx) => kindResource(ctx, INBOUND_MAPPING_RESOURCE),
  outbound_route: (ctx) => kindResource(ctx, OUTBOUND_ROUTE_RESOURCE),
  endpoint_lease: (ctx) => kindResource(ctx, ENDPOINT_LEASE_RESOURCE),
  carrier_group: (ctx) => kindResource(ctx, CARRIER_GROUP_RESOURCE),
};

/** The resource type of a kind: `dsiprouter_<kind>`. */
export const resourceTypeOf = (kind: Kind): string => `dsiprouter_${kind}`;

/** The provider's managed resources, one per kind in the registry's order, by resource type. */
export function managedResources(ctx: ProviderContext): Record<string, ResourceHandler> {
  return Object.fromEntries((Object.keys(KIND_SPECS) as Kind[]).map((kind) => [resourceTypeOf(kind), MADE[kind](ctx)]));
}
