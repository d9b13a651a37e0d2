import { badRequest, type Reply } from '../envelope.js';
import type { Handler, ParsedRequest } from '../router.js';
import type { EmulatorStore } from '../store/store.js';
import { has, parseId } from './args.js';
import { deleteRoute, updateRoute } from './outbound.js';

/**
 * PUT /outboundroutes/{ruleid} (`current`): only by path id (`?ruleid=` is not an argument there),
 * and a promotion (a non-empty `from_prefix` sent for a simple route) needs `prefix` in the same body.
 */
export const updateRouteByPath: Handler = (store, req) =>
  queryRuleid(req) ?? promotionWithoutPrefix(store, req) ?? updateRoute(store, req);

/** DELETE /outboundroutes/{ruleid} (`current`): only by path id. */
export const deleteRouteByPath: Handler = (store, req) => queryRuleid(req) ?? deleteRoute(store, req);

function queryRuleid(req: ParsedRequest): Reply | null {
  return req.query.has('ruleid') ? badRequest('Request argument not recognized') : null;
}

function promotionWithoutPrefix(store: EmulatorStore, req: ParsedRequest): Reply | null {
  const fromPrefix = req.body['from_prefix'];
  if (typeof fromPrefix !== 'string' || fromPrefix === '' || has(req.body, 'prefix')) return null;
  const ruleid = parseId(req.params['ruleid'] ?? '');
  const route = ruleid === null ? undefined : store.routes.get(ruleid);
  return route && route.from_prefix === null ? badRequest('prefix is required with from_prefix') : null;
}
