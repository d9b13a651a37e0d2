import { descriptionProblem, gwgroupidProblem, prefixProblem, priorityProblem } from '../../model/rules.js';
import type { OutboundRoutePatch } from '../../model/outbound-route.js';
import type { JsonObject } from '../body.js';
import { badRequest, type Reply } from '../envelope.js';
import { has, unknownField } from './args.js';

/** The seven body keys a route takes; `ruleid` and `groupid` are the service's, never the client's. */
const ROUTE_FIELDS = ['name', 'prefix', 'gwgroupid', 'from_prefix', 'priority', 'timerec', 'routeid'] as const;

/** Fields that must be present on create, in the order their absence is reported. */
const REQUIRED_ON_CREATE = ['name', 'prefix', 'gwgroupid'] as const;

/**
 * Checks a route body and returns it as a patch, or the 400 to answer. On create `name`, `prefix`
 * and `gwgroupid` must be present. `from_prefix: null` is read as `""` (simple), because a client
 * echoing a simple route's record back sends the `null` it was given.
 */
export function readRouteFields(sent: JsonObject, creating: boolean): OutboundRoutePatch | Reply {
  const body = withStringGwgroupid(sent);
  const unknown = unknownField(body, ROUTE_FIELDS);
  if (unknown) return unknown;
  if (creating) {
    const missing = REQUIRED_ON_CREATE.find((field) => !has(body, field));
    if (missing) return badRequest(`${missing} is required`);
  }
  const fromPrefix = body['from_prefix'] === null ? '' : body['from_prefix'];
  const problem =
    (has(body, 'name') ? descriptionProblem(body['name'], 'name') : null) ??
    (has(body, 'prefix') ? prefixProblem(body['prefix']) : null) ??
    (has(body, 'gwgroupid') ? gwgroupidProblem(body['gwgroupid']) : null) ??
    (has(body, 'from_prefix') ? prefixProblem(fromPrefix, 'from_prefix') : null) ??
    (has(body, 'priority') ? priorityProblem(body['priority']) : null) ??
    stringProblem(body, 'timerec') ??
    stringProblem(body, 'routeid');
  if (problem) return badRequest(problem);
  const patch: { -readonly [K in keyof OutboundRoutePatch]: OutboundRoutePatch[K] } = {};
  if (has(body, 'name')) patch.name = body['name'] as string;
  if (has(body, 'prefix')) patch.prefix = body['prefix'] as string;
  if (has(body, 'gwgroupid')) patch.gwgroupid = body['gwgroupid'] as string;
  if (has(body, 'from_prefix')) patch.from_prefix = fromPrefix as string;
  if (has(body, 'priority')) patch.priority = body['priority'] as number;
  if (has(body, 'timerec')) patch.timerec = body['timerec'] as string;
  if (has(body, 'routeid')) patch.routeid = body['routeid'] as string;
  return patch;
}

/**
 * A whole-number `gwgroupid` (`2`) read as its string (`"2"`): the platform formats whatever it is
 * given into `#{}` (gui/modules/api/outboundroutes/functions.py:84).
 */
function withStringGwgroupid(body: JsonObject): JsonObject {
  const value = body['gwgroupid'];
  return Number.isSafeInteger(value) && (value as number) >= 0 ? { ...body, gwgroupid: String(value) } : body;
}

function stringProblem(body: JsonObject, field: string): string | null {
  return has(body, field) && typeof body[field] !== 'string' ? `${field} must be a string` : null;
}
