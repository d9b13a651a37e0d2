import { FLT_OUTBOUND } from '../model/constants.js';
import type { InboundMapping, InboundMappingPatch } from '../model/inbound-mapping.js';
import type { Lease } from '../model/lease.js';
import { parseTtl } from '../model/lease.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { bareGwgroupid } from '../model/rules.js';
import { STAT_KEYS, type ProxyStats } from '../model/stats.js';
import type { CarrierAuth, CarrierGroup, CarrierGroupContent } from '../model/carrier-group.js';
import type { GatewayGroup, GatewayLabel, GroupType } from '../model/group.js';
import { ApiError, type ApiRequestInfo } from './errors.js';

/**
 * Wire ↔ model mapping, the only place that knows the platform's record shapes and their variants
 * (ruleid as `"2"` or `2`, the inbound note as `notes` or `name`, `from_prefix` `null` or `""`).
 */

type Rec = Record<string, unknown>;

/** The error of an answer whose record is not the shape the platform answers. */
export function bad(req: ApiRequestInfo, what: string): ApiError {
  return new ApiError(
    'API_UNEXPECTED_RESPONSE',
    `unexpected record: ${what}`,
    req,
    'The platform answered a shape dsipform does not know; please report it with the platform release.',
  );
}

/** A record of an answer as an object, or the error that it is not one. */
export function record(value: unknown, req: ApiRequestInfo): Rec {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad(req, 'not an object');
  return value as Rec;
}

/** An integer sent as a number or as a string of digits. */
export function intField(rec: Rec, key: string, req: ApiRequestInfo): number {
  const v = rec[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) throw bad(req, `${key} is ${JSON.stringify(v)}, not an integer`);
  return n;
}

function strField(rec: Rec, key: string, fallback = ''): string {
  const v = rec[key];
  if (v === undefined || v === null) return fallback;
  return typeof v === 'string' ? v : String(v);
}

/** An inbound mapping record → model. */
export function mappingFromWire(value: unknown, req: ApiRequestInfo): InboundMapping {
  const rec = record(value, req);
  const servers = rec.servers;
  if (!Array.isArray(servers)) throw bad(req, 'servers is not a list');
  return {
    ruleid: intField(rec, 'ruleid', req),
    did: strField(rec, 'did'),
    servers: servers.map((s) => String(s)),
    notes: strField(rec, 'notes', strField(rec, 'name')),
  };
}

/** Model patch → inbound body: only the fields given; the note under the profile's key. */
export function mappingToWire(patch: InboundMappingPatch, noteKey: 'notes' | 'name' = 'notes'): Rec {
  const body: Rec = {};
  if (patch.did !== undefined) body.did = patch.did;
  if (patch.servers !== undefined) body.servers = [...patch.servers];
  if (patch.notes !== undefined) body[noteKey] = patch.notes;
  return body;
}

/** An outbound route record → model. */
export function routeFromWire(value: unknown, req: ApiRequestInfo): OutboundRoute {
  const rec = record(value, req);
  const from = rec.from_prefix;
  return {
    ruleid: intField(rec, 'ruleid', req),
    groupid: rec.groupid === undefined || rec.groupid === null ? FLT_OUTBOUND : intField(rec, 'groupid', req),
    name: strField(rec, 'name'),
    prefix: strField(rec, 'prefix'),
    from_prefix: typeof from === 'string' && from !== '' ? from : null,
    gwgroupid: bareGwgroupid(strField(rec, 'gwgroupid')),
    priority: rec.priority === undefined || rec.priority === null || rec.priority === '' ? 0 : intField(rec, 'priority', req),
    timerec: strField(rec, 'timerec'),
    routeid: strField(rec, 'routeid'),
  };
}

/** A lease record → model; ttl may come back as seconds or as the raw string sent. */
export function leaseFromWire(value: unknown, req: ApiRequestInfo, sentTtl: number): Lease {
  const rec = record(value, req);
  const ttl = parseTtl(rec.ttl);
  return {
    leaseid: intField(rec, 'leaseid', req),
    username: strField(rec, 'username'),
    password: strField(rec, 'password'),
    domain: strField(rec, 'domain'),
    ttl: ttl !== null && ttl > 0 ? ttl : sentTtl,
  };
}

/** The stats record → the 15 counters (missing counters read as 0). */
export function statsFromWire(value: unknown, req: ApiRequestInfo): ProxyStats {
  const rec = record(value, req);
  const out: Record<string, number> = {};
  for (const key of STAT_KEYS) out[key] = rec[key] === undefined ? 0 : intField(rec, key, req);
  return out as ProxyStats;
}

/** The one record an answer must carry. */
export function firstRecord(data: readonly unknown[], req: ApiRequestInfo): unknown {
  if (data.length === 0) throw bad(req, 'the answer holds no record');
  return data[0];
}

/** A `gwlist` (`"1,2"`, `""`) → its gateway ids, in order. */
function gwlistIds(value: unknown): string[] {
  return String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A `GET /carriergroups` or `GET /endpointgroups` record → model. */
export function groupFromWire(value: unknown, req: ApiRequestInfo, type: GroupType): GatewayGroup {
  const rec = record(value, req);
  return { gwgroupid: intField(rec, 'gwgroupid', req), name: strField(rec, 'name'), type, gwids: gwlistIds(rec.gwlist) };
}

/**
 * A carrier group's content → the body of `POST`/`PUT /carriergroups`. The platform reads every
 * endpoint field with `len()`, so each is sent as a string (a number there is an error it
 * swallows); `gwids[i]`, when given, makes endpoint i update that gateway instead of creating one.
 */
export function carrierGroupToWire(content: CarrierGroupContent, gwgroupid: number | '', gwids: readonly (number | undefined)[] = []): Rec {
  const body: Rec = {
    name: content.name,
    gwgroupid: String(gwgroupid),
    lb_enabled: content.lb_enabled ? 1 : 0,
    endpoints: content.endpoints.map((e, i) => ({
      ...(gwids[i] !== undefined ? { gwid: String(gwids[i]) } : {}),
      name: e.name,
      hostname: e.hostname,
      strip: String(e.strip),
      prefix: e.prefix,
      rweight: String(e.weight),
    })),
  };
  if (content.auth) body.auth = authToWire(content.auth);
  return body;
}

/** The registration keys the platform reads; where the password comes from is the files' business, not the platform's. */
const WIRE_AUTH_KEYS = ['type', 'r_username', 'auth_username', 'auth_password', 'auth_domain', 'auth_proxy'] as const;

function authToWire(auth: CarrierAuth): Rec {
  const out: Rec = {};
  for (const key of WIRE_AUTH_KEYS) if (auth[key] !== undefined) out[key] = auth[key];
  return out;
}

/** The platform's default SIP port, which it writes into an address given without one. */
const DEFAULT_PORT = ':5060';

/**
 * `GET /carriergroups/<id>` (name, gwlist, endpoints) plus the weights `GET /endpointgroups/<id>`
 * shows (by gwid) → model. The platform's API shows neither `lb_enabled` nor the registration
 * auth of a carrier group: they are listed in `unreadable` and hold placeholders. A weight is read
 * as the platform shows it, which is 0 after an endpoint's address changed (the platform keeps the
 * dispatcher row at the old address).
 */
export function carrierGroupFromWire(value: unknown, weights: ReadonlyMap<number, number>, req: ApiRequestInfo): CarrierGroup {
  const rec = record(value, req);
  const endpoints = rec.endpoints;
  if (!Array.isArray(endpoints)) throw bad(req, 'endpoints is not a list');
  const eps = endpoints.map((v) => record(v, req));
  const gwids = eps.map((e) => intField(e, 'gwid', req));
  return {
    gwgroupid: intField(rec, 'gwgroupid', req),
    name: strField(rec, 'name'),
    lb_enabled: false,
    endpoints: eps.map((e, i) => {
      const host = strField(e, 'hostname');
      return {
        name: strField(e, 'name'),
        // The platform stores `host:5060` for a host given without a port: the model omits it.
        hostname: host.endsWith(DEFAULT_PORT) ? host.slice(0, -DEFAULT_PORT.length) : host,
        strip: e.strip === undefined || e.strip === null || e.strip === '' ? 0 : intField(e, 'strip', req),
        prefix: strField(e, 'prefix'),
        // The platform finds a weight by `host:port`: for an address stored without a port (the
        // fresh install's gateways) it shows 0 whatever the weight is, so that one reads as the default 1.
        weight: /^(\[[^\]]*\]|[^:]*):\d+$/.test(host) ? (weights.get(gwids[i] ?? -1) ?? 1) : 1,
      };
    }),
    gwids,
    unreadable: ['lb_enabled', 'auth'],
  };
}

/** `GET /endpointgroups/<id>` → each endpoint's `rweight` by gwid (an endpoint without one is left out). */
export function weightsFromWire(value: unknown, req: ApiRequestInfo): Map<number, number> {
  const rec = record(value, req);
  const out = new Map<number, number>();
  if (!Array.isArray(rec.endpoints)) return out;
  for (const v of rec.endpoints) {
    const e = record(v, req);
    if (e.rweight !== undefined && e.rweight !== null && e.rweight !== '') out.set(intField(e, 'gwid', req), intField(e, 'rweight', req));
  }
  return out;
}

/**
 * `GET /endpointgroups/<id>` (any group, carrier or endpoint) → the name and address of each of its
 * gateways: `description` and `host`, with `:port` when one is shown. Nothing else of the answer
 * is kept (it also holds the group's registration password).
 */
export function gatewayLabelsFromWire(value: unknown, req: ApiRequestInfo): GatewayLabel[] {
  const rec = record(value, req);
  if (!Array.isArray(rec.endpoints)) return [];
  return rec.endpoints.map((v) => {
    const e = record(v, req);
    const host = strField(e, 'host');
    const port = e.port === undefined || e.port === null ? '' : String(e.port);
    return { gwid: intField(e, 'gwid', req), name: strField(e, 'description'), address: port === '' ? host : `${host}:${port}` };
  });
}
