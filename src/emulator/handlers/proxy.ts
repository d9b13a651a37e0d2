import { ok } from '../envelope.js';
import type { Handler } from '../router.js';
import { unknownArgument } from './args.js';

/** GET /proxy/stats (and /kamailio/stats): one record of the 15 transaction counters. */
export const getStats: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, []);
  if (unknown) return unknown;
  return ok('Successfully retrieved proxy stats', [store.traffic.stats()]);
};

/** POST /reload/kamailio (and /reload/proxy): the proxy applies the writes; clears `kamreload`. */
export const reloadProxy: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, []);
  if (unknown) return unknown;
  store.reload();
  return ok('Reload succeeded');
};

/**
 * GET /kamailio/stats (`current`): arguments are not checked; msg as gui/modules/api/api_routes.py:224
 * (v0.79-rel).
 */
export const getStatsDeployed: Handler = (store) => ok('Successfully retrieved kamailio stats', [store.traffic.stats()]);

/** POST /reload/kamailio (`current`): msg as gui/modules/api/api_routes.py:243 (v0.79-rel). */
export const reloadProxyDeployed: Handler = (store) => {
  store.reload();
  return ok('Kamailio reload succeeded');
};
