import type { InboundMapping } from '../model/inbound-mapping.js';
import { leaseFromWire as leaseRecord } from '../model/kinds/endpoint-lease/wire.js';
import { mappingFromWire as mappingRecord } from '../model/kinds/inbound-mapping/wire.js';
import { routeFromWire as routeRecord } from '../model/kinds/outbound-route/wire.js';
import type { Lease } from '../model/lease.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { STAT_KEYS, type ProxyStats } from '../model/stats.js';
import type { GatewayGroup, GatewayLabel, GroupType } from '../model/group.js';
import { wireText, type WireReader } from '../model/wire-reader.js';
import { ApiError, type ApiRequestInfo } from './errors.js';

/**
 * Wire → model for what no kind's module holds (groups as lists, gateway labels, stats), and the
 * binding of a kind module's wire mapping (src/model/kinds/<kind>/wire.ts, which knows each kind's
 * record shape and its variants) to the request it came from: a bad record is an `ApiError`.
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

/** The reader a kind's module reads an answer of `req` with: a bad record is `API_UNEXPECTED_RESPONSE` naming the request. */
export function readerFor(req: ApiRequestInfo): WireReader {
  return { record: (value) => record(value, req), int: (rec, key) => intField(rec, key, req), fail: (what) => bad(req, what) };
}

/** An inbound mapping record → model (the shape is the kind module's: `mappingFromWire` there). */
export function mappingFromWire(value: unknown, req: ApiRequestInfo): InboundMapping {
  return mappingRecord(value, readerFor(req));
}

/** An outbound route record → model (the shape is the kind module's). */
export function routeFromWire(value: unknown, req: ApiRequestInfo): OutboundRoute {
  return routeRecord(value, readerFor(req));
}

/** A lease record → model (the shape is the kind module's); ttl may come back as seconds or as the raw string sent. */
export function leaseFromWire(value: unknown, req: ApiRequestInfo, sentTtl: number): Lease {
  return leaseRecord(value, readerFor(req), sentTtl);
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
  return { gwgroupid: intField(rec, 'gwgroupid', req), name: wireText(rec, 'name'), type, gwids: gwlistIds(rec.gwlist) };
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
    const host = wireText(e, 'host');
    const port = e.port === undefined || e.port === null ? '' : String(e.port);
    return { gwid: intField(e, 'gwid', req), name: wireText(e, 'description'), address: port === '' ? host : `${host}:${port}` };
  });
}
