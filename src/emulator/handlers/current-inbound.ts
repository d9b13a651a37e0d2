/**
 * /inboundmapping as the deployed platform serves it: handleInboundMapping in
 * gui/modules/api/api_routes.py (v0.79-rel, unchanged by the outbound-routes merge f721389c).
 * Line numbers in comments are of that file.
 */
import type { InboundMappingPatch, InboundSelector } from '../../model/inbound-mapping.js';
import type { JsonObject } from '../body.js';
import { badRequest, notFoundReply, ok, serverError, type Reply } from '../envelope.js';
import type { QueryArgs } from '../query.js';
import type { Handler } from '../router.js';
import type { StoredMapping } from '../store/records.js';
import type { EmulatorStore } from '../store/store.js';
import { has, isReply, refusal, unknownArgument, unknownField } from './args.js';
import { iterate, mergedRequestData, mysqlNumber, pyStr, pyType, raised, strFieldsToDict } from './python.js';

const SELECTORS = ['ruleid', 'did'] as const;
const FIELDS = ['did', 'servers', 'name'] as const;
/** gui/settings.py:198 DID_PREFIX_ALLOWED_CHARS. The platform joins a Python set, whose order varies. */
const DID_CHARS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '#', '*'];
const BAD_DID = `DID improperly formatted. Allowed characters: ${DID_CHARS.join(',')}`;
const NO_SELECTOR = 'One of the following is required: {ruleid, or did}';

/** GET (:506-562): `?ruleid=` first, then `?did=`, else the list; every read parses the description. */
export const getMappingsDeployed: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, SELECTORS);
  if (unknown) return unknown;
  const selector = selectorOf(req.query);
  if (selector === null) {
    const all = serializeAll(store.mappings.list());
    if (!Array.isArray(all)) return all;
    return ok(all.length > 0 ? 'Rules Found' : 'No Rules Found', all);
  }
  const found = findMapping(store, selector);
  const byDid = 'did' in selector;
  if (!found) return notFoundReply(byDid ? 'No Matching DID Found' : 'No Matching Rule Found');
  const one = serializeAll([found]);
  return Array.isArray(one) ? ok(byDid ? 'DID Found' : 'Rule Found', one) : one;
};

/** POST (:567-611): servers are not checked beyond 1 or 2 of them; `name` optional; answers `[]`. */
export const createMappingDeployed: Handler = (store, req) => {
  const data = mergedRequestData(req.body, req.query);
  const unknown = unknownField(data, FIELDS);
  if (unknown) return unknown;
  if (!has(data, 'servers')) return badRequest('Servers to map DID to are required');
  const countProblem = serverCountProblem(data['servers']);
  if (countProblem) return countProblem;
  if (!has(data, 'did')) return badRequest('DID is required');
  const fields = readFields(data);
  if (isReply(fields)) return fields;
  const named = has(data, 'name');
  const outcome = store.mappings.create({ did: fields.did ?? '', servers: fields.servers ?? [], notes: fields.notes ?? '' }, !named);
  if (!outcome.ok) return refusal(outcome);
  // :605, `_sync_number_status_from_inbound_route`: the DID's number is assigned (or, without servers, available).
  store.numbers.syncFromMapping(outcome.value.did, outcome.value.servers.join(','));
  return ok('Rule Created');
};

/**
 * PUT (:616-699): the query is merged into the body as lists, so `?ruleid=` is an unknown data
 * argument and `?did=X` makes `did` the list `["X"]`, whose "characters" are whole strings: only a
 * one-character DID gets through. A miss is still 200.
 */
export const updateMappingDeployed: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, SELECTORS);
  if (unknown) return unknown;
  const data = mergedRequestData(req.body, req.query);
  const unknownData = unknownField(data, FIELDS);
  if (unknownData) return unknownData;
  if (!FIELDS.some((field) => has(data, field))) return badRequest('No data args supplied, {did, and servers} is required');
  if (has(data, 'servers')) {
    const countProblem = serverCountProblem(data['servers']);
    if (countProblem) return countProblem;
  }
  const fields = readFields(data);
  if (isReply(fields)) return fields;
  const did = req.query.get('did');
  if (did === undefined) return badRequest(NO_SELECTOR);
  const { did: _sameDid, ...patch } = fields;
  const outcome = store.mappings.update({ did }, patch);
  if (!outcome.ok) store.recordWrite();
  // :686-694: the mapping the selector still finds syncs its DID's number.
  const after = store.mappings.find({ did });
  if (after) store.numbers.syncFromMapping(after.did, after.servers.join(','));
  return ok(outcome.ok ? 'Rule Updated' : 'No Matching Rule Found');
};

/** DELETE (:704-743): a miss is 404, but the message is overwritten to "Rule Deleted" (:742). */
export const deleteMappingDeployed: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, SELECTORS);
  if (unknown) return unknown;
  const selector = selectorOf(req.query);
  if (selector === null) return badRequest(NO_SELECTOR);
  const found = findMapping(store, selector);
  if (!found) {
    store.recordWrite(); // :739-741 commit and raise kamreload whatever happened
    return notFoundReply('Rule Deleted');
  }
  store.mappings.delete({ ruleid: found.ruleid });
  // :720, :733: the DID's number is available again.
  store.numbers.syncFromMapping(found.did, '');
  return ok('Rule Deleted');
};

/** The row as GET returns it (:518-522): the name parsed out of the description, servers split. */
function serializeAll(mappings: readonly StoredMapping[]): Record<string, unknown>[] | Reply {
  const out: Record<string, unknown>[] = [];
  for (const m of mappings) {
    const desc = strFieldsToDict(m.noteless ? '' : `name:${m.notes}`);
    if (raised(desc)) return serverError(desc.raised);
    out.push({ ruleid: String(m.ruleid), did: m.did, name: desc['name'] ?? '', servers: m.servers.join(',').split(',') });
  }
  return out;
}

/** `?ruleid=` wins over `?did=`; `null` when neither is given. */
function selectorOf(query: QueryArgs): { ruleidText: string } | { did: string } | null {
  const ruleidText = query.get('ruleid');
  if (ruleidText !== undefined) return { ruleidText };
  const did = query.get('did');
  return did === undefined ? null : { did };
}

/** The database's comparison: `ruleid = '<text>'` converts the text as MySQL does. */
function findMapping(store: EmulatorStore, selector: { ruleidText: string } | { did: string }): StoredMapping | undefined {
  if ('did' in selector) return store.mappings.find(selector);
  const ruleid = mysqlNumber(selector.ruleidText);
  return Number.isSafeInteger(ruleid) ? store.mappings.find({ ruleid } satisfies InboundSelector) : undefined;
}

/** `len(data['servers'])` must be 1 or 2 (:577, :634); `len()` of a number raises. */
function serverCountProblem(servers: unknown): Reply | null {
  const items = typeof servers === 'number' || typeof servers === 'boolean' || servers === null ? null : iterate(servers);
  if (items === null || raised(items)) return serverError(`object of type '${pyType(servers)}' has no len()`);
  return items.length < 1 || items.length > 2 ? badRequest('Primary Server missing or More than 2 Servers Provided') : null;
}

/** Servers through `str()` (:583-588), the DID's characters (:589-593), the note; or the 400/500. */
function readFields(data: JsonObject): InboundMappingPatch | Reply {
  const fields: { did?: string; servers?: string[]; notes?: string } = {};
  if (has(data, 'servers')) {
    // Item assignment fails on a string or an object: the platform's bare except says this.
    if (!Array.isArray(data['servers'])) return badRequest('Invalid Server ID');
    fields.servers = data['servers'].map(pyStr);
  }
  if (has(data, 'did')) {
    const chars = iterate(data['did']);
    if (raised(chars)) return serverError(chars.raised);
    if (chars.some((c) => typeof c !== 'string' || !DID_CHARS.includes(c))) return badRequest(BAD_DID);
    fields.did = typeof data['did'] === 'string' ? data['did'] : chars.join('');
  }
  if (has(data, 'name')) fields.notes = pyStr(data['name']);
  return fields;
}
