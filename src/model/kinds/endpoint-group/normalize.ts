import { hostnameProblem, hostWithPort } from '../../carrier-group-normalize.js';
import type {
  EndpointGroupAuth,
  EndpointGroupCdr,
  EndpointGroupContent,
  EndpointGroupNotifications,
  GroupEndpoint,
} from '../../endpoint-group.js';
import { dialHint } from '../../dial.js';
import { answer, Checker, kindOf, type FieldPath, type Normalized, type RawEntry, type Spelling } from '../../normalize.js';
import { descriptionProblem, prefixProblem } from '../../rules.js';

/** The hints of the endpoint-group rules. */
export const ENDPOINT_GROUP_HINTS = {
  name: 'name the endpoint group with text, without ",": name: "Acme PBX"',
  endpoints: 'list the endpoints: endpoints: [{name: pbx1, hostname: "203.0.113.10"}]',
  endpointName: 'name the endpoint with text, without ",": name: pbx1',
  hostname: 'write an IPv4 address or a host name, with :port when it is not 5060: hostname: "203.0.113.10:5080"',
  count: 'write a whole number from 0: strip: 1',
  callLimit: 'write a whole number from 0, or leave call_limit out for no limit: call_limit: 30',
  prefix: dialHint('prefix', 'prefix', '9'),
  auth: 'write auth: none, auth: {type: ip} or auth: {type: userpwd, auth_username: ..., auth_password: ${PBX_PASSWORD}, auth_domain: ...}',
  password: 'give the password from an environment variable: auth_password: ${PBX_PASSWORD}',
  text: 'write the value as text',
  cdr: 'give both: cdr: {email: billing@example.com, send_interval: "0 0 * * *"}',
} as const;

/**
 * Why the platform cannot keep an endpoint at this address, beyond what it refuses for a carrier's:
 * an IPv6 address is stored, but every later read of the group fails (its GET reads the port as
 * `int(address.split(':')[1])`), so the group could never be read, planned or deleted by reading.
 */
function ipv6Problem(hostname: string): string | null {
  if (!hostWithPort(hostname).startsWith('[')) return null;
  const part = hostname.replace(/^\[/, '').split(':')[1] ?? '';
  return `hostname ${JSON.stringify(hostname)} is an IPv6 address: the platform stores it, but every later read of the group fails with 500 "invalid literal for int() with base 10: '${part}'"`;
}

const label = (field: FieldPath): string =>
  field.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out === '' ? seg : `${out}.${seg}`), '');
const isRecord = (v: unknown): v is RawEntry => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A string at `field` of `raw[key]`; an issue when required and absent or of another type. */
function text(c: Checker, raw: RawEntry, key: string, field: FieldPath, required: boolean, hint: string): string | undefined {
  const value = raw[key];
  if (value === undefined || value === null) {
    if (required) c.add(field, `${label(field)} is required`, hint, 'required');
    return undefined;
  }
  if (typeof value === 'string') return value;
  c.add(field, `${label(field)} must be a string, not ${kindOf(value)}`, hint, 'type');
  return undefined;
}

/** A whole number ≥ 0 at `field`, or `fallback` when absent. */
function count<T>(c: Checker, value: unknown, field: FieldPath, fallback: T, hint: string): number | T {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const shown = typeof value === 'number' ? String(value) : kindOf(value);
  c.add(field, `${label(field)} must be a whole number from 0, not ${shown}`, hint, 'schema');
  return fallback;
}

function endpointOf(c: Checker, raw: unknown, i: number): GroupEndpoint | null {
  const at = (key: string): FieldPath => ['endpoints', i, key];
  if (!isRecord(raw)) {
    c.add(['endpoints', i], `endpoints[${i}] must be a mapping, not ${kindOf(raw)}`, ENDPOINT_GROUP_HINTS.endpoints, 'type');
    return null;
  }
  const name = text(c, raw, 'name', at('name'), true, ENDPOINT_GROUP_HINTS.endpointName);
  c.rule(at('name'), name, (v) => descriptionProblem(v, 'name'), ENDPOINT_GROUP_HINTS.endpointName);
  const hostname = text(c, raw, 'hostname', at('hostname'), true, ENDPOINT_GROUP_HINTS.hostname);
  const hostOk = c.rule(at('hostname'), hostname, ipv6Problem, ENDPOINT_GROUP_HINTS.hostname);
  if (hostOk) c.rule(at('hostname'), hostname, hostnameProblem, ENDPOINT_GROUP_HINTS.hostname);
  const weight = count(c, raw.weight, at('weight'), 1, 'write a whole number from 0: weight: 2');
  if (name === undefined || hostname === undefined) return null;
  return { name, hostname: hostWithPort(hostname), weight };
}

const AUTH_NONE = 'none';

function authOf(c: Checker, raw: unknown): EndpointGroupAuth | undefined {
  if (raw === undefined || raw === null || raw === AUTH_NONE) return undefined;
  if (!isRecord(raw)) {
    c.add(['auth'], `auth must be a mapping or none, not ${kindOf(raw)}`, ENDPOINT_GROUP_HINTS.auth, 'type');
    return undefined;
  }
  const type = text(c, raw, 'type', ['auth', 'type'], true, ENDPOINT_GROUP_HINTS.auth);
  if (type === undefined || type === 'none' || type === 'ip') return undefined;
  if (type !== 'userpwd') {
    c.add(
      ['auth', 'type'],
      `auth.type must be "none", "ip" or "userpwd", not ${c.shown(['auth', 'type'], type)}`,
      ENDPOINT_GROUP_HINTS.auth,
      'schema',
    );
    return undefined;
  }
  const user = text(c, raw, 'auth_username', ['auth', 'auth_username'], true, ENDPOINT_GROUP_HINTS.auth);
  const domain = text(c, raw, 'auth_domain', ['auth', 'auth_domain'], true, ENDPOINT_GROUP_HINTS.auth);
  const password = text(c, raw, 'auth_password', ['auth', 'auth_password'], false, ENDPOINT_GROUP_HINTS.password);
  const env = text(c, raw, 'password_env', ['auth', 'password_env'], false, ENDPOINT_GROUP_HINTS.password);
  if (password === undefined && env === undefined)
    c.add(['auth', 'auth_password'], 'auth.auth_password is required when auth.type is "userpwd"', ENDPOINT_GROUP_HINTS.password, 'rule');
  if (user === undefined || domain === undefined) return undefined;
  return {
    type: 'userpwd',
    auth_username: user,
    auth_domain: domain,
    ...(password !== undefined && password !== '' ? { auth_password: password } : {}),
    ...(env !== undefined ? { password_env: env } : {}),
  };
}

function notificationsOf(c: Checker, raw: unknown): EndpointGroupNotifications {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) {
    c.add(
      ['notifications'],
      `notifications must be a mapping, not ${kindOf(raw)}`,
      'notifications: {over_max_call_limit: noc@example.com}',
      'type',
    );
    return {};
  }
  const out: Record<string, string> = {};
  for (const key of ['over_max_call_limit', 'endpoint_failure'] as const) {
    const v = text(c, raw, key, ['notifications', key], false, ENDPOINT_GROUP_HINTS.text);
    if (v !== undefined && v !== '') out[key] = v;
  }
  return out;
}

function cdrOf(c: Checker, raw: unknown): EndpointGroupCdr | null {
  if (raw === undefined || raw === null) return null;
  if (!isRecord(raw)) {
    c.add(['cdr'], `cdr must be a mapping, not ${kindOf(raw)}`, ENDPOINT_GROUP_HINTS.cdr, 'type');
    return null;
  }
  const email = text(c, raw, 'email', ['cdr', 'email'], true, ENDPOINT_GROUP_HINTS.cdr);
  const interval = text(c, raw, 'send_interval', ['cdr', 'send_interval'], true, ENDPOINT_GROUP_HINTS.cdr);
  return email === undefined || interval === undefined || email === '' || interval === '' ? null : { email, send_interval: interval };
}

/**
 * An endpoint group: `name` required (text without ","); `call_limit` (none), `strip` 0 and
 * `prefix` `""` by default; `endpoints` (default none), each with `name` and `hostname` required
 * (IPv4 or a host name: an IPv6 address is refused, the platform cannot read such a group back),
 * `weight` 1; `auth` none, ip, or userpwd with username, domain and password; `notifications` and
 * `cdr` optional. Pure.
 */
export function normalizeEndpointGroup(raw: RawEntry, spell?: Spelling): Normalized<EndpointGroupContent> {
  const c = new Checker(raw, spell);
  const name = c.string('name', true);
  if (name === '') c.add(['name'], 'name must not be empty', ENDPOINT_GROUP_HINTS.name, 'rule');
  else c.rule(['name'], name, (v) => descriptionProblem(v, 'name'), ENDPOINT_GROUP_HINTS.name);
  const callLimit = count(c, raw.call_limit, ['call_limit'], null, ENDPOINT_GROUP_HINTS.callLimit);
  const strip = count(c, raw.strip, ['strip'], 0, ENDPOINT_GROUP_HINTS.count);
  const prefix = text(c, raw, 'prefix', ['prefix'], false, ENDPOINT_GROUP_HINTS.prefix);
  c.rule(['prefix'], prefix, (v) => prefixProblem(v), ENDPOINT_GROUP_HINTS.prefix);
  const endpoints: GroupEndpoint[] = [];
  if (raw.endpoints !== undefined && raw.endpoints !== null && !Array.isArray(raw.endpoints))
    c.add(['endpoints'], `endpoints must be a list, not ${kindOf(raw.endpoints)}`, ENDPOINT_GROUP_HINTS.endpoints, 'type');
  else if (Array.isArray(raw.endpoints))
    raw.endpoints.forEach((item: unknown, i) => {
      const e = endpointOf(c, item, i);
      if (e) endpoints.push(e);
    });
  const auth = authOf(c, raw.auth);
  const notifications = notificationsOf(c, raw.notifications);
  const cdr = cdrOf(c, raw.cdr);
  return answer(c, () => ({
    name: name as string,
    call_limit: callLimit,
    strip,
    prefix: prefix ?? '',
    endpoints,
    ...(auth ? { auth } : {}),
    notifications,
    cdr,
  }));
}
