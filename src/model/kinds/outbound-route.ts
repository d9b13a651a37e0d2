import type { KindModule } from '../kind-spec.js';
import { normalizeRoute } from '../normalize-rule.js';
import { lcrPatternOf } from '../outbound-route.js';
import type { RouteFields } from '../plan.js';
import { routeDiff } from './outbound-route/diff.js';
import { routeRequests, routeWithCreatedGroup } from './outbound-route/requests.js';
import { ROUTE_READERS } from './outbound-route/fields.js';
import { ROUTE_EXPORT } from './outbound-route/export.js';
import { ROUTE_HINTS } from './outbound-route/hints.js';
import { ROUTE_UNIQUE } from './outbound-route/unique.js';

import { ROUTE_API, ROUTE_CHECKSUM_FIELDS } from './outbound-route/api.js';

/** Outbound routes: a prefix (and caller prefix) to a carrier group, named by `name`. */
export const OUTBOUND_ROUTE: KindModule<'outbound_route'> = {
  kind: 'outbound_route',
  collection: 'outbound_routes',
  noun: 'outbound route',
  shortNoun: 'route',
  keyField: 'name',
  fields: Object.keys(ROUTE_READERS),
  isRule: true,
  formats: {},
  namedBy: { gwgroupid: 'carrier_group' },
  idField: 'ruleid',
  // The platform holds one LCR record per pattern.
  claims: (values) => lcrPatternOf(values as RouteFields | undefined),
  onlyKnownFields: false,
  execution: 'requests',
  requests: routeRequests,
  withCreatedGroups: routeWithCreatedGroup,
  normalize: normalizeRoute,
  diff: routeDiff,
  export: ROUTE_EXPORT,
  ignoreAlwaysListed: true,
  unique: ROUTE_UNIQUE,
  schemaHints: ROUTE_HINTS,
  terraformType: 'dsiprouter_outbound_route',
  stack: {
    attributes: ['name', 'prefix', 'gwgroupid', 'carrier_group', 'from_prefix', 'priority', 'timerec', 'routeid'],
    types: { priority: 'number' },
  },

  api: ROUTE_API,
  checksum: { order: (a, b) => a.ruleid - b.ruleid, fields: ROUTE_CHECKSUM_FIELDS },
};
