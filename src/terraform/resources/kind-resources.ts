import type { Kind } from '../../model/desired.js';
import type { ProviderContext } from '../context.js';
import type { ResourceHandler } from '../types.js';
import { CARRIER_GROUP_RESOURCE } from './carrier-group.js';
import { DID_NUMBER_RESOURCE } from './did-number.js';
import { ENDPOINT_GROUP_RESOURCE } from './endpoint-group.js';
import { ENDPOINT_LEASE_RESOURCE } from './endpoint-lease.js';
import { INBOUND_MAPPING_RESOURCE } from './inbound-mapping.js';
import { kindResource, type KindResource } from './kind-resource.js';
import { OUTBOUND_ROUTE_RESOURCE } from './outbound-route.js';

/** One kind's managed resource, ready to be made by the one factory (`kindResource`) for a provider. */
export interface KindResourceMaker {
  readonly kind: Kind;
  readonly make: (ctx: ProviderContext) => ResourceHandler;
}

function made<K extends Kind, Live>(steps: KindResource<K, Live>): KindResourceMaker {
  return { kind: steps.kind, make: (ctx) => kindResource(ctx, steps) };
}

/**
 * The Terraform steps of each kind that has a resource, one line each: the only list a kind's
 * Terraform side is added to. Which kinds have one, and under which type name, their modules say
 * (`terraformType`, src/model/kinds/); managed.ts holds the two to the same kinds.
 */
export const KIND_RESOURCES: readonly KindResourceMaker[] = [
  made(INBOUND_MAPPING_RESOURCE),
  made(OUTBOUND_ROUTE_RESOURCE),
  made(ENDPOINT_LEASE_RESOURCE),
  made(CARRIER_GROUP_RESOURCE),
  made(ENDPOINT_GROUP_RESOURCE),
  made(DID_NUMBER_RESOURCE),
];
