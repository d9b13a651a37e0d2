import { sendFlaskPage } from './flask-pages.js';
import { deleteCarrierGroupDeployed, getCarrierGroupsDeployed, writeCarrierGroupDeployed } from './handlers/carrier-groups.js';
import { ENDPOINT_GROUPS_DEPLOYED as EG } from './handlers/endpoint-groups.js';
import { createMappingDeployed, deleteMappingDeployed, getMappingsDeployed, updateMappingDeployed } from './handlers/current-inbound.js';
import { obtainLeaseDeployed, revokeLeaseDeployed } from './handlers/current-leases.js';
import { createRouteDeployed, deleteRouteDeployed, getRoutesDeployed, updateRouteDeployed } from './handlers/current-outbound.js';
import { NUMBERS_ENTRIES } from './handlers/numbers.js';
import { getStatsDeployed, reloadProxyDeployed } from './handlers/proxy.js';
import type { ApiProfile } from './profiles.js';
import { FLASK_WIRE } from './wire-rules.js';

/**
 * The "current" profile: the platform as deployed (release 0.79 with its Numbers module, and the
 * outbound-routes extension), quirks included, answer for answer; docs/platform-profiles.md lists
 * each difference from `spec` with its upstream source. Stats only at `/kamailio/stats`, leases at
 * `/lease/endpoint`, the inbound note called `name`, HTML 404/405 pages, Flask's `<int:…>` path
 * ids, and requests read and answers written as Flask does (FLASK_WIRE). `reads` lists the methods
 * whose handler calls `getRequestData()`; only those see the body.
 */
export function currentProfile(): ApiProfile {
  return {
    name: 'current',
    entries: [
      { path: '/kamailio/stats', methods: { GET: getStatsDeployed } },
      { path: '/reload/kamailio', methods: { POST: reloadProxyDeployed }, reads: [] },
      { path: '/reload/proxy', methods: { POST: reloadProxyDeployed }, reads: [] },
      { path: '/lease/endpoint', methods: { GET: obtainLeaseDeployed } },
      { path: '/lease/endpoint/:leaseid(int)/revoke', methods: { DELETE: revokeLeaseDeployed } },
      {
        path: '/inboundmapping',
        methods: { GET: getMappingsDeployed, POST: createMappingDeployed, PUT: updateMappingDeployed, DELETE: deleteMappingDeployed },
      },
      // routes.py:34-35: PUT and DELETE are served without a path id too ("ruleid is required", or ?ruleid=).
      {
        path: '/outboundroutes',
        methods: { GET: getRoutesDeployed, POST: createRouteDeployed, PUT: updateRouteDeployed, DELETE: deleteRouteDeployed },
      },
      {
        path: '/outboundroutes/:ruleid(int)',
        methods: { GET: getRoutesDeployed, PUT: updateRouteDeployed, DELETE: deleteRouteDeployed },
      },
      // carriergroups/routes.py:77-79, :226-228 (`<string:id>`); api_routes.py:848, :942, :1069, :1110-1111, :1764 (`<int:…>`).
      {
        path: '/carriergroups',
        methods: { GET: getCarrierGroupsDeployed, POST: writeCarrierGroupDeployed, PUT: writeCarrierGroupDeployed },
      },
      {
        path: '/carriergroups/:id',
        methods: { GET: getCarrierGroupsDeployed, PUT: writeCarrierGroupDeployed, DELETE: deleteCarrierGroupDeployed },
      },
      { path: '/endpointgroups', methods: { GET: EG.GET, POST: EG.POST, PUT: EG.PUT } },
      { path: '/endpointgroups/:id(int)', methods: { GET: EG.GET, PUT: EG.PUT, DELETE: EG.DELETE } },
      ...NUMBERS_ENTRIES,
    ],
    routingPage: sendFlaskPage,
    wire: FLASK_WIRE,
  };
}
