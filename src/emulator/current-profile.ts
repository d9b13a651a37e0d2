import { sendFlaskPage } from './flask-pages.js';
import { deployedInbound } from './handlers/current-inbound.js';
import { obtainLeaseDeployed, revokeLeaseDeployed } from './handlers/current-leases.js';
import { deleteRouteByPath, updateRouteByPath } from './handlers/current-outbound.js';
import { createRoute, getRoutes } from './handlers/outbound.js';
import { getStats, reloadProxy } from './handlers/proxy.js';
import type { ApiProfile } from './profiles.js';

/**
 * The "current" profile: the platform as deployed (releases 0.7x–0.79 and the outbound-routes
 * extension), quirks included, per platform-behaviour.md and issue 9. Stats only at
 * `/kamailio/stats`, leases at `/lease/endpoint`, the inbound note called `name`, HTML 404/405
 * pages. A fresh one per emulator, because the inbound handlers keep state (see deployedInbound).
 */
export function currentProfile(): ApiProfile {
  const inbound = deployedInbound();
  return {
    name: 'current',
    entries: [
      { path: '/kamailio/stats', methods: { GET: getStats } },
      { path: '/reload/kamailio', methods: { POST: reloadProxy } },
      { path: '/reload/proxy', methods: { POST: reloadProxy } },
      { path: '/lease/endpoint', methods: { GET: obtainLeaseDeployed } },
      { path: '/lease/endpoint/:leaseid/revoke', methods: { DELETE: revokeLeaseDeployed } },
      {
        path: '/inboundmapping',
        methods: { GET: inbound.get, POST: inbound.create, PUT: inbound.update, DELETE: inbound.delete },
      },
      // Without a path id, PUT and DELETE are the spec's 400 "ruleid is required" (or, with
      // ?ruleid=, "Request argument not recognized").
      {
        path: '/outboundroutes',
        methods: { GET: getRoutes, POST: createRoute, PUT: updateRouteByPath, DELETE: deleteRouteByPath },
      },
      { path: '/outboundroutes/:ruleid', methods: { GET: getRoutes, PUT: updateRouteByPath, DELETE: deleteRouteByPath } },
    ],
    routingPage: sendFlaskPage,
  };
}
