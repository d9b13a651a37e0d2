import type { CarrierGroup, CarrierGroupContent } from '../model/carrier-group.js';
import type { EndpointGroup, EndpointGroupContent } from '../model/endpoint-group.js';
import { InternalError } from '../model/errors.js';
import type { GatewayGroup } from '../model/group.js';
import type { InboundMapping, InboundMappingInput, InboundMappingPatch, InboundSelector } from '../model/inbound-mapping.js';
import type { KindApi } from '../model/kind-api.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { DeletedNumber, NumberFilters, NumberInput, NumberPatch, NumberRecord } from '../model/number.js';
import type { OutboundRoute, OutboundRouteInput, OutboundRoutePatch } from '../model/outbound-route.js';
import type { KindClient } from './kind-client.js';

/** A mapping's selector as a reference to it. */
const refOf = (sel: InboundSelector): { id?: number; key?: string } => ('ruleid' in sel ? { id: sel.ruleid } : { key: sel.did });

// The typed methods of the library's API below (`createCarrierGroup`, `listNumbers`, …) are each
// one call of `kind()` over a kind's API as its module states it; the registry is their only way
// to a kind. A new kind needs none of them: `client.kind(KIND_SPECS.<kind>.api)`.
const API = {
  mappings: KIND_SPECS.inbound_mapping.api as KindApi<InboundMapping, InboundMapping>,
  routes: KIND_SPECS.outbound_route.api as KindApi<OutboundRoute, OutboundRoute>,
  carrierGroups: KIND_SPECS.carrier_group.api as KindApi<CarrierGroup, GatewayGroup>,
  endpointGroups: KIND_SPECS.endpoint_group.api as KindApi<EndpointGroup, GatewayGroup>,
  numbers: KIND_SPECS.did_number.api as KindApi<NumberRecord, NumberRecord>,
};

/**
 * The library's typed methods of each kind (`PlatformClient` extends this): each is one call of
 * {@link KindMethods.kind} over the kind's API as its module states it, typed with the kind's own
 * records. They predate the kind modules and stay for the library's callers; a new kind needs none.
 */
export abstract class KindMethods {
  /** The calls of one kind over its API (see `PlatformClient.kind`). */
  abstract kind<L, S>(api: KindApi<L, S>): KindClient<L, S>;

  /** Every inbound mapping. */
  listInboundMappings(): Promise<InboundMapping[]> {
    return this.kind(API.mappings).list();
  }

  /** One inbound mapping by rule id or by DID (`""`: the default mapping), or `null`. */
  getInboundMapping(sel: InboundSelector): Promise<InboundMapping | null> {
    return this.kind(API.mappings).get(refOf(sel));
  }

  /**
   * Creates a mapping and returns its rule id, read back by DID when the answer holds none. Never
   * blindly repeated: after an ambiguous failure (5xx, reset, timeout) it reads back by DID whether
   * the create happened, and sends it again only if not.
   */
  async createInboundMapping(input: InboundMappingInput): Promise<number> {
    return (await this.kind(API.mappings).create(input)).id;
  }

  /**
   * Updates the selected mapping with any non-empty subset of its fields; `did` renames. The
   * deployed platform cannot (`API_UNSUPPORTED`): replace the mapping instead (delete, then create).
   */
  async updateInboundMapping(sel: InboundSelector, patch: InboundMappingPatch): Promise<void> {
    await this.kind(API.mappings).update(refOf(sel), patch);
  }

  /** Deletes the selected mapping; absent is an `API_NOT_FOUND` error (but not on a retry: done). */
  deleteInboundMapping(sel: InboundSelector): Promise<void> {
    return this.kind(API.mappings).delete(refOf(sel));
  }

  /** Every outbound route, simple and LCR. */
  listOutboundRoutes(): Promise<OutboundRoute[]> {
    return this.kind(API.routes).list();
  }

  /** One outbound route, or `null`. */
  getOutboundRoute(ruleid: number): Promise<OutboundRoute | null> {
    return this.kind(API.routes).get({ id: ruleid });
  }

  /**
   * Creates a route (LCR when `from_prefix` is non-empty) and returns its rule id. After an
   * ambiguous failure it reads the routes back and takes the newest one with this name and these
   * fields, sending the create again only if there is none.
   */
  async createOutboundRoute(input: OutboundRouteInput): Promise<number> {
    return (await this.kind(API.routes).create(input)).id;
  }

  /**
   * Updates a route with any subset of its fields. `from_prefix: ""` demotes an LCR route; a
   * non-empty one promotes a simple route. The platform needs `prefix` beside a non-empty
   * `from_prefix`, so the client reads it when the patch lacks it.
   */
  async updateOutboundRoute(ruleid: number, patch: OutboundRoutePatch): Promise<void> {
    await this.kind(API.routes).update({ id: ruleid }, patch);
  }

  /** Deletes a route and its paired LCR record; absent is an `API_NOT_FOUND` error (but not on a retry: done). */
  deleteOutboundRoute(ruleid: number): Promise<void> {
    return this.kind(API.routes).delete({ id: ruleid });
  }

  /** The numbers of the platform's Numbers module meeting every filter given (the filters match literally). */
  listNumbers(filters?: NumberFilters): Promise<NumberRecord[]> {
    return this.kind(API.numbers).list(filters);
  }

  /** Creates a number and returns it as stored; a DID already held is `API_CONFLICT`. */
  async createNumber(input: NumberInput): Promise<NumberRecord> {
    const { held } = await this.kind(API.numbers).create(input);
    if (!held) throw new InternalError('a number create answered no record');
    return held;
  }

  /** Sets the given fields of a number and returns it; an unknown id is `API_NOT_FOUND`. */
  async updateNumber(id: number, patch: NumberPatch): Promise<NumberRecord> {
    const held = await this.kind(API.numbers).update({ id }, patch);
    if (!held) throw new InternalError('a number update answered no record');
    return held;
  }

  /** Deletes a number by id (its inbound mapping stays); absent is `API_NOT_FOUND` (but not on a retry: done). */
  deleteNumber(id: number): Promise<void> {
    return this.kind(API.numbers).delete({ id });
  }

  /** Deletes the numbers of these DIDs and ids (all or none, in the body); returns what it deleted. */
  async deleteNumbers(which: { readonly dids?: readonly string[]; readonly ids?: readonly number[] }): Promise<DeletedNumber[]> {
    return (await this.kind(API.numbers).deleteMany({ ids: which.ids ?? [], keys: which.dids ?? [] })) as DeletedNumber[];
  }

  /** Every carrier group (gateway lists of type 8), by one request. Names are not unique. */
  listCarrierGroups(): Promise<GatewayGroup[]> {
    return this.kind(API.carrierGroups).list();
  }

  /** Every endpoint group (gateway lists of type 9), by one request. Names are not unique. */
  listEndpointGroups(): Promise<GatewayGroup[]> {
    return this.kind(API.endpointGroups).list();
  }

  /**
   * One carrier group with its gateways and their weights (two requests), or `null` when no carrier
   * group has this id. `lb_enabled` and `auth` cannot be read: see `CarrierGroup.unreadable`.
   */
  getCarrierGroup(gwgroupid: number): Promise<CarrierGroup | null> {
    return this.kind(API.carrierGroups).get({ id: gwgroupid });
  }

  /**
   * Creates a carrier group and its gateways; resolves to the new gwgroupid. The auth password is
   * registered as a secret first. The platform swallows errors here: a 200 without an id is
   * `API_SWALLOWED_ERROR`, and a 200 with one may still lack gateways, so read back.
   */
  async createCarrierGroup(content: CarrierGroupContent): Promise<number> {
    return (await this.kind(API.carrierGroups).create(content)).id;
  }

  /**
   * Updates a carrier group in place; endpoint i updates gateway `gwids[i]` when given, else is
   * created. Gateways not listed stay (the carrier API cannot remove one). Read back: the
   * platform may answer 200 and write nothing. Content that leaves lb_enabled or auth out
   * (`unstated`) is refused (`PLAN_OVERWRITES_UNREAD`) before anything is sent.
   */
  async updateCarrierGroup(gwgroupid: number, content: CarrierGroupContent, gwids?: readonly (number | undefined)[]): Promise<void> {
    await this.kind(API.carrierGroups).update({ id: gwgroupid }, content, gwids);
  }

  /** Deletes a carrier group and its gateways; absent is an `API_NOT_FOUND` error (but not on a retry: done). */
  deleteCarrierGroup(gwgroupid: number): Promise<void> {
    return this.kind(API.carrierGroups).delete({ id: gwgroupid });
  }

  /**
   * One endpoint group with its endpoints, registration and reports (one request), or `null` when
   * no group has this id. Its password is registered as a secret and kept only as a fingerprint.
   */
  getEndpointGroup(gwgroupid: number): Promise<EndpointGroup | null> {
    return this.kind(API.endpointGroups).get({ id: gwgroupid });
  }

  /** Creates an endpoint group and its endpoints; resolves to the new gwgroupid. Read back. */
  async createEndpointGroup(content: EndpointGroupContent): Promise<number> {
    return (await this.kind(API.endpointGroups).create(content)).id;
  }

  /**
   * Replaces an endpoint group's settings and whole endpoint set; endpoint i keeps gateway
   * `gwids[i]` when given, gateways not sent are deleted. Read back.
   */
  async updateEndpointGroup(gwgroupid: number, content: EndpointGroupContent, gwids?: readonly (number | undefined)[]): Promise<void> {
    await this.kind(API.endpointGroups).update({ id: gwgroupid }, content, gwids);
  }

  /** Deletes an endpoint group and its endpoints (the platform answers 200 for an unknown id too: read back). */
  deleteEndpointGroup(gwgroupid: number): Promise<void> {
    return this.kind(API.endpointGroups).delete({ id: gwgroupid });
  }
}
