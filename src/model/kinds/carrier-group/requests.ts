import type { CarrierGroupContent } from '../../carrier-group.js';
import { InternalError } from '../../errors.js';
import type { KindRequest, SentSecrets } from '../../kind-spec.js';
import type { CarrierGroupFields } from '../../plan.js';
import { gwidsByName } from '../group-members.js';
import type { CarrierGroupChange } from './change.js';

/** The content to send: the plan's fields, with the password the executor read from the environment when there is one. */
function contentOf(after: CarrierGroupFields, sent: SentSecrets): CarrierGroupContent {
  const { auth, ...rest } = after;
  if (auth === null) return rest;
  if (sent.password === undefined) return { ...rest, auth };
  return { ...rest, auth: { ...auth, auth_password: sent.password } };
}

/**
 * The request of one carrier-group change: a create or an update sends the whole group (the
 * platform replaces its gateways), an update with the live gateway of each kept endpoint; a
 * delete the group's id.
 */
export function carrierGroupRequests(change: CarrierGroupChange, sent: SentSecrets): readonly KindRequest[] {
  switch (change.action) {
    case 'create':
      return [{ op: 'create', input: contentOf(change.after, sent) }];
    case 'update':
      return [{ op: 'update', id: change.gwgroupid, patch: contentOf(change.after, sent), members: gwidsByName(change) }];
    case 'delete':
      return [{ op: 'delete', id: change.gwgroupid }];
    default:
      throw new InternalError(`unknown carrier-group change ${JSON.stringify(change satisfies never)}`);
  }
}
