import type { Kind } from '../../model/desired.js';
import { KIND_SPECS } from '../../model/kinds.js';
import type { ProviderContext } from '../context.js';
import type { ResourceHandler } from '../types.js';
import { CARRIER_GROUP_RESOURCE } from './carrier-group.js';
import { DID_NUMBER_RESOURCE } from './did-number.js';
import { ENDPOINT_GROUP_RESOURCE } from './endpoint-group.js';
import { ENDPOINT_LEASE_RESOURCE } from './endpoint-lease.js';
import { INBOUND_MAPPING_RESOURCE } from './inbound-mapping.js';
import { kindResource } from './kind-resource.js';
import { OUTBOUND_ROUTE_RESOURCE } from './outbound-route.js';

/**
 * Each kind's resource, made by the one factory from the kind's Terraform steps: every kind of the
 * registry (KIND_SPECS) is listed (a kind added there without a line does not compile); `null` for
 * a kind whose resource is not built yet.
 */
const MADE: { readonly [K in Kind]: ((ctx: ProviderContext) => ResourceHandler) | null } = {
  inbound_mapping: (ctx) => kindResource(ctx, INBOUND_MAPPING_RESOURCE),
  outbound_route: (ctx) => kindResource(ctx, OUTBOUND_ROUTE_RESOURCE),
  endpoint_lease: (ctx) => kindResource(ctx, ENDPOINT_LEASE_RESOURCE),
  carrier_group: (ctx) => kindResource(ctx, CARRIER_GROUP_RESOURCE),
  endpoint_group: (ctx) => kindResource(ctx, ENDPOINT_GROUP_RESOURCE),
  did_number: (ctx) => kindResource(ctx, DID_NUMBER_RESOURCE),
};

/** The kinds the provider has a resource of, in the registry's order. */
export const RESOURCE_KINDS: readonly Kind[] = (Object.keys(KIND_SPECS) as Kind[]).filter((kind) => MADE[kind] !== null);

/**
 * The resource type of a kind where it is not `dsiprouter_<kind>`: the one place a kind's Terraform
 * name differs from its name in plans (a number of the inventory is `dsiprouter_number`, as the
 * platform calls it).
 */
const TYPE_NAMES: Partial<Record<Kind, string>> = { did_number: 'dsiprouter_number' };

/** The resource type of a kind: `dsiprouter_<kind>`, unless TYPE_NAMES names it otherwise. */
export const resourceTypeOf = (kind: Kind): string => TYPE_NAMES[kind] ?? `dsiprouter_${kind}`;

/** The provider's managed resources, one per kind that has one, in the registry's order, by resource type. */
export function managedResources(ctx: ProviderContext): Record<string, ResourceHandler> {
  return Object.fromEntries(RESOURCE_KINDS.map((kind) => [resourceTypeOf(kind), MADE[kind]!(ctx)]));
}
