/**
 * The Numbers module of release 0.79 (`/api/numbers/v1/number`), served by the `current` profile
 * only: gui/modules/numbers/api/routes.py and db/dsip_number.py at v0.79-rel. Every handler reads
 * `getRequestData()` (the body with the query merged in as lists). Records come back as `rowToDict`
 * makes them: every column through `str()` (`"id": "1"`, `"status": "None"`). An available number
 * owns the inbound mapping of its DID (numbers-sync in the store); the module never raises
 * `kamreload`. docs/platform-profiles.md ("Numbers") lists each answer with its source line.
 */
import { badRequest, httpError, ok, serverError, type Reply } from '../envelope.js';
import type { Handler, RouteEntry } from '../router.js';
import type { NumberFields, StoredNumber } from '../store/numbers.js';
import type { EmulatorStore } from '../store/store.js';
import { has, isReply } from './args.js';
import { uploadNumbers } from './numbers-csv.js';
import {
  columnText,
  datetimeColumn,
  dbError,
  idMatches,
  likeMatches,
  numberRecord,
  plusFails,
  pyJoin,
  textMatches,
} from './numbers-values.js';
import { iterate, mergedRequestData, pyTruthy, pyType, raised } from './python.js';

/** Where the module's blueprint serves its API. */
export const NUMBERS_ROOT = '/api/numbers/v1';

/** The columns a create takes (routes.py:138-146) and an update sets (:182). */
const CREATE_COLUMNS = ['status', 'carrier', 'pool', 'assigned_length', 'assigned_reference_id'] as const;
const UPDATE_KEYS = ['did', 'status', 'carrier', 'pool', 'assigned_length', 'assigned_reference_id', 'assigned_date'] as const;

/** `_sync_available_inbound_route` (:19-37): an available number's DID, without its `+`s, routes nowhere. */
function syncAvailable(store: EmulatorStore, did: unknown): void {
  const bare = typeof did === 'string' ? did.replace(/^\++/, '') : '';
  if (bare !== '') store.mappings.writeForNumber(bare);
}

/** The rows a filter keeps, or the database's refusal of the bound value (checked even with no rows). */
function filtered(rows: StoredNumber[], keep: (n: StoredNumber) => boolean | Reply, probe: boolean | Reply): StoredNumber[] | Reply {
  if (isReply(probe)) return probe;
  return rows.filter((n) => keep(n) === true);
}

/** GET (:61-113): filters `source` (the carrier), `starts_with`, `contains`, `ends_with`, `status`, `pool`. */
const listNumbers: Handler = (store, req) => {
  const data = mergedRequestData(req.body, req.query);
  const joined: Record<string, string | undefined> = {};
  for (const key of ['starts_with', 'contains', 'ends_with']) {
    if (!has(data, key)) continue;
    const text = pyJoin(data[key]);
    if (isReply(text)) return text;
    joined[key] = text;
  }
  let rows: StoredNumber[] | Reply = store.numbers.list();
  const { source, status, pool } = data;
  if (pyTruthy(source)) rows = filtered(rows, (n) => textMatches(n.carrier, source), textMatches('', source));
  for (const [key, like] of [
    ['starts_with', (t: string) => `${t}%`],
    ['contains', (t: string) => `%${t}%`],
    ['ends_with', (t: string) => `%${t}`],
  ] as const) {
    const text = joined[key];
    if (text && !isReply(rows)) rows = rows.filter((n) => likeMatches(n.did, like(text)));
  }
  if (status !== undefined && status !== null && status !== '' && !isReply(rows))
    rows = filtered(rows, (n) => textMatches(n.status, status), textMatches('', status));
  if (pyTruthy(pool) && !isReply(rows)) rows = filtered(rows, (n) => textMatches(n.pool, pool), textMatches('', pool));
  if (isReply(rows)) return rows;
  return ok(`${rows.length} Numbers Retrieved`, rows.map(numberRecord));
};

/** POST (:116-166): `did` required and unique (with or without one `+`); the other columns as sent. */
const createNumber: Handler = (store, req) => {
  const data = mergedRequestData(req.body, req.query);
  const did = data['did'];
  if (!pyTruthy(did)) return badRequest('did is required');
  const plus = plusFails(did);
  if (plus) return plus;
  if (store.numbers.findDid(did as string)) return httpError(409, 'DID already exists');
  const fields: Record<string, string | null> = {};
  for (const column of ['did', ...CREATE_COLUMNS] as const) {
    const text = columnText(data[column], column);
    if (isReply(text)) return text;
    fields[column] = text;
  }
  fields['assigned_date'] = pyTruthy(data['assigned_length']) ? store.numbers.timestamp() : null;
  if (data['status'] === 'available') syncAvailable(store, did);
  return ok('Number created', [numberRecord(store.numbers.insert(fields as unknown as NumberFields))]);
};

/** The number a path names (`<int:number_id>`), or the 404 every by-id handler gives. */
function byId(store: EmulatorStore, idText: string | undefined): StoredNumber | Reply {
  const number = store.numbers.get(Number(idText));
  return number ?? httpError(404, 'Number not found');
}

/**
 * PUT /number/<id> (:169-217): sets each key sent (`null` too), checks a new DID against the others,
 * stamps `assigned_date` when `assigned_length` is set, and syncs the mapping whenever the number
 * is available afterwards, whatever the update changed.
 */
const updateNumber: Handler = (store, req) => {
  const data = mergedRequestData(req.body, req.query);
  const current = byId(store, req.params['number_id']);
  if (isReply(current)) return current;
  const patch: Record<string, string | null> = {};
  for (const key of UPDATE_KEYS) {
    if (!has(data, key)) continue;
    const value = data[key];
    if (key === 'did' && pyTruthy(value)) {
      const plus = plusFails(value);
      if (plus) return plus;
    }
    const text = key === 'assigned_date' ? datetimeColumn(value) : columnText(value, key);
    if (isReply(text)) return text;
    if (key === 'did' && text === null) return dbError('IntegrityError', 1048, "Column 'did' cannot be null");
    if (key === 'did' && pyTruthy(value) && store.numbers.findDid(value as string, new Set([current.id])))
      return httpError(409, 'DID already exists');
    patch[key] = text;
  }
  if (pyTruthy(data['assigned_length'])) patch['assigned_date'] = store.numbers.timestamp();
  const status = has(data, 'status') ? data['status'] : current.status;
  if (status === 'available') syncAvailable(store, has(data, 'did') ? data['did'] : current.did);
  return ok('Number updated', [numberRecord(store.numbers.update(current.id, patch))]);
};

/** DELETE /number/<id> (:220-240): answers the id as a number; the mapping stays. */
const deleteNumber: Handler = (store, req) => {
  const number = byId(store, req.params['number_id']);
  if (isReply(number)) return number;
  store.numbers.delete(number.id);
  return ok('Number deleted', [{ id: number.id }]);
};

/**
 * DELETE /number (:243-292): by `did` (one), `dids` and `id` (lists), from the body. A `did` in the
 * query is merged as a list, which has no `lstrip`: 500. All or nothing.
 */
const deleteNumbers: Handler = (store, req) => {
  const data = mergedRequestData(req.body, req.query);
  const did = data['did'];
  const dids = pyTruthy(did) ? [did] : has(data, 'dids') ? data['dids'] : [];
  const ids = has(data, 'id') ? data['id'] : [];
  if (!pyTruthy(dids) && !pyTruthy(ids)) return badRequest('did or the id of the did is required');
  const gone = new Set<number>();
  const deleted: Record<string, unknown>[] = [];
  const didItems = iterate(dids);
  if (raised(didItems)) return serverError(didItems.raised);
  for (const d of didItems) {
    if (typeof d !== 'string') return serverError(`'${pyType(d)}' object has no attribute 'lstrip'`);
    const bare = d.replace(/^\++/, '');
    // Each lookup flushes the deletes before it, so a number deleted already is not found again.
    const found = store.numbers.findDid(bare, gone);
    if (found) {
      gone.add(found.id);
      deleted.push({ did: d, id: found.id });
    }
  }
  const idItems = iterate(ids);
  if (raised(idItems)) return serverError(idItems.raised);
  for (const entry of idItems) {
    const probe = idMatches(0, entry);
    if (isReply(probe)) return probe;
    const found = store.numbers.list().find((n) => !gone.has(n.id) && idMatches(n.id, entry) === true);
    if (found) {
      gone.add(found.id);
      deleted.push({ id: entry, did: found.did });
    }
  }
  if (deleted.length === 0) return httpError(404, 'No numbers found to delete');
  for (const id of gone) store.numbers.delete(id);
  return ok(`${deleted.length} Numbers deleted`, deleted);
};

/** The module's routes (routes.py:61, :116, :169, :220, :243, :295); the GUI page is not the API. */
export const NUMBERS_ENTRIES: readonly RouteEntry[] = [
  {
    root: NUMBERS_ROOT,
    path: '/number',
    methods: { GET: listNumbers, POST: createNumber, DELETE: deleteNumbers },
    reads: ['GET', 'POST', 'DELETE'],
  },
  { root: NUMBERS_ROOT, path: '/number/:number_id(int)', methods: { PUT: updateNumber, DELETE: deleteNumber }, reads: ['PUT'] },
  { root: NUMBERS_ROOT, path: '/number/bulk', methods: { POST: uploadNumbers }, reads: [], readsFiles: ['POST'] },
];
