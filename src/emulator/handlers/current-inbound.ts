import { descriptionProblem, didProblem, serversProblem } from '../../model/index.js';
import type { JsonObject } from '../body.js';
import { badRequest, ok, serverError, type Reply } from '../envelope.js';
import type { Handler } from '../router.js';
import type { EmulatorStore } from '../store/store.js';
import { has, refusal, unknownArgument, unknownField } from './args.js';
import { deleteMapping, getMappings } from './inbound.js';

/** The body keys the deployed platform takes: the note is `name` (it rejects `notes`). */
const FIELDS = ['did', 'servers', 'name'] as const;

/**
 * What the deployed platform's list read raises on a mapping stored without `name:` in its
 * description (it rebuilds a dict from `key:value` pairs).
 */
const LIST_CRASH = 'ValueError: dictionary update sequence element #0 has length 1; 2 is required';

/** The inbound mapping handlers of the `current` profile. */
export interface DeployedInbound {
  readonly get: Handler;
  readonly create: Handler;
  readonly update: Handler;
  readonly delete: Handler;
}

/**
 * Builds the `current` profile's inbound handlers. They share the ruleids of mappings created
 * without a note, which break every list read until deleted; those ids live in memory only (a data
 * file does not keep them), and ruleids are never reused, so a deleted id simply stops counting.
 */
export function deployedInbound(): DeployedInbound {
  const noteless = new Set<number>();
  const listBroken = (store: EmulatorStore): boolean => {
    for (const ruleid of noteless) {
      if (store.mappings.find({ ruleid })) return true;
      noteless.delete(ruleid);
    }
    return false;
  };

  /** GET: as in `spec`, with the note under `name`; the list fails while a noteless mapping exists. */
  const get: Handler = (store, req) => {
    if (req.query.size === 0 && listBroken(store)) return serverError(LIST_CRASH);
    const answer = getMappings(store, req);
    return answer.status === 200 ? { ...answer, data: answer.data.map(renameNote) } : answer;
  };

  /** POST: `{did, servers, name?}`; answers `data: []`, never the new ruleid. */
  const create: Handler = (store, req) => {
    const early = unknownArgument(req.query, []) ?? checkFields(req.body);
    if (early) return early;
    const outcome = store.mappings.create({
      did: req.body['did'] as string,
      servers: req.body['servers'] as string[],
      notes: has(req.body, 'name') ? (req.body['name'] as string) : '',
    });
    if (!outcome.ok) return refusal(outcome);
    if (!has(req.body, 'name')) noteless.add(outcome.value.ruleid);
    return ok('Rule Created');
  };

  return { get, create, update: updateMappingDeployed, delete: deleteMapping };
}

/**
 * PUT (`current`): never updates. The platform merges the query into the body, so the selector
 * (`?ruleid=` or `?did=`, or any other argument) becomes an unrecognized data argument; without a
 * query there is no selector at all.
 */
export const updateMappingDeployed: Handler = (_store, req) => {
  if (req.query.size > 0) return badRequest('Request data argument not recognized');
  return unknownField(req.body, FIELDS) ?? badRequest('ruleid or did is required');
};

/** A create body's problem as a 400, or `null`: `did` and `servers` required, `name` optional. */
function checkFields(body: JsonObject): Reply | null {
  const unknown = unknownField(body, FIELDS);
  if (unknown) return unknown;
  if (!has(body, 'did')) return badRequest('DID is required');
  if (!has(body, 'servers')) return badRequest('servers are required');
  const problem =
    didProblem(body['did']) ?? serversProblem(body['servers']) ?? (has(body, 'name') ? descriptionProblem(body['name'], 'name') : null);
  return problem ? badRequest(problem) : null;
}

/** The spec wire record `{ruleid, did, servers, notes}` with the note renamed to `name`. */
function renameNote(record: unknown): unknown {
  const { notes, ...rest } = record as Record<string, unknown>;
  return { ...rest, name: notes };
}
