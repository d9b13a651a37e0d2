import { MAPPING_REPLACE_REASON, mappingUpdateReplaces } from '../inbound-mapping.js';
import type { KindModule } from '../kind-spec.js';
import { normalizeMapping } from '../normalize-rule.js';
import { mappingDiff } from './inbound-mapping/diff.js';
import { mappingRequests, mappingWithCreatedGroup } from './inbound-mapping/requests.js';
import { MAPPING_READERS } from './inbound-mapping/fields.js';
import { MAPPING_EXPORT } from './inbound-mapping/export.js';
import { DUPLICATE_HINTS } from '../normalize.js';
import { MAPPING_HINTS } from './inbound-mapping/hints.js';

import { MAPPING_API, MAPPING_CHECKSUM_FIELDS } from './inbound-mapping/api.js';

/** Inbound mappings: a DID to the servers (or group) that take its calls; the DID `""` is the default mapping. */
export const INBOUND_MAPPING: KindModule<'inbound_mapping'> = {
  kind: 'inbound_mapping',
  collection: 'inbound_mappings',
  noun: 'inbound mapping',
  shortNoun: 'mapping',
  keyField: 'did',
  emptyKeyLabel: 'default mapping',
  fields: Object.keys(MAPPING_READERS),
  isRule: true,
  formats: {},
  namedBy: { servers: 'group' },
  idField: 'ruleid',
  updateReplaces: {
    on: mappingUpdateReplaces,
    reason: MAPPING_REPLACE_REASON,
    note: 'The deployed platform (API profile current) cannot update an inbound mapping in place: each such change deletes the mapping, then creates it again, so its DID is briefly unrouted.',
  },
  onlyKnownFields: false,
  execution: 'requests',
  requests: mappingRequests,
  withCreatedGroups: mappingWithCreatedGroup,
  normalize: normalizeMapping,
  diff: mappingDiff,
  export: MAPPING_EXPORT,
  ignoreAlwaysListed: true,
  // A DID has one mapping: the same DID in two entries (in one file or two) is one too many.
  unique: [{ what: 'DID', of: (_entry, text) => text('did'), shows: 'did', hint: DUPLICATE_HINTS.did }],
  schemaHints: MAPPING_HINTS,
  terraformType: 'dsiprouter_inbound_mapping',
  stack: { attributes: ['did', 'servers', 'group', 'notes'] },

  api: MAPPING_API,
  checksum: { order: (a, b) => a.ruleid - b.ruleid, fields: MAPPING_CHECKSUM_FIELDS },
};
