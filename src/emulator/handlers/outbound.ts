import type { OutboundRouteInput } from '../../model/outbound-route.js';
import { bareGwgroupid } from '../../model/rules.js';
import { badRequest, notFoundReply, ok, type Reply } from '../envelope.js';
import type { Handler, ParsedRequest } from '../router.js';
import type { StoredRoute } from '../store/records.js';
import { isReply, parseId, refusal, unknownArgument } from './args.js';
import { readRouteFields } from './route-fields.js';

/** GET /outboundroutes (all routes), /outboundroutes/{ruleid} or ?ruleid= (one route). */
export const getRoutes: Handler = (store, req) => {
  const ruleid = readRuleid(req);
  if (isReply(ruleid)) return ruleid;
  if (ruleid === null) {
    const all = store.routes.list().map(toWire);
    return ok(all.length > 0 ? 'Routes Found' : 'No Routes Found', all);
  }
  const route = store.routes.get(ruleid);
  return route ? ok('Route Found', [toWire(route)]) : notFoundReply('No Matching Rule Found');
};

/** POST /outboundroutes: creates a simple route, or an LCR route with its LCR record. */
export const createRoute: Handler = (store, req) => {
  const early = unknownArgument(req.query, []);
  if (early) return early;
  const fields = readRouteFields(req.body, true);
  if (isReply(fields)) return fields;
  // readRouteFields guarantees name, prefix and gwgroupid on create.
  const outcome = store.routes.create(fields as OutboundRouteInput);
  return outcome.ok ? ok('Route Created', [{ ruleid: outcome.value.ruleid }]) : refusal(outcome);
};

/** PUT /outboundroutes/{ruleid}: fields not sent keep their value; from_prefix promotes or demotes. */
export const updateRoute: Handler = (store, req) => {
  const ruleid = requireRuleid(req);
  if (isReply(ruleid)) return ruleid;
  const fields = readRouteFields(req.body, false);
  if (isReply(fields)) return fields;
  if (Object.keys(fields).length === 0) return badRequest('No data to update');
  const outcome = store.routes.update(ruleid, fields);
  return outcome.ok ? ok('Route Updated', [toWire(outcome.value)]) : refusal(outcome);
};

/** DELETE /outboundroutes/{ruleid}: removes the route and its LCR record. */
export const deleteRoute: Handler = (store, req) => {
  const ruleid = requireRuleid(req);
  if (isReply(ruleid)) return ruleid;
  const outcome = store.routes.delete(ruleid);
  return outcome.ok ? ok('Route Deleted') : refusal(outcome);
};

/**
 * The record as the emulator returns it: ruleid a number, groupid a string, and `gwgroupid` the
 * stored `gwlist` with one leading `#` stripped (gui/modules/api/outboundroutes/functions.py:59),
 * so `"2"` reads `"2"` and `"#2"` (stored `##2`) reads `"#2"`.
 */
export function toWire(route: StoredRoute): Record<string, unknown> {
  return {
    ruleid: route.ruleid,
    groupid: String(route.groupid),
    name: route.name,
    prefix: route.prefix,
    from_prefix: route.from_prefix,
    gwgroupid: bareGwgroupid(route.gwgroupid),
    priority: route.priority,
    timerec: route.timerec,
    routeid: route.routeid,
  };
}

/** The ruleid from the path or from `?ruleid=` (not both), or `null` when neither is given. */
function readRuleid(req: ParsedRequest): number | null | Reply {
  const unknown = unknownArgument(req.query, ['ruleid']);
  if (unknown) return unknown;
  const fromPath = req.params['ruleid'];
  const fromQuery = req.query.get('ruleid');
  if (fromPath !== undefined && fromQuery !== undefined) {
    return badRequest('Only one of a path ruleid or ?ruleid= may be given');
  }
  const text = fromPath ?? fromQuery;
  if (text === undefined) return null;
  return parseId(text) ?? badRequest('ruleid must be an integer');
}

function requireRuleid(req: ParsedRequest): number | Reply {
  return readRuleid(req) ?? badRequest('ruleid is required');
}
