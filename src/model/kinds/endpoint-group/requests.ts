import type { EndpointGroupContent } from '../../endpoint-group.js';
import type { KindRequest, SentSecrets } from '../../kind-execution.js';
import { groupRequests } from '../group-members.js';
import type { EndpointGroupChange } from './change.js';
import type { EndpointGroupFields } from './fields.js';

/** The content to send: the plan's fields (without the plan's password state), with the password the executor read, when there is one. */
function contentOf(after: EndpointGroupFields, sent: SentSecrets): EndpointGroupContent {
  const { auth, ...rest } = after;
  if (auth === null) return rest;
  const { password_state: _state, ...kept } = auth;
  return {
    ...rest,
    auth: { ...kept, ...(sent.password !== undefined ? { auth_password: sent.password } : {}) },
  };
}

/**
 * The request of one endpoint-group change: a create or an update sends the whole group (the
 * platform's update replaces the endpoint set), an update with the live gateway of each endpoint
 * kept by name; a delete the group's id.
 */
export function endpointGroupRequests(change: EndpointGroupChange, sent: SentSecrets): readonly KindRequest[] {
  return groupRequests(change, (after) => contentOf(after, sent));
}
