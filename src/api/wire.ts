import { STAT_KEYS, type ProxyStats } from '../model/stats.js';
import type { GatewayLabel } from '../model/group.js';
import { wireText, type WireReader } from '../model/wire-reader.js';
import { ApiError, type ApiRequestInfo } from './errors.js';

/**
 * Wire → model for what no kind's module holds (gateway labels, stats), and the reader a kind
 * module's wire mapping (src/model/kinds/<kind>/wire.ts, which knows each kind's record shape and
 * its variants) reads an answer with, bound to the request it came from: a bad record is an `ApiError`.
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
