import type { EndpointGroup, EndpointGroupAuth, EndpointGroupContent } from '../../endpoint-group.js';
import { wireText, wireUnset, type WireReader, type WireRecord } from '../../wire-reader.js';

/** `host:port` → [host, port]; the loader refuses IPv6, so the last `:` splits them. */
function hostAndPort(hostname: string): [string, number] {
  const at = hostname.lastIndexOf(':');
  return at < 0 ? [hostname, 5060] : [hostname.slice(0, at), Number(hostname.slice(at + 1))];
}

/**
 * An endpoint group's content → the body of `POST /endpointgroups` or `PUT /endpointgroups/<id>`,
 * every setting sent each time: the platform's update replaces the endpoint set wholesale, reads
 * `call_settings.limit` and `timeout` unconditionally, writes a name left out as `""`, and removes
 * notifications and a CDR report not sent. `gwids[i]`, when given, is sent as a JSON number (the
 * platform matches only a number to a gateway: a string makes a new gateway), so endpoint i keeps
 * that gateway and its id. The password is in the body: the caller registers it as a secret first.
 */
export function endpointGroupToWire(content: EndpointGroupContent, gwids: readonly (number | undefined)[] = []): WireRecord {
  const auth = content.auth;
  return {
    name: content.name,
    call_settings: { limit: content.call_limit, timeout: null },
    auth: auth ? { type: 'userpwd', user: auth.auth_username, pass: auth.auth_password ?? '', domain: auth.auth_domain } : { type: 'ip' },
    strip: content.strip,
    prefix: content.prefix,
    notifications: {
      overmaxcalllimit: content.notifications.over_max_call_limit ?? null,
      endpointfailure: content.notifications.endpoint_failure ?? null,
    },
    cdr: { cdr_email: content.cdr?.email ?? '', cdr_send_interval: content.cdr?.send_interval ?? '' },
    endpoints: content.endpoints.map((e, i) => {
      const [host, port] = hostAndPort(e.hostname);
      return { ...(gwids[i] !== undefined ? { gwid: gwids[i] } : {}), host, port, description: e.name, rweight: e.weight };
    }),
  };
}

/**
 * What the client's transport puts in place of a known secret in an answer (api/secrets.ts): a
 * password shown so is one this run already knows, most often the one the files declare.
 */
const REDACTED = '(sensitive)';

/** The fingerprint of a password that came back as one this run already knows (redacted in transit). */
export const KNOWN_SECRET = 'known';

/** The registration of a group's record; its password kept only as a fingerprint. */
function authFromWire(rec: WireRecord, fingerprint: (secret: string) => string): EndpointGroupAuth | undefined {
  const auth = rec.auth;
  if (auth === null || typeof auth !== 'object' || Array.isArray(auth)) return undefined;
  const a = auth as WireRecord;
  if (a.type !== 'userpwd') return undefined;
  return {
    type: 'userpwd',
    auth_username: wireText(a, 'user'),
    auth_domain: wireText(a, 'domain'),
    password_fingerprint: wireText(a, 'pass') === REDACTED ? KNOWN_SECRET : fingerprint(wireText(a, 'pass')),
  };
}

function part(rec: WireRecord, key: string): WireRecord {
  const v = rec[key];
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as WireRecord) : {};
}

/** The password a group's record shows in plain text (for the caller to register as a secret), or undefined. */
export function endpointGroupPasswordOnWire(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const pass = part(value as WireRecord, 'auth').pass;
  return typeof pass === 'string' && pass !== '' && pass !== REDACTED ? pass : undefined;
}

/**
 * `GET /endpointgroups/<id>` → model. The password the platform shows is kept only as its
 * `fingerprint` (made by the caller, api/secret-fingerprint.ts); strip and prefix are the group's (the platform writes them into every endpoint, and
 * shows none when it has no endpoint); `fusionpbx` says whether FusionPBX is enabled on it.
 */
export function endpointGroupFromWire(value: unknown, read: WireReader, fingerprint: (secret: string) => string): EndpointGroup {
  const rec = read.record(value);
  if (!Array.isArray(rec.endpoints)) throw read.fail('endpoints is not a list');
  const eps = rec.endpoints.map((v) => read.record(v));
  const limit = part(rec, 'call_settings').limit;
  const notes = part(rec, 'notifications');
  const cdr = part(rec, 'cdr');
  const auth = authFromWire(rec, fingerprint);
  return {
    gwgroupid: read.int(rec, 'gwgroupid'),
    name: wireText(rec, 'name'),
    call_limit: typeof limit === 'number' ? limit : typeof limit === 'string' && /^[0-9]+$/.test(limit) ? Number(limit) : null,
    strip: wireUnset(rec, 'strip') ? 0 : read.int(rec, 'strip'),
    prefix: wireText(rec, 'prefix'),
    endpoints: eps.map((e) => ({
      name: wireText(e, 'description'),
      hostname: `${wireText(e, 'host')}:${wireUnset(e, 'port') ? 5060 : read.int(e, 'port')}`,
      weight: wireUnset(e, 'rweight') ? 1 : read.int(e, 'rweight'),
    })),
    gwids: eps.map((e) => read.int(e, 'gwid')),
    ...(auth ? { auth } : {}),
    notifications: {
      ...(wireUnset(notes, 'overmaxcalllimit') ? {} : { over_max_call_limit: wireText(notes, 'overmaxcalllimit') }),
      ...(wireUnset(notes, 'endpointfailure') ? {} : { endpoint_failure: wireText(notes, 'endpointfailure') }),
    },
    cdr: wireUnset(cdr, 'cdr_email') ? null : { email: wireText(cdr, 'cdr_email'), send_interval: wireText(cdr, 'cdr_send_interval') },
    fusionpbx: Object.keys(part(rec, 'fusionpbx')).length > 0,
  };
}
