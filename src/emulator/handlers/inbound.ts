import { descriptionProblem, didProblem, serversProblem } from '../../model/rules.js';
import type { InboundMappingPatch, InboundSelector } from '../../model/inbound-mapping.js';
import type { JsonObject } from '../body.js';
import { badRequest, notFoundReply, ok, type Reply } from '../envelope.js';
import type { QueryArgs } from '../query.js';
import type { Handler } from '../router.js';
import { notFoundMessage } from '../store/mappings.js';
import type { StoredMapping } from '../store/records.js';
import { has, isReply, parseId, refusal, unknownArgument, unknownField } from './args.js';

const SELECTORS = ['ruleid', 'did'] as const;
const FIELDS = ['did', 'servers', 'notes'] as const;

/** GET /inboundmapping: the list with no selector, else the one selected mapping. */
export const getMappings: Handler = (store, req) => {
  const selector = readSelector(req.query);
  if (isReply(selector)) return selector;
  if (selector === null) {
    const all = store.mappings.list().map(toWire);
    return ok(all.length > 0 ? 'Rules Found' : 'No Rules Found', all);
  }
  const mapping = store.mappings.find(selector);
  return mapping ? ok('Rule Found', [toWire(mapping)]) : notFoundReply(notFoundMessage(selector));
};

/** POST /inboundmapping: creates; answers the new ruleid (the real platform answers `[]`). */
export const createMapping: Handler = (store, req) => {
  const early = unknownArgument(req.query, []);
  if (early) return early;
  const fields = readFields(req.body, true);
  if (isReply(fields)) return fields;
  const outcome = store.mappings.create({ did: fields.did ?? '', servers: fields.servers ?? [], ...fields });
  return outcome.ok ? ok('Rule Created', [{ ruleid: String(outcome.value.ruleid) }]) : refusal(outcome);
};

/** PUT /inboundmapping?ruleid=|did=: updates any non-empty subset; `did` renames. */
export const updateMapping: Handler = (store, req) => {
  const selector = requireSelector(req.query);
  if (isReply(selector)) return selector;
  const fields = readFields(req.body, false);
  if (isReply(fields)) return fields;
  if (Object.keys(fields).length === 0) return badRequest('No data to update');
  const outcome = store.mappings.update(selector, fields);
  return outcome.ok ? ok('Rule Updated', [toWire(outcome.value)]) : refusal(outcome);
};

/** DELETE /inboundmapping?ruleid=|did=. */
export const deleteMapping: Handler = (store, req) => {
  const selector = requireSelector(req.query);
  if (isReply(selector)) return selector;
  const outcome = store.mappings.delete(selector);
  return outcome.ok ? ok('Rule Deleted') : refusal(outcome);
};

/** The record as the emulator returns it: ruleid as a string, like the platform. */
function toWire(mapping: StoredMapping): Record<string, unknown> {
  return { ruleid: String(mapping.ruleid), did: mapping.did, servers: [...mapping.servers], notes: mapping.notes };
}

/**
 * At most one of `ruleid` / `did`; `null` when neither is given. `?did=` with an empty value
 * selects the default mapping, which is not the same as no selector.
 */
function readSelector(query: QueryArgs): InboundSelector | null | Reply {
  const unknown = unknownArgument(query, SELECTORS);
  if (unknown) return unknown;
  const ruleid = query.get('ruleid');
  const did = query.get('did');
  if (ruleid !== undefined && did !== undefined) return badRequest('Only one of ruleid or did may be given');
  if (ruleid !== undefined) {
    const id = parseId(ruleid);
    return id === null ? badRequest('ruleid must be an integer') : { ruleid: id };
  }
  return did !== undefined ? { did } : null;
}

/** Exactly one of `ruleid` / `did`, as PUT and DELETE need. */
function requireSelector(query: QueryArgs): InboundSelector | Reply {
  return readSelector(query) ?? badRequest('ruleid or did is required');
}

/** The body's fields, checked; on create `did` and `servers` must be present. */
function readFields(body: JsonObject, creating: boolean): InboundMappingPatch | Reply {
  const unknown = unknownField(body, FIELDS);
  if (unknown) return unknown;
  if (creating && !has(body, 'did')) return badRequest('DID is required');
  if (creating && !has(body, 'servers')) return badRequest('servers are required');
  const problem =
    (has(body, 'did') ? didProblem(body['did']) : null) ??
    (has(body, 'servers') ? serversProblem(body['servers']) : null) ??
    (has(body, 'notes') ? descriptionProblem(body['notes'], 'notes') : null);
  if (problem) return badRequest(problem);
  const fields: { did?: string; servers?: string[]; notes?: string } = {};
  if (has(body, 'did')) fields.did = body['did'] as string;
  if (has(body, 'servers')) fields.servers = body['servers'] as string[];
  if (has(body, 'notes')) fields.notes = body['notes'] as string;
  return fields;
}
