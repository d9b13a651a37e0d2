import type { CarrierGroup, CarrierGroupContent } from '../model/carrier-group.js';
import type { GatewayGroup, GatewayLabel } from '../model/group.js';
import { DsipformError } from '../model/errors.js';
import { ApiError, type ApiRequestInfo } from './errors.js';
import type { Sender } from './transport.js';
import { carrierGroupFromWire, carrierGroupToWire, weightsFromWire } from '../model/kinds/carrier-group/wire.js';
import { firstRecord, gatewayLabelsFromWire, groupFromWire, readerFor } from './wire.js';

/**
 * The groups API (`/carriergroups`, `/endpointgroups`): carrier groups (gateway lists of type 8)
 * and endpoint groups (type 9). The platform swallows the errors of carrier-group writes (it
 * answers 200 and writes nothing): these functions report what the platform said and never
 * pretend; whoever writes reads back and compares.
 */

/** The carrier-group collection path. */
export const CARRIER_GROUPS = '/carriergroups';
/** The endpoint-group collection path. */
export const ENDPOINT_GROUPS = '/endpointgroups';

const carrierPath = (id: number): string => `${CARRIER_GROUPS}/${encodeURIComponent(id)}`;

/**
 * The deployed platform answers an unknown group 404 with `error: "http"` ("The carrier group
 * doesn't exist", "Endpoint Group Does Not Exist"), which the choke point reads as an unknown
 * path: a JSON 404 that says so is a group that does not exist.
 */
function asNotFound(err: unknown): unknown {
  if (
    err instanceof ApiError &&
    err.code === 'API_NO_SUCH_ENDPOINT' &&
    err.status === 404 &&
    /group (doesn't|does not) exist/i.test(err.platformMsg ?? '')
  ) {
    const req = { method: err.method, path: err.path };
    return new ApiError('API_NOT_FOUND', `not found: "${err.platformMsg}"`, { ...req, status: 404, platformMsg: err.platformMsg }, '', err);
  }
  return err;
}

/** Every carrier group (one request). */
export async function listCarrierGroups(t: Sender): Promise<GatewayGroup[]> {
  const env = await t.send('GET', CARRIER_GROUPS);
  return env.data.map((r) => groupFromWire(r, { method: 'GET', path: CARRIER_GROUPS }, 'carrier'));
}

/** Every endpoint group (one request). */
export async function listEndpointGroups(t: Sender): Promise<GatewayGroup[]> {
  const env = await t.send('GET', ENDPOINT_GROUPS);
  return env.data.map((r) => groupFromWire(r, { method: 'GET', path: ENDPOINT_GROUPS }, 'endpoint'));
}

/**
 * One carrier group with its gateways, or `null` when no carrier group has this id (an endpoint
 * group's id included). Two requests: the carrier group, then the weights, which only
 * `GET /endpointgroups/<id>` shows (it answers any group).
 */
export async function getCarrierGroup(t: Sender, gwgroupid: number): Promise<CarrierGroup | null> {
  const path = carrierPath(gwgroupid);
  let one: unknown;
  try {
    const env = await t.send('GET', path);
    if (env.data.length === 0) return null;
    one = env.data[0];
  } catch (err) {
    const e = asNotFound(err);
    if (e instanceof ApiError && e.isNotFound) return null;
    throw e;
  }
  const wpath = `${ENDPOINT_GROUPS}/${encodeURIComponent(gwgroupid)}`;
  let weights = new Map<number, number>();
  try {
    const env = await t.send('GET', wpath);
    if (env.data.length > 0) weights = weightsFromWire(env.data[0], readerFor({ method: 'GET', path: wpath }));
  } catch (err) {
    // Deleted between the two reads: the group is gone.
    const e = asNotFound(err);
    if (e instanceof ApiError && e.isNotFound) return null;
    throw e;
  }
  return carrierGroupFromWire(one, weights, readerFor({ method: 'GET', path }));
}

/**
 * The name and address of each gateway of one group, carrier or endpoint (one request:
 * `GET /endpointgroups/<id>` answers any group), or `null` when no group has this id. For words
 * only (`dsipform route --live` names the gateways of its decision).
 */
export async function getGroupGateways(t: Sender, gwgroupid: number): Promise<GatewayLabel[] | null> {
  const path = `${ENDPOINT_GROUPS}/${encodeURIComponent(gwgroupid)}`;
  try {
    const env = await t.send('GET', path);
    return env.data.length === 0 ? null : gatewayLabelsFromWire(env.data[0], { method: 'GET', path });
  } catch (err) {
    const e = asNotFound(err);
    if (e instanceof ApiError && e.isNotFound) return null;
    throw e;
  }
}

/** Registers the carrier's registration password as a secret before it is ever sent. */
function guard(t: Sender, content: CarrierGroupContent): void {
  const pw = content.auth?.auth_password;
  if (pw) t.addSecret(pw);
}

/** The `gwgroupid` of a write's answer, or the coded error that says the platform swallowed one. */
function answeredId(data: readonly unknown[], req: ApiRequestInfo): number {
  const rec = firstRecord(data, req) as Record<string, unknown>;
  const v = rec?.gwgroupid;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : NaN;
  if (Number.isSafeInteger(n) && n > 0) return n;
  throw new ApiError(
    'API_SWALLOWED_ERROR',
    'the platform answered 200, but its answer holds no group id: the write failed and the platform hid why',
    { ...req, status: 200 },
    'The platform swallows errors on carrier-group writes: check the group (name, auth domain) and plan again to see what was applied.',
  );
}

/**
 * Creates a carrier group with its gateways and returns the new `gwgroupid`. Not retried blindly
 * (a POST): whether an ambiguous failure created it is for the caller to read back. A 200 with
 * no id is `API_SWALLOWED_ERROR`; a 200 with an id may still have skipped gateways the platform
 * could not write (it swallows those errors too): read back.
 */
export async function createCarrierGroup(t: Sender, content: CarrierGroupContent): Promise<number> {
  guard(t, content);
  const req = { method: 'POST', path: CARRIER_GROUPS };
  const env = await t.send('POST', CARRIER_GROUPS, { body: carrierGroupToWire(content, '') });
  return answeredId(env.data, req);
}

/**
 * The platform's update writes lb_enabled and the registration every time (a value left out of the
 * body is written as "off" and "none"), and its API never shows them, so no caller can send back
 * what the group holds: content that leaves them out (`unstated`) would overwrite them blind. Every
 * front end's update goes through here; plans refuse such an update earlier, with the entry's place.
 */
function refuseBlindOverwrite(gwgroupid: number, content: CarrierGroupContent): void {
  const blind = content.unstated ?? [];
  if (blind.length === 0) return;
  const effects = blind.map((f) => (f === 'auth' ? 'clear its registration (auth)' : 'set lb_enabled to false'));
  throw new DsipformError(
    'PLAN_OVERWRITES_UNREAD',
    `refusing to update carrier group "${content.name}" (gwgroupid ${gwgroupid}): the update writes ${blind.join(' and ')}, which the platform's API never shows and which were left out, so it would ${effects.join(' and ')}`,
    'Say what the group holds: lb_enabled true or false, and its registration (auth type userpwd with its username, domain and password) or none (auth type ip).',
  );
}

/**
 * Updates a carrier group in place: its name, load balancing and auth, and each endpoint; endpoint
 * i updates the gateway `gwids[i]` when given, else a new gateway is created. The platform's
 * carrier API cannot remove a gateway: ones not listed stay. The platform may answer 200 and
 * write nothing (or only part): read back. Retried after an ambiguous failure only when every
 * endpoint names its gateway (a create in it is not safe to repeat). Content that leaves
 * lb_enabled or auth out (`unstated`) is refused (`PLAN_OVERWRITES_UNREAD`) before anything is sent.
 */
export async function updateCarrierGroup(
  t: Sender,
  gwgroupid: number,
  content: CarrierGroupContent,
  gwids: readonly (number | undefined)[] = [],
): Promise<void> {
  refuseBlindOverwrite(gwgroupid, content);
  guard(t, content);
  const path = carrierPath(gwgroupid);
  // An endpoint without a gwid creates a gateway: sent twice, it would create two.
  const idempotent = content.endpoints.every((_, i) => gwids[i] !== undefined);
  const env = await t.send('PUT', path, { body: carrierGroupToWire(content, gwgroupid, gwids), idempotent });
  answeredId(env.data, { method: 'PUT', path });
}

/** Deletes a carrier group and its gateways; an unknown id is `API_NOT_FOUND` (but not on a retry: done). */
export async function deleteCarrierGroup(t: Sender, gwgroupid: number): Promise<void> {
  try {
    await t.send('DELETE', carrierPath(gwgroupid), { goneIsDone: true });
  } catch (err) {
    throw asNotFound(err);
  }
}
