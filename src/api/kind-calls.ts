import type { Kind } from '../model/desired.js';
import { InternalError } from '../model/errors.js';
import type { KindModule } from '../model/kind-spec.js';
import type { KindRequest } from '../model/kind-execution.js';
import type { KindRecords } from '../model/kinds.js';
import type { PlatformClient } from './client.js';

/**
 * The client's calls for one kind, in the shape the generic executor (apply/write-change.ts)
 * drives: a kind's module maps a change to `KindRequest`s, says how to compare a read-back and
 * states its API (`KindModule.api`); these are the client's one set of calls over that API. A
 * create resolves to the new object's id, an update or a delete to the id it touched.
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

/**
 * The client's calls for the kind of `mod`, over its API; throws InternalError for a kind without
 * one (leases: obtained and recorded, apply/execute-lease.ts). A delete that finds its object gone
 * is `API_NOT_FOUND`, which the executor takes as done.
 */
export function kindCalls<K extends Kind>(client: PlatformClient, mod: KindModule<K>): KindCalls<K> {
  if (!mod.api) throw new InternalError(`the client has no calls for ${mod.kind}`);
  const calls = client.kind(mod.api);
  return {
    send: async (request) => {
      switch (request.op) {
        case 'create':
          return (await calls.create(request.input)).id;
        case 'update':
          await calls.update({ id: request.id }, request.patch, request.members);
          return request.id;
        case 'delete':
          await calls.delete({ id: request.id });
          return request.id;
        case 'delete_key':
          if (!calls.deletesByKey) throw new InternalError(`${mod.kind} is deleted by its id, never by a key`);
          await calls.delete({ key: request.key });
          return 0;
        default:
          throw new InternalError(`unknown request ${JSON.stringify(request satisfies never)}`);
      }
    },
    read: (id, key) => calls.get({ id, key }),
    ...(calls.deletesMany
      ? {
          deleteMany: async (ids) => {
            await calls.deleteMany({ ids });
          },
          readMany: (ids) => calls.readMany(ids),
        }
      : {}),
  };
}
