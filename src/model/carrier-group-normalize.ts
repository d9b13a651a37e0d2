import { dialHint } from './dial.js';
import type { CarrierAuth, CarrierEndpoint, CarrierGroupContent, UnreadableCarrierField } from './carrier-group.js';
import { answer, Checker, kindOf, type FieldPath, type Normalized, type RawEntry, type Spelling } from './normalize.js';
import { descriptionProblem, prefixProblem, sipHostProblem } from './rules.js';

/**
 * The one normaliser of a carrier group (the `carrier_groups` collection), for every front end, and
 * the host form both sides are compared in. Pure: no I/O.
 */

/** The port the platform puts in an endpoint's address when none is given. */
export const DEFAULT_SIP_PORT = 5060;

/** The defaults of a carrier group's optional fields (every front end fills them from here). */
export const CARRIER_GROUP_DEFAULTS = { lb_enabled: false, strip: 0, prefix: '', weight: 1 } as const;

/** The hints of the carrier-group rules. */
export const CARRIER_GROUP_HINTS = {
  name: 'name the carrier group with text, without ",": name: "Carrier A"',
  endpoints: 'list the gateways: endpoints: [{name: gw1, hostname: "gw1.example.com"}]',
  endpointName: 'name the endpoint with text, without ",": name: gw1',
  hostname: 'write a host name or address, with :port when it is not 5060: hostname: "gw1.example.com:5080"',
  strip: 'write how many leading digits to strip, a whole number from 0: strip: 1',
  weight: 'write a whole number from 0: weight: 2',
  lb: 'write true or false: lb_enabled: true',
  authType: 'write auth: none or auth: {type: userpwd, auth_username: ..., auth_password: ${CARRIER_PASSWORD}}',
  password: 'give the password from an environment variable: auth_password: ${CARRIER_PASSWORD}',
  text: 'write the value as text',
} as const;

const HOST_TEXT = /^[^\s,;"'<>@/]+$/;
const PORT = /^[0-9]{1,5}$/;

/**
 * An endpoint's address as the platform keeps it: `host:port`, with `:5060` added when no port is
 * given (`gw.example.com` and `gw.example.com:5060` are the same address). An IPv6 address is
 * bracketed (`[2001:db8::1]:5060`). Other text is returned as it is.
 */
export function hostWithPort(hostname: string): string {
  const host = hostname.trim();
  if (host.startsWith('[')) return /\]:[0-9]+$/.test(host) ? host : host.endsWith(']') ? `${host}:${DEFAULT_SIP_PORT}` : host;
  const colons = host.split(':').length - 1;
  if (colons === 0) return host === '' ? host : `${host}:${DEFAULT_SIP_PORT}`;
  if (colons === 1) return host;
  return `[${host}]:${DEFAULT_SIP_PORT}`;
}

/** Why a hostname is not one the platform can use, or null. */
export function hostnameProblem(hostname: string): string | null {
  if (hostname.trim() === '') return 'hostname must not be empty';
  if (!HOST_TEXT.test(hostname.trim()))
    return `hostname ${JSON.stringify(hostname)} is not a host name or address (with an optional :port)`;
  const normal = hostWithPort(hostname);
  const port = normal.slice(normal.lastIndexOf(':') + 1);
  if (!PORT.test(port) || Number(port) < 1 || Number(port) > 65535)
    return `hostname ${JSON.stringify(hostname)} has no valid port (1-65535)`;
  return sipHostProblem(normal.slice(0, normal.lastIndexOf(':')), port, hostname);
}

/** A whole number ≥ 0 at `field`, or the default; an issue when it is something else. */
function count(c: Checker, raw: RawEntry, key: string, field: FieldPath, fallback: number, hint: string): number {
  const value = raw[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    const shown = typeof value === 'number' ? String(value) : kindOf(value);
    c.add(field, `${fieldLabel(field)} must be a whole number from 0, not ${shown}`, hint, 'schema');
    return fallback;
  }
  return value;
}

/** A string at a nested `field` (`endpoints[0].name`); `undefined` when absent or of another type (with an issue). */
function text(c: Checker, raw: RawEntry, key: string, field: FieldPath, required: boolean, hint: string): string | undefined {
  const value = raw[key];
  const where = fieldLabel(field);
  if (value === undefined) {
    if (required) c.add(field, `${where} is required`, hint, 'required');
    return undefined;
  }
  if (typeof value === 'string') return value;
  c.add(field, `${where} must be a string, not ${kindOf(value)}`, hint, 'type');
  return undefined;
}

function fieldLabel(field: FieldPath): string {
  let out = '';
  for (const seg of field) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out;
}

function isRecord(value: unknown): value is RawEntry {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function endpointOf(c: Checker, raw: unknown, i: number): CarrierEndpoint | null {
  const at = (key: string): FieldPath => ['endpoints', i, key];
  if (!isRecord(raw)) {
    c.add(['endpoints', i], `endpoints[${i}] must be a mapping, not ${kindOf(raw)}`, CARRIER_GROUP_HINTS.endpoints, 'type');
    return null;
  }
  const name = text(c, raw, 'name', at('name'), true, CARRIER_GROUP_HINTS.endpointName);
  c.rule(at('name'), name, (v) => descriptionProblem(v, 'name'), CARRIER_GROUP_HINTS.endpointName);
  const hostname = text(c, raw, 'hostname', at('hostname'), true, CARRIER_GROUP_HINTS.hostname);
  c.rule(at('hostname'), hostname, hostnameProblem, CARRIER_GROUP_HINTS.hostname);
  const prefix = text(c, raw, 'prefix', at('prefix'), false, 'quote the prefix: prefix: "9"');
  c.rule(at('prefix'), prefix, (v) => prefixProblem(v), dialHint('prefix', 'prefix', '9'));
  const strip = count(c, raw, 'strip', at('strip'), CARRIER_GROUP_DEFAULTS.strip, CARRIER_GROUP_HINTS.strip);
  const weight = count(c, raw, 'weight', at('weight'), CARRIER_GROUP_DEFAULTS.weight, CARRIER_GROUP_HINTS.weight);
  if (name === undefined || hostname === undefined) return null;
  return { name, hostname: hostWithPort(hostname), strip, prefix: prefix ?? CARRIER_GROUP_DEFAULTS.prefix, weight };
}

const AUTH_TEXT = ['r_username', 'auth_username', 'auth_password', 'auth_domain', 'auth_proxy', 'password_env'] as const;

/** What `auth: none` (and `auth: {type: ip}` with nothing else) says: the group has no registration. */
export const AUTH_NONE = 'none';

function authOf(c: Checker, raw: unknown): CarrierAuth | undefined {
  if (raw === undefined || raw === null || raw === AUTH_NONE) return undefined;
  if (!isRecord(raw)) {
    c.add(['auth'], `auth must be a mapping or none, not ${kindOf(raw)}`, CARRIER_GROUP_HINTS.authType, 'type');
    return undefined;
  }
  const type = text(c, raw, 'type', ['auth', 'type'], true, CARRIER_GROUP_HINTS.authType);
  if (type !== undefined && type !== 'ip' && type !== 'userpwd') {
    c.add(
      ['auth', 'type'],
      `auth.type must be "ip" or "userpwd", not ${c.shown(['auth', 'type'], type)}`,
      CARRIER_GROUP_HINTS.authType,
      'schema',
    );
  }
  const out: Record<string, string> = {};
  for (const key of AUTH_TEXT) {
    const value = text(c, raw, key, ['auth', key], false, CARRIER_GROUP_HINTS.text);
    if (value !== undefined && value !== '') out[key] = value;
  }
  if (type === 'userpwd' && out.auth_password === undefined && out.password_env === undefined) {
    c.add(['auth', 'auth_password'], 'auth.auth_password is required when auth.type is "userpwd"', CARRIER_GROUP_HINTS.password, 'rule');
  }
  if (type !== 'ip' && type !== 'userpwd') return undefined;
  // Address authentication with nothing else is what a group without auth is.
  if (type === 'ip' && Object.keys(out).length === 0) return undefined;
  return { type, ...out };
}

/**
 * A carrier group: `name` required (text without ","); `endpoints` (default none), each with `name`
 * and `hostname` required, `strip` 0, `prefix` `""` and `weight` 1 by default, the hostname in the
 * platform's `host:port` form (`hostWithPort`); `lb_enabled` false; `auth` optional (`none`, `ip`,
 * or `userpwd` with a password). `auth: none` and an `auth: {type: ip}` with nothing else are no
 * auth. `lb_enabled` and `auth` left out (or `auth: null`) are listed in `unstated`: a create writes
 * their defaults, an update must not (the platform never shows what it holds).
 */
export function normalizeCarrierGroup(raw: RawEntry, spell?: Spelling): Normalized<CarrierGroupContent> {
  const c = new Checker(raw, spell);
  const name = c.string('name', true);
  if (name === '') c.add(['name'], 'name must not be empty', CARRIER_GROUP_HINTS.name, 'rule');
  else c.rule(['name'], name, (v) => descriptionProblem(v, 'name'), CARRIER_GROUP_HINTS.name);
  const lb = raw.lb_enabled;
  if (lb !== undefined && typeof lb !== 'boolean')
    c.add(['lb_enabled'], `lb_enabled must be true or false, not ${kindOf(lb)}`, CARRIER_GROUP_HINTS.lb, 'type');
  const list = raw.endpoints;
  const endpoints: CarrierEndpoint[] = [];
  if (list !== undefined && !Array.isArray(list))
    c.add(['endpoints'], `endpoints must be a list, not ${kindOf(list)}`, CARRIER_GROUP_HINTS.endpoints, 'type');
  else if (Array.isArray(list)) {
    list.forEach((item: unknown, i) => {
      const endpoint = endpointOf(c, item, i);
      if (endpoint) endpoints.push(endpoint);
    });
  }
  const auth = authOf(c, raw.auth);
  const unstated: UnreadableCarrierField[] = [];
  if (lb === undefined) unstated.push('lb_enabled');
  if (raw.auth === undefined || raw.auth === null) unstated.push('auth');
  return answer(c, () => ({
    name: name as string,
    lb_enabled: typeof lb === 'boolean' ? lb : CARRIER_GROUP_DEFAULTS.lb_enabled,
    endpoints,
    ...(auth ? { auth } : {}),
    ...(unstated.length > 0 ? { unstated } : {}),
  }));
}
