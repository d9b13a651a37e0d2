import type { KindSpec } from '../kind-spec.js';

/** Carrier groups as code: gateways and registration auth, named by `name`. */
export const CARRIER_GROUP: KindSpec<'carrier_group'> = {
  kind: 'carrier_group',
  collection: 'carrier_groups',
  noun: 'carrier group',
  shortNoun: 'carrier group',
  keyField: 'name',
  fields: ['name', 'lb_enabled', 'endpoints', 'auth'],
  isRule: false,
  secondsFields: [],
  onlyKnownFields: false,
};
