import type { KindSpec } from '../kind-spec.js';

/** Inbound mappings: a DID to the servers (or group) that take its calls; the DID `""` is the default mapping. */
export const INBOUND_MAPPING: KindSpec<'inbound_mapping'> = {
  kind: 'inbound_mapping',
  collection: 'inbound_mappings',
  noun: 'inbound mapping',
  shortNoun: 'mapping',
  keyField: 'did',
  emptyKeyLabel: 'default mapping',
  fields: ['did', 'servers', 'notes'],
  isRule: true,
  secondsFields: [],
  onlyKnownFields: false,
};
