import { isPendingMapping, type MappingFields } from '../../plan.js';
import type { MappingChange } from './change.js';
import { InternalError } from '../../errors.js';
import type { KindRequest } from '../../kind-execution.js';
import { pickFields } from '../compare.js';
import { numberIdentity } from '../did-number/fields.js';

/** The create of a mapping: its fields, without the group name the files used (the plan's, not the platform's). */
function createOf(after: MappingFields): KindRequest {
  const { did, servers, notes } = after;
  return { op: 'create', input: { did, servers, notes } };
}

/**
 * The requests of one mapping change: an update sends only the changed fields; a replace deletes
 * first (the DID is unique), then creates anew (a new rule id); a create of a DID whose mapping the
 * platform made for a number of the plan deletes that row by its DID first.
 */
export function mappingRequests(change: MappingChange): readonly KindRequest[] {
  switch (change.action) {
    case 'create':
      // The row the platform made for a number written before (it refuses a second mapping of the DID).
      return change.made_by_number === undefined
        ? [createOf(change.after)]
        : [{ op: 'delete_key', key: numberIdentity(change.after.did) }, createOf(change.after)];
    case 'update':
      return [{ op: 'update', id: change.ruleid, patch: pickFields(change.after, change.fields) }];
    case 'replace':
      return [{ op: 'delete', id: change.ruleid }, createOf(change.after)];
    case 'delete':
      return [{ op: 'delete', id: change.ruleid }];
    default:
      throw new InternalError(`unknown change action ${JSON.stringify(change satisfies never)}`);
  }
}

/** A mapping's fields with the id of a group this apply created filled in (unchanged otherwise). */
export function mappingWithCreatedGroup(after: MappingFields, idOf: (name: string, who: string) => number): MappingFields {
  if (!isPendingMapping(after)) return after;
  return { ...after, servers: [`#${idOf(after.group!, `inbound mapping ${JSON.stringify(after.did)}`)}`] };
}
