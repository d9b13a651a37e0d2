import { FLT_OUTBOUND } from '../model/constants.js';
import type { InboundMapping, InboundMappingPatch } from '../model/inbound-mapping.js';
import type { Lease } from '../model/lease.js';
import { parseTtl } from '../model/lease.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { bareGwgroupid } from '../model/rules.js';
import { STAT_KEYS, type ProxyStats } from '../model/stats.js';
import { ApiError, type ApiRequestInfo } from './errors.js';

/**
 * Wire ↔ model mapping, the only place that knows the platform's record shapes and their variants
 * (ruleid as `"2"` or `2`, the inbound note as `notes` or `name`, `from_prefix` `null` or `""`).
 */

type Rec = Record<string, unknown>;

function bad(req: ApiRequestInfo, what: string): ApiError {
  return new ApiError(
    'API_UNEXPECTED_RESPONSE',
    `unexpected record: ${what}`,
    req,
    'The platform answered a shape dsipform does not know; please report it with the platform release.',
  );
}

function record(value: unknown, req: ApiRequestInfo): Rec {
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
