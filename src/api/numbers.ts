import type { DeletedNumber, NumberFilters, NumberInput, NumberPatch, NumberRecord } from '../model/number.js';
import { ApiError, type ApiRequestInfo } from './errors.js';
import { deletedFromWire, filtersToWire, numberFromWire, numberToWire } from './number-wire.js';
import type { Sender } from './transport.js';
import { firstRecord } from './wire.js';

/**
 * The Numbers module of release 0.79: the platform's DID inventory, at `/api/numbers/v1/number`
 * below the base URL (not below `/api/v1`). Only some deployed platforms have it
 * (`PlatformClient.numbersModule`); the specified API has none.
 */

/** The collection path, from the base URL. */
export const NUMBERS_PATH = '/api/numbers/v1/number';
const numberPath = (id: number): string => `${NUMBERS_PATH}/${encodeURIComponent(id)}`;

/**
 * The module answers a missing number 404 with `error: "http"` ("Number not found", "No numbers
 * found to delete"), which the choke point reads as an unknown path: a JSON 404 that says so is a
 * number that does not exist.
 */
function asNotFound(err: unknown): unknown {
  if (
    err instanceof ApiError &&
    err.code === 'API_NO_SUCH_ENDPOINT' &&
    err.status === 404 &&
    /^(Number not found|No numbers found to delete)$/.test(err.platformMsg ?? '')
  ) {
    const req = { method: err.method, path: err.path };
    return new ApiError('API_NOT_FOUND', `not found: "${err.platformMsg}"`, { ...req, status: 404, platformMsg: err.platformMsg }, '', err);
  }
  return err;
}

async function send(t: Sender, ...args: Parameters<Sender['send']>): ReturnType<Sender['send']> {
  try {
    return await t.send(args[0], args[1], { ...args[2], fromBase: true });
  } catch (err) {
    throw asNotFound(err);
  }
}

/**
 * The numbers meeting every filter given (one request; the filters go in the query, which the
 * platform's MariaDB compares as text, and the DID filters match literally).
 */
export async function listNumbers(t: Sender, filters: NumberFilters = {}): Promise<NumberRecord[]> {
  const req: ApiRequestInfo = { method: 'GET', path: NUMBERS_PATH };
  const env = await send(t, 'GET', NUMBERS_PATH, { query: filtersToWire(filters) });
  return env.data.map((r) => numberFromWire(r, req));
}

/**
 * Creates a number and returns it as the platform stored it. A DID the platform already holds
 * (itself, or with one `+` in front) is `API_CONFLICT`. An `available` number makes the DID's
 * inbound mapping route nowhere (created, or rewritten in place): the platform's doing.
 */
export async function createNumber(t: Sender, input: NumberInput): Promise<NumberRecord> {
  const req: ApiRequestInfo = { method: 'POST', path: NUMBERS_PATH };
  const env = await send(t, 'POST', NUMBERS_PATH, { body: numberToWire(input) });
  return numberFromWire(firstRecord(env.data, req), req);
}

/** Sets the given fields of a number and returns it; an unknown id is `API_NOT_FOUND`. */
export async function updateNumber(t: Sender, id: number, patch: NumberPatch): Promise<NumberRecord> {
  const req: ApiRequestInfo = { method: 'PUT', path: numberPath(id) };
  const env = await send(t, 'PUT', numberPath(id), { body: numberToWire(patch) });
  return numberFromWire(firstRecord(env.data, req), req);
}

/** Deletes a number by id (its inbound mapping stays); absent is `API_NOT_FOUND` (but not on a retry: done). */
export async function deleteNumber(t: Sender, id: number): Promise<void> {
  await send(t, 'DELETE', numberPath(id), { goneIsDone: true });
}

/**
 * Deletes the numbers of these DIDs (each as itself or with one `+` in front) and these ids, all
 * or none, in one request whose body carries them (the platform cannot take a DID from the query).
 * Returns what it deleted; nothing to delete is `[]`, with no request when both lists are empty.
 */
export async function deleteNumbers(
  t: Sender,
  which: { readonly dids?: readonly string[]; readonly ids?: readonly number[] },
): Promise<DeletedNumber[]> {
  const dids = which.dids ?? [];
  const ids = which.ids ?? [];
  if (dids.length === 0 && ids.length === 0) return [];
  const req: ApiRequestInfo = { method: 'DELETE', path: NUMBERS_PATH };
  try {
    const env = await send(t, 'DELETE', NUMBERS_PATH, { body: { dids, id: ids } });
    return env.data.map((r) => deletedFromWire(r, req));
  } catch (err) {
    if (err instanceof ApiError && err.isNotFound) return [];
    throw err;
  }
}
