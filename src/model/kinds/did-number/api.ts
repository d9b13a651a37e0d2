import type { KindApi } from '../../kind-api.js';
import { numberIdentity, type NumberInput, type NumberRecord } from '../../number.js';
import { deletedFromWire, filtersToWire, numberFromWire, numberToWire } from './wire.js';

/** The collection path, from the base URL (not below `/api/v1`). */
const NUMBERS_PATH = '/api/numbers/v1/number';
const at = (id: number | undefined): string => `${NUMBERS_PATH}/${encodeURIComponent(id ?? '')}`;

/**
 * The Numbers module of release 0.79 (`/api/numbers/v1/number` below the base URL). Its
 * irregularities: only a deployed platform with the module serves it (`requires`); it answers a
 * missing number 404 with `error: "http"` ("Number not found", "No numbers found to delete");
 * one object is read through the list, filtered by its DID (there is no read by id); it deletes
 * many numbers by DID and id in one request, whose body carries them (all or none). Its list's
 * filters go in the query, which the platform's MariaDB compares as text.
 */
export const NUMBER_API: KindApi<NumberRecord, NumberRecord> = {
  fromBase: true,
  requires: 'numbers-module',
  absentSays: /^(Number not found|No numbers found to delete)$/,
  list: {
    call: (filters) => ({ method: 'GET', path: NUMBERS_PATH, query: filtersToWire(filters ?? {}) }),
    read: (record, ctx) => numberFromWire(record, ctx.read),
  },
  live: { from: 'list' },
  idOf: (n) => n.id,
  get: {
    // The numbers of the DID's identity (its text without `+`), then the one of this id.
    calls: (ref) => [{ method: 'GET', path: NUMBERS_PATH, query: filtersToWire({ contains: numberIdentity(ref.key ?? '') }) }],
    read: ([data], [ctx], ref) => {
      if (!data || !ctx) return null;
      const bare = numberIdentity(ref.key ?? '');
      const found = data.map((r) => numberFromWire(r, ctx.read)).filter((n) => numberIdentity(n.did) === bare);
      return found.find((n) => n.id === ref.id) ?? null;
    },
  },
  create: {
    call: (input) => ({ method: 'POST', path: NUMBERS_PATH, body: numberToWire(input) }),
    answer: (data, ctx) => {
      const held = numberFromWire(ctx.first(data), ctx.read);
      return { id: held.id, held };
    },
    keyOfInput: (input) => (input as NumberInput).did,
  },
  update: {
    call: (ref, patch) => ({ method: 'PUT', path: at(ref.id), body: numberToWire(patch) }),
    answer: (data, ctx) => {
      const held = numberFromWire(ctx.first(data), ctx.read);
      return { id: held.id, held };
    },
  },
  delete: (ref) => ({ method: 'DELETE', path: at(ref.id) }),
  deleteMany: {
    // The platform cannot take a DID from the query: the body carries both lists.
    call: ({ ids, keys }) => ({ method: 'DELETE', path: NUMBERS_PATH, body: { dids: keys, id: ids } }),
    read: (record, ctx) => deletedFromWire(record, ctx.read),
  },
};
