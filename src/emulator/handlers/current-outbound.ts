/**
 * /outboundroutes as the outbound-routes extension serves it (PR #686, merge f721389c):
 * gui/modules/api/outboundroutes/routes.py (the handler) and functions.py (checks and writes).
 * Line numbers in comments are of those files at that commit.
 */
import type { OutboundRoutePatch } from '../../model/outbound-route.js';
import type { JsonObject } from '../body.js';
import { badRequest, notFoundReply, ok, serverError, type Reply } from '../envelope.js';
import type { Handler, ParsedRequest } from '../router.js';
import type { StoredRoute } from '../store/records.js';
import { has, isReply, refusal, unknownArgument, unknownField } from './args.js';
import { toWire } from './outbound.js';
import { iterate, mergedRequestData, pyInt, pyStr, pyTruthy, raised, strFieldsToDict } from './python.js';

const DATA_ARGS = ['name', 'from_prefix', 'prefix', 'timerec', 'priority', 'routeid', 'gwgroupid'] as const;
/** gui/settings.py:198 DID_PREFIX_ALLOWED_CHARS, in the `sorted()` order functions.py:37 prints. */
const PREFIX_CHARS = ['#', '*', '+', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const NO_RULE = 'No Matching Rule Found';

/** GET: list (routes.py:92-117), or one by path id or `?ruleid=` (the path wins). */
export const getRoutesDeployed: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, ['ruleid']);
  if (unknown) return unknown;
  const rid = ruleidOf(req);
  if (isReply(rid)) return rid;
  if (rid === null) {
    const all = serializeAll(store.routes.list());
    if (isReply(all)) return all;
    return ok(all.length > 0 ? 'Rules Found' : 'No Rules Found', all);
  }
  const route = store.routes.get(rid);
  if (!route) return notFoundReply(NO_RULE);
  const one = serializeAll([route]);
  return isReply(one) ? one : ok('Rule Found', one);
};

/** POST (routes.py:120-128): only `gwgroupid` is required; answers `[{ruleid}]`, msg "Rule Created". */
export const createRouteDeployed: Handler = (store, req) => {
  const data = mergedRequestData(req.body, req.query);
  const early = validateBody(data, true);
  if (early) return early;
  // functions.py:77-85. A duplicate LCR pattern stays the spec's 400 here, though the platform's
  // dsip_lcr primary key makes it a 500 `db` (docs/platform-profiles.md, "Not reproduced").
  const priority = pyInt(pyTruthy(data['priority']) ? data['priority'] : 0);
  if (raised(priority)) return serverError(priority.raised);
  const outcome = store.routes.create({
    name: textOf(data, 'name'),
    prefix: textOf(data, 'prefix'),
    from_prefix: pyTruthy(data['from_prefix']) ? pyStr(data['from_prefix']) : '',
    gwgroupid: pyStr(data['gwgroupid']),
    priority,
    timerec: textOf(data, 'timerec'),
    routeid: textOf(data, 'routeid'),
  });
  return outcome.ok ? ok('Rule Created', [{ ruleid: outcome.value.ruleid }]) : refusal(outcome);
};

/**
 * PUT (routes.py:131-149): the query is merged into the body, so `?ruleid=` is an unknown data
 * argument; `{}` rewrites the row unchanged; answers `data: []`, msg "Rule Updated".
 */
export const updateRouteDeployed: Handler = (store, req) => {
  const rid = requiredRuleid(req);
  if (isReply(rid)) return rid;
  const data = mergedRequestData(req.body, req.query);
  const early = validateBody(data, false);
  if (early) return early;
  const current = store.routes.get(rid);
  if (!current) return notFoundReply(NO_RULE);
  // functions.py:115: int() of the sent priority, or of the stored one.
  const priority = pyInt(has(data, 'priority') ? (pyTruthy(data['priority']) ? data['priority'] : 0) : current.priority);
  if (raised(priority)) return serverError(priority.raised);
  const patch: { -readonly [K in keyof OutboundRoutePatch]: OutboundRoutePatch[K] } = { priority };
  for (const field of ['name', 'prefix', 'timerec', 'routeid'] as const) if (has(data, field)) patch[field] = textOf(data, field);
  if (has(data, 'gwgroupid')) patch.gwgroupid = pyTruthy(data['gwgroupid']) ? pyStr(data['gwgroupid']) : '';
  if (has(data, 'from_prefix')) patch.from_prefix = pyTruthy(data['from_prefix']) ? pyStr(data['from_prefix']) : '';
  const outcome = store.routes.update(rid, patch);
  return outcome.ok ? ok('Rule Updated') : refusal(outcome);
};

/** DELETE (routes.py:152-169): by path id or `?ruleid=`; neither the query nor the body is checked. */
export const deleteRouteDeployed: Handler = (store, req) => {
  const rid = requiredRuleid(req);
  if (isReply(rid)) return rid;
  const outcome = store.routes.delete(rid);
  return outcome.ok ? ok('Rule Deleted') : notFoundReply(NO_RULE);
};

/** validateOutboundRouteBody, functions.py:17-42, check for check and in its order. */
function validateBody(data: JsonObject, requireGwgroupid: boolean): Reply | null {
  const unknown = unknownField(data, DATA_ARGS);
  if (unknown) return unknown;
  const gwg = data['gwgroupid'];
  if (requireGwgroupid && (!pyTruthy(gwg) || pyStr(gwg) === '0')) return badRequest('gwgroupid is required (and cannot be "0")');
  for (const field of ['prefix', 'from_prefix'] as const) {
    if (!pyTruthy(data[field])) continue;
    const chars = iterate(data[field]);
    if (raised(chars)) return serverError(chars.raised);
    if (chars.some((c) => typeof c !== 'string' || !PREFIX_CHARS.includes(c))) {
      return badRequest(`${field} improperly formatted. Allowed chars: ${PREFIX_CHARS.join(',')}`);
    }
  }
  if (pyTruthy(data['from_prefix']) && !pyTruthy(data['prefix'])) {
    return badRequest('To Prefix is required when From Prefix is provided');
  }
  return null;
}

/** serializeOutboundRoute, functions.py:55-71: the name is parsed back out of `name:<name>`. */
function serializeAll(routes: readonly StoredRoute[]): Record<string, unknown>[] | Reply {
  const out: Record<string, unknown>[] = [];
  for (const route of routes) {
    const desc = route.name ? strFieldsToDict(`name:${route.name}`) : {};
    if (raised(desc)) return serverError(desc.raised);
    out.push({ ...toWire(route), name: desc['name'] ?? '' });
  }
  return out;
}

/** The path id, else `?ruleid=` through Python's int() (routes.py:96-101), else `null`. */
function ruleidOf(req: ParsedRequest): number | null | Reply {
  const fromPath = req.params['ruleid'];
  const text = fromPath ?? req.query.get('ruleid');
  if (text === undefined) return null;
  const rid = fromPath !== undefined && !/^[0-9]+$/.test(fromPath) ? { raised: '' } : pyInt(text);
  return raised(rid) ? badRequest('ruleid must be an integer') : rid;
}

function requiredRuleid(req: ParsedRequest): number | Reply {
  return ruleidOf(req) ?? badRequest('ruleid is required');
}

/** A string column as the row stores it: absent or `null` is `""`. */
function textOf(data: JsonObject, field: string): string {
  const value = data[field];
  return value === undefined || value === null ? '' : pyStr(value);
}
