import { InternalError } from '../../errors.js';
import type { KindRequest } from '../../kind-execution.js';
import { pickFields } from '../compare.js';
import type { NumberChange } from './change.js';

/**
 * The request of one number change: a create sends the DID and the fields that have a value (one
 * left out is NULL on the platform), an update only the changed fields (`null` clears one), a
 * delete the number's id.
 */
export function numberRequests(change: NumberChange): readonly KindRequest[] {
  switch (change.action) {
    case 'create': {
      const input = Object.fromEntries(Object.entries(change.after).filter(([, v]) => v !== null));
      return [{ op: 'create', input }];
    }
    case 'update':
      return [{ op: 'update', id: change.id, patch: pickFields(change.after, change.fields) }];
    case 'delete':
      return [{ op: 'delete', id: change.id }];
    default:
      throw new InternalError(`unknown change action ${JSON.stringify(change satisfies never)}`);
  }
}
