import type { InboundMapping, InboundMappingInput } from '../../inbound-mapping.js';
import { mappingUpdateReplaces } from '../../inbound-mapping.js';
import type { ApiProfileName, KindApi, ObjectRef } from '../../kind-api.js';
import { mappingFromWire, mappingToWire } from './wire.js';

/**
 * A mapping's fields, in sorted order: live records hold exactly these, all flat, so its part of
 * the live checksum writes each record as it is (`KindModule.checksum`).
 */
export const MAPPING_CHECKSUM_FIELDS = ['did', 'notes', 'ruleid', 'servers'] as const satisfies readonly (keyof InboundMapping)[];
// A field added to the record must be added above, or it would be left out of the checksum.
const everyFieldListed: [Exclude<keyof InboundMapping, (typeof MAPPING_CHECKSUM_FIELDS)[number]>] extends [never] ? true : never = true;
void everyFieldListed;

/** The inbound-mapping collection path. */
const INBOUND = '/inboundmapping';

/** The note's key in requests: the deployed platform calls it `name`. */
const noteKey = (profile: ApiProfileName): 'notes' | 'name' => (profile === 'current' ? 'name' : 'notes');

/** A mapping is selected in the query, by rule id or by DID (`""`: the default mapping). */
const selector = (ref: ObjectRef): Record<string, string | number> => (ref.id !== undefined ? { ruleid: ref.id } : { did: ref.key ?? '' });

/**
 * The inbound-mapping API (`/inboundmapping`, one path, the mapping selected in the query). Its
 * irregularities: the note's key differs by profile; the deployed platform cannot update in place;
 * a create's answer may hold no rule id (read back by DID); a mapping the platform made by itself
 * is deleted by its DID.
 */
export const MAPPING_API: KindApi<InboundMapping, InboundMapping> = {
  byProfile: true,
  list: { call: () => ({ method: 'GET', path: INBOUND }), read: (record, ctx) => mappingFromWire(record, ctx.read) },
  live: { from: 'list' },
  idOf: (m) => m.ruleid,
  get: {
    calls: (ref) => [{ method: 'GET', path: INBOUND, query: selector(ref) }],
    read: ([data], [ctx]) => (data && ctx && data.length > 0 ? mappingFromWire(data[0], ctx.read) : null),
  },
  noId: { then: 'read-by-key', unreadable: (did) => `created DID "${did}" but cannot read it back` },
  create: {
    // Always with a note: on the deployed platform a mapping without one breaks every list read.
    call: (input, profile) => {
      const { did, servers, notes } = input as InboundMappingInput;
      return { method: 'POST', path: INBOUND, body: mappingToWire({ did, servers, notes: notes ?? '' }, noteKey(profile)) };
    },
    answer: (data, ctx) => {
      const rec = data[0];
      return rec && typeof rec === 'object' && 'ruleid' in rec ? { id: ctx.read.int(rec, 'ruleid') } : {};
    },
    keyOfInput: (input) => (input as InboundMappingInput).did,
    recover: {
      by: 'key',
      same: (found, input) => {
        const asked = input as InboundMappingInput;
        return JSON.stringify(found.servers) === JSON.stringify(asked.servers) && found.notes === (asked.notes ?? '');
      },
    },
  },
  update: {
    call: (ref, patch, profile) => ({
      method: 'PUT',
      path: INBOUND,
      query: selector(ref),
      body: mappingToWire(patch, noteKey(profile)),
    }),
    notInPlace: {
      on: mappingUpdateReplaces,
      message: 'the deployed platform cannot update an inbound mapping in place',
      hint: 'Replace it: delete, then create (dsipform plans do this under the current profile).',
    },
  },
  delete: (ref) => ({ method: 'DELETE', path: INBOUND, query: selector(ref) }),
  deletesByKey: true,
};
