import { deleteCarrierGroup, getCarrierGroups, writeCarrierGroup } from './handlers/carrier-groups.js';
import { ENDPOINT_GROUPS } from './handlers/endpoint-groups.js';
import { createMapping, deleteMapping, getMappings, updateMapping } from './handlers/inbound.js';
import { obtainLease, revokeLease } from './handlers/leases.js';
import { createRoute, deleteRoute, getRoutes, updateRoute } from './handlers/outbound.js';
import { getStats, reloadProxy } from './handlers/proxy.js';
import type { RouteEntry } from './router.js';

/**
 * The "spec" profile: every path of docs/platform-contract.md with the sane behaviour. A profile of the
 * deployed platform's quirks would be another list like this one.
 */
export const SPEC_PROFILE: readonly RouteEntry[] = [
  { path: '/proxy/stats', methods: { GET: getStats } },
  { path: '/kamailio/stats', methods: { GET: getStats } },
  { path: '/reload/kamailio', methods: { POST: reloadProxy } },
  { path: '/reload/proxy', methods: { POST: reloadProxy } },
  { path: '/endpoint/lease', methods: { GET: obtainLease } },
  { path: '/endpoint/lease/:leaseid/revoke', methods: { PUT: revokeLease } },
  {
    path: '/inboundmapping',
    methods: { GET: getMappings, POST: createMapping, PUT: updateMapping, DELETE: deleteMapping },
  },
  // PUT and DELETE are served here too, so that a missing id is a 400 "ruleid is required", not a 405.
  {
    path: '/outboundroutes',
    methods: { GET: getRoutes, POST: createRoute, PUT: updateRoute, DELETE: deleteRoute },
  },
  { path: '/outboundroutes/:ruleid', methods: { GET: getRoutes, PUT: updateRoute, DELETE: deleteRoute } },
  // POST and PUT alike create (no gwgroupid) or update, as on the platform.
  { path: '/carriergroups', methods: { GET: getCarrierGroups, POST: writeCarrierGroup, PUT: writeCarrierGroup } },
  { path: '/carriergroups/:id', methods: { GET: getCarrierGroups, PUT: writeCarrierGroup, DELETE: deleteCarrierGroup } },
  { path: '/endpointgroups', methods: { GET: ENDPOINT_GROUPS.GET, POST: ENDPOINT_GROUPS.POST, PUT: ENDPOINT_GROUPS.PUT } },
  { path: '/endpointgroups/:id', methods: { GET: ENDPOINT_GROUPS.GET, PUT: ENDPOINT_GROUPS.PUT, DELETE: ENDPOINT_GROUPS.DELETE } },
];
