import type { EndpointGroup, EndpointGroupContent } from '../model/endpoint-group.js';
import { endpointGroupFromWire, endpointGroupPasswordOnWire, endpointGroupToWire } from '../model/kinds/endpoint-group/wire.js';
import { ApiError } from './errors.js';
import { answeredId, asNotFound, ENDPOINT_GROUPS } from './groups.js';
import { secretFingerprint } from './secret-fingerprint.js';
import type { Sender } from './transport.js';
import { readerFor } from './wire.js';

/**
 * The endpoint-group writes and the full read (`/endpointgroups`). The platform shows a group's
 * registration password in plain text: every read registers it as a secret before anything else
 * sees the answer, and the model keeps only its fingerprint.
 */

const path = (id: number): string => `${ENDPOINT_GROUPS}/${encodeURIComponent(id)}`;

/** One endpoint group with its endpoints, registration and reports, or `null` when no group has this id. */
export async function getEndpointGroup(t: Sender, gwgroupid: number): Promise<EndpointGroup | null> {
  const at = path(gwgroupid);
  try {
    const env = await t.send('GET', at);
    if (env.data.length === 0) return null;
    const pass = endpointGroupPasswordOnWire(env.data[0]);
    if (pass !== undefined) t.addSecret(pass);
    return endpointGroupFromWire(env.data[0], readerFor({ method: 'GET', path: at }), secretFingerprint);
  } catch (err) {
    const e = asNotFound(err);
    if (e instanceof ApiError && e.isNotFound) return null;
    throw e;
  }
}

/** Registers the group's password as a secret before it is ever sent. */
function guard(t: Sender, content: EndpointGroupContent): void {
  const pw = content.auth?.auth_password;
  if (pw) t.addSecret(pw);
}

/**
 * Creates an endpoint group with its endpoints; resolves to the new `gwgroupid`. Not retried
 * blindly (a POST). A 200 without an id is `API_SWALLOWED_ERROR`: read back either way.
 */
export async function createEndpointGroup(t: Sender, content: EndpointGroupContent): Promise<number> {
  guard(t, content);
  const env = await t.send('POST', ENDPOINT_GROUPS, { body: endpointGroupToWire(content) });
  return answeredId(env.data, { method: 'POST', path: ENDPOINT_GROUPS });
}

/**
 * Replaces an endpoint group's settings and its whole endpoint set: endpoint i keeps gateway
 * `gwids[i]` (and its id) when given, else a gateway is created; gateways not sent are deleted.
 * Retried after an ambiguous failure only when every endpoint names its gateway.
 */
export async function updateEndpointGroup(
  t: Sender,
  gwgroupid: number,
  content: EndpointGroupContent,
  gwids: readonly (number | undefined)[] = [],
): Promise<void> {
  guard(t, content);
  const at = path(gwgroupid);
  const idempotent = content.endpoints.every((_, i) => gwids[i] !== undefined);
  const env = await t.send('PUT', at, { body: endpointGroupToWire(content, gwids), idempotent });
  answeredId(env.data, { method: 'PUT', path: at });
}

/** Deletes an endpoint group and its endpoints (the platform answers 200 for an unknown id too: read back). */
export async function deleteEndpointGroup(t: Sender, gwgroupid: number): Promise<void> {
  try {
    await t.send('DELETE', path(gwgroupid), { goneIsDone: true });
  } catch (err) {
    throw asNotFound(err);
  }
}
