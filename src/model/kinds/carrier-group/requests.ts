import type { CarrierGroupContent } from '../../carrier-group.js';
import type { KindRequest, SentSecrets } from '../../kind-execution.js';
import type { CarrierGroupFields } from '../../plan.js';
import { groupRequests } from '../group-members.js';
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
  return groupRequests(change, (after) => contentOf(after, sent));
}
