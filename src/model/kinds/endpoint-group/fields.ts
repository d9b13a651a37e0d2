import { hostWithPort } from '../../carrier-group-normalize.js';
import type { EndpointGroupAuth, EndpointGroupContent, GroupEndpoint } from '../../endpoint-group.js';
import type { PasswordState } from '../../plan.js';
import { changedBy, type FieldReaders } from '../compare.js';

/** An endpoint group's registration as a plan holds it: where the password comes from, never the password. */
export type EndpointGroupAuthFields = Omit<EndpointGroupAuth, 'auth_password' | 'password_fingerprint'> & {
  readonly password_state?: PasswordState;
};

/** The comparable fields of an endpoint group, live or desired. The password is never among them. */
export interface EndpointGroupFields {
  readonly name: string;
  readonly call_limit: number | null;
  readonly strip: number;
  readonly prefix: string;
  readonly endpoints: readonly GroupEndpoint[];
  readonly auth: EndpointGroupAuthFields | null;
  readonly notifications: EndpointGroupContent['notifications'];
  readonly cdr: EndpointGroupContent['cdr'];
}

function byName(a: GroupEndpoint, b: GroupEndpoint): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.hostname < b.hostname ? -1 : a.hostname > b.hostname ? 1 : 0;
}

/** The comparable endpoints: `host:port`, sorted by name (the platform's order says nothing). */
export function comparableGroupEndpoints(endpoints: readonly GroupEndpoint[]): GroupEndpoint[] {
  return endpoints.map((e) => ({ name: e.name, hostname: hostWithPort(e.hostname), weight: e.weight })).sort(byName);
}

/** The auth as a plan holds it: no password and no fingerprint; `unset` when its variable is not set here. */
function authFields(auth: EndpointGroupAuth | undefined): EndpointGroupAuthFields | null {
  if (!auth) return null;
  const { auth_password: secret, password_fingerprint: _print, ...rest } = auth;
  return rest.password_env !== undefined && secret === undefined ? { ...rest, password_state: 'unset' } : rest;
}

/** The comparable fields of an endpoint group, live or desired. */
export function endpointGroupFields(group: EndpointGroupContent): EndpointGroupFields {
  return {
    name: group.name,
    call_limit: group.call_limit,
    strip: group.strip,
    prefix: group.prefix,
    endpoints: comparableGroupEndpoints(group.endpoints),
    auth: authFields(group.auth),
    notifications: group.notifications,
    cdr: group.cdr,
  };
}

/** Auth as compared: what the platform holds (where the password comes from is the files' business). */
function comparableAuth(auth: EndpointGroupAuthFields | null): string {
  if (auth === null) return 'null';
  return JSON.stringify([auth.type, auth.auth_username, auth.auth_domain, auth.password_state === 'changes']);
}

/** The notifications as compared: in a fixed key order. */
function comparableNotifications(n: EndpointGroupFields['notifications']): string {
  return JSON.stringify([n.over_max_call_limit ?? null, n.endpoint_failure ?? null]);
}

/**
 * An endpoint group's compared fields, stated once: the list plans show them in and what counts as
 * a change come from here. A password counts only as `password_state: 'changes'` (the differ sets
 * it when the one declared is not the one the platform holds), never as a value.
 */
export const ENDPOINT_GROUP_READERS = {
  name: (g: EndpointGroupFields) => g.name,
  call_limit: (g: EndpointGroupFields) => g.call_limit,
  strip: (g: EndpointGroupFields) => g.strip,
  prefix: (g: EndpointGroupFields) => g.prefix,
  endpoints: (g: EndpointGroupFields) => g.endpoints,
  auth: (g: EndpointGroupFields) => comparableAuth(g.auth),
  notifications: (g: EndpointGroupFields) => comparableNotifications(g.notifications),
  cdr: (g: EndpointGroupFields) => (g.cdr === null ? null : [g.cdr.email, g.cdr.send_interval]),
} satisfies FieldReaders<EndpointGroupFields>;

/**
 * The fields whose values differ, in their order. A live group without endpoints shows no strip
 * or prefix (the platform keeps them on its endpoints), so those are not compared then.
 */
export function changedEndpointGroupFields(live: EndpointGroupFields, desired: EndpointGroupFields): string[] {
  const blind = live.endpoints.length === 0 ? ['strip', 'prefix'] : [];
  return changedBy(ENDPOINT_GROUP_READERS, live, desired).filter((f) => !blind.includes(f));
}

/**
 * The environment variable an endpoint group's password is suggested to come from: the name
 * upper-cased, other characters as `_`, then `_PASSWORD` (`Acme PBX` → `ACME_PBX_PASSWORD`);
 * `PBX_` in front when that would start with a digit or be empty.
 */
export function endpointGroupPasswordVariable(name: string): string {
  const word = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return word === '' ? 'PBX_PASSWORD' : /^[0-9]/.test(word) ? `PBX_${word}_PASSWORD` : `${word}_PASSWORD`;
}
