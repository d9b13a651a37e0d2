import type { CarrierEndpoint, CarrierGroupContent } from '../../carrier-group.js';
import { hostWithPort } from '../../carrier-group-normalize.js';
import type { CarrierAuthFields, CarrierGroupFields } from '../../plan.js';
import { changedBy, type FieldReaders } from '../compare.js';

/**
 * Both sides of a carrier-group comparison reduced to the same plain fields: hostnames in the
 * platform's `host:port` form, endpoints in name order (the platform lists its gateways in its own
 * order, which says nothing), auth without the password (the platform never gives it back).
 */

function byName(a: CarrierEndpoint, b: CarrierEndpoint): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.hostname < b.hostname ? -1 : a.hostname > b.hostname ? 1 : 0;
}

/** The comparable endpoints of a group, live or desired: `host:port`, sorted by name. */
export function comparableEndpoints(endpoints: readonly CarrierEndpoint[]): CarrierEndpoint[] {
  return endpoints
    .map((e) => ({ name: e.name, hostname: hostWithPort(e.hostname), strip: e.strip, prefix: e.prefix, weight: e.weight }))
    .sort(byName);
}

/**
 * The auth of a group as a plan holds it: no password, ever; `null` when the group has none. A
 * password from a variable not set here is marked `password_state: 'unset'`: the apply reads it.
 */
export function authFields(group: CarrierGroupContent): CarrierAuthFields | null {
  if (!group.auth) return null;
  const { auth_password: secret, ...rest } = group.auth;
  return rest.password_env !== undefined && secret === undefined ? { ...rest, password_state: 'unset' } : rest;
}

/** The comparable fields of a carrier group, live or desired. */
export function carrierGroupFields(group: CarrierGroupContent): CarrierGroupFields {
  return { name: group.name, lb_enabled: group.lb_enabled, endpoints: comparableEndpoints(group.endpoints), auth: authFields(group) };
}

/** Auth as compared: what the platform can report (where the password comes from is the files' own business). */
function comparableAuth(auth: CarrierAuthFields | null): string {
  if (auth === null) return 'null';
  const { password_env: _name, password_origin: _at, password_state: _state, ...rest } = auth;
  return JSON.stringify(
    Object.keys(rest)
      .sort()
      .map((k) => [k, rest[k as keyof typeof rest]]),
  );
}

/**
 * A carrier group's compared fields, stated once, read from its comparable fields: the list plans
 * show them in and what counts as a change come from here. The password is never compared (the
 * platform cannot return it).
 */
export const CARRIER_GROUP_READERS = {
  name: (g: CarrierGroupFields) => g.name,
  lb_enabled: (g: CarrierGroupFields) => g.lb_enabled,
  endpoints: (g: CarrierGroupFields) => g.endpoints,
  auth: (g: CarrierGroupFields) => comparableAuth(g.auth),
} satisfies FieldReaders<CarrierGroupFields>;

/**
 * The names of the fields whose values differ between a live group and a desired one, in their
 * order. Not the fields the live read could not know (`unreadable`: the platform's API shows
 * neither lb_enabled nor auth), which would otherwise show a change on every plan.
 */
export function changedCarrierGroupFields(
  live: CarrierGroupFields,
  desired: CarrierGroupFields,
  unreadable: readonly string[] = [],
): string[] {
  return changedBy(CARRIER_GROUP_READERS, live, desired).filter((f) => !unreadable.includes(f));
}

/**
 * The environment variable a carrier group's registration password is suggested to come from:
 * the name upper-cased, each run of other characters than A-Z and 0-9 as `_`, then `_PASSWORD`
 * (`BW` → `BW_PASSWORD`, `Carrier A` → `CARRIER_A_PASSWORD`); `CARRIER_` in front when that would
 * start with a digit or be empty (a variable name cannot).
 */
export function passwordVariableFor(name: string): string {
  const word = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return word === '' ? 'CARRIER_GROUP_PASSWORD' : /^[0-9]/.test(word) ? `CARRIER_${word}_PASSWORD` : `${word}_PASSWORD`;
}
