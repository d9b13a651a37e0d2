import type { CarrierGroupContent } from '../model/carrier-group.js';
import type { Kind } from '../model/desired.js';
import type { EndpointGroupContent } from '../model/endpoint-group.js';
import { InternalError } from '../model/errors.js';
import type { KindRequest } from '../model/kind-spec.js';
import type { KindRecords } from '../model/kinds.js';
import { numberIdentity } from '../model/kinds/did-number/fields.js';
import type { NumberInput, NumberRecord } from '../model/number.js';
import type { PlatformClient, RuleKind } from './client.js';

/**
 * The client's calls for one kind, in the shape the generic executor (apply/execute.ts) drives:
 * a kind's module maps a change to `KindRequest`s and says how to compare a read-back; this table
 * is the one place that knows which of the client's calls carry them out. A create resolves to the
 * new object's id, an update or a delete to the id it touched.
 */
export interface KindCalls<K extends Kind> {
  send(request: KindRequest): Promise<number>;
  /** The object `id` (of key `key`) as the platform holds it now, or null: what a read-back compares. */
  read?(id: number, key: string): Promise<KindRecords[K]['live'] | null>;
  /** Deletes many objects in one request (all or none). */
  deleteMany?(ids: readonly number[]): Promise<void>;
  /** Those of the objects `ids` the platform still holds. */
  readMany?(ids: readonly number[]): Promise<KindRecords[K]['live'][]>;
}

/** A gateway group's calls: the whole group sent on create and update (with the kept endpoints' gateway ids), read by id. */
function groupCalls<K extends Kind, C>(api: {
  create: (content: C) => Promise<number>;
  update: (id: number, content: C, gwids?: readonly (number | undefined)[]) => Promise<void>;
  delete: (id: number) => Promise<void>;
  get: (id: number) => Promise<KindRecords[K]['live'] | null>;
}): KindCalls<K> {
  return {
    send: async (request) => {
      switch (request.op) {
        case 'create':
          return api.create(request.input as C);
        case 'update':
          await api.update(request.id, request.patch as C, request.members);
          return request.id;
        case 'delete':
          await api.delete(request.id);
          return request.id;
        case 'delete_key':
          throw new InternalError('a gateway group is deleted by its id, never by a key');
        default:
          throw new InternalError(`unknown request ${JSON.stringify(request satisfies never)}`);
      }
    },
    read: (id) => api.get(id),
  };
}

/** The numbers of a DID's identity (one list request, by the DID's text without `+`). */
async function numbersOf(client: PlatformClient, did: string): Promise<NumberRecord[]> {
  const bare = numberIdentity(did);
  return (await client.listNumbers({ contains: bare })).filter((n) => numberIdentity(n.did) === bare);
}

/** A rule kind's calls: its requests through the client's one rule writer; no read-back (the platform reports a rule's failures). */
function ruleCalls<K extends RuleKind>(client: PlatformClient, kind: K): KindCalls<K> {
  return { send: (request) => client.sendRuleRequest(kind, request) };
}

/** Each kind's calls; a kind without a line (leases: obtained and recorded, apply/execute-lease.ts) has no requests. */
const CALLS: { readonly [K in Kind]?: (client: PlatformClient, kind: K) => KindCalls<K> } = {
  inbound_mapping: ruleCalls,
  outbound_route: ruleCalls,
  carrier_group: (client) =>
    groupCalls({
      create: (c: CarrierGroupContent) => client.createCarrierGroup(c),
      update: (id, c, gwids) => client.updateCarrierGroup(id, c, gwids),
      delete: (id) => client.deleteCarrierGroup(id),
      get: (id) => client.getCarrierGroup(id),
    }),
  endpoint_group: (client) =>
    groupCalls({
      create: (c: EndpointGroupContent) => client.createEndpointGroup(c),
      update: (id, c, gwids) => client.updateEndpointGroup(id, c, gwids),
      delete: (id) => client.deleteEndpointGroup(id),
      get: (id) => client.getEndpointGroup(id),
    }),
  did_number: (client) => ({
    send: async (request) => {
      switch (request.op) {
        case 'create':
          return (await client.createNumber(request.input as NumberInput)).id;
        case 'update':
          await client.updateNumber(request.id, request.patch);
          return request.id;
        case 'delete':
          await client.deleteNumber(request.id);
          return request.id;
        case 'delete_key':
          throw new InternalError('a number is deleted by its id, never by a key');
        default:
          throw new InternalError(`unknown request ${JSON.stringify(request satisfies never)}`);
      }
    },
    read: async (id, key) => (await numbersOf(client, key)).find((n) => n.id === id) ?? null,
    deleteMany: async (ids) => {
      await client.deleteNumbers({ ids });
    },
    readMany: async (ids) => {
      const wanted = new Set(ids);
      return (await client.listNumbers()).filter((n) => wanted.has(n.id));
    },
  }),
};

/** The client's calls for `kind`; throws InternalError for a kind apply never sends requests for (leases). */
export function kindCalls<K extends Kind>(client: PlatformClient, kind: K): KindCalls<K> {
  const make = CALLS[kind];
  if (!make) throw new InternalError(`the client has no calls for ${kind}`);
  return make(client, kind);
}
