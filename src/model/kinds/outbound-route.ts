import type { KindSpec } from '../kind-spec.js';

/** Outbound routes: a prefix (and caller prefix) to a carrier group, named by `name`. */
export const OUTBOUND_ROUTE: KindSpec<'outbound_route'> = {
  kind: 'outbound_route',
  collection: 'outbound_routes',
  noun: 'outbound route',
  shortNoun: 'route',
  keyField: 'name',
  fields: ['name', 'prefix', 'from_prefix', 'gwgroupid', 'priority', 'timerec', 'routeid'],
  isRule: true,
  secondsFields: [],
  onlyKnownFields: false,
};
