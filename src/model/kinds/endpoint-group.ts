import type { KindModule } from '../kind-spec.js';
import { endpointGroupDiff } from './endpoint-group/diff.js';
import { ENDPOINT_GROUP_READERS } from './endpoint-group/fields.js';
import { normalizeEndpointGroup } from './endpoint-group/normalize.js';
import { ENDPOINT_GROUP_READ_BACK } from './endpoint-group/read-back.js';
import { endpointGroupRequests } from './endpoint-group/requests.js';
import { ENDPOINT_GROUP_EXPORT } from './endpoint-group/export.js';
import { ENDPOINT_GROUP_STACK } from './endpoint-group/stack.js';

import { ENDPOINT_GROUP_API } from './endpoint-group/api.js';

/** Endpoint groups as code (issue 34): a PBX's endpoints, registration, call limit and reports, named by `name`. */
export const ENDPOINT_GROUP: KindModule<'endpoint_group'> = {
  kind: 'endpoint_group',
  collection: 'endpoint_groups',
  noun: 'endpoint group',
  shortNoun: 'endpoint group',
  keyField: 'name',
  fields: Object.keys(ENDPOINT_GROUP_READERS),
  isRule: false,
  formats: { endpoints: 'endpoint-set', auth: 'auth' },
  namedBy: {},
  idField: 'gwgroupid',
  groupType: 'endpoint',
  // Made before the mappings that send to it (created and updated before any rule change), deleted after them.
  stages: { create: 0.5, update: 0.5, delete: 3.5 },
  onlyKnownFields: false,
  passwordBlock: 'auth',
  execution: 'requests',
  requests: endpointGroupRequests,
  readBack: ENDPOINT_GROUP_READ_BACK,
  normalize: normalizeEndpointGroup,
  diff: endpointGroupDiff,
  export: ENDPOINT_GROUP_EXPORT,
  unique: [
    {
      what: 'endpoint group name',
      of: (_entry, text) => text('name'),
      shows: 'name',
      hint: 'keep one of them, or give the other group its own name',
    },
  ],
  passwordExample: 'PBX_PASSWORD',
  schemaHints: {},
  terraformType: 'dsiprouter_endpoint_group',
  stack: ENDPOINT_GROUP_STACK,

  api: ENDPOINT_GROUP_API,
  checksum: {
    order: (a, b) => a.gwgroupid - b.gwgroupid,
    // Never the password's fingerprint: it is keyed per process, and a checksum is saved in plan files.
    record: (g) => ({ ...g, ...(g.auth ? { auth: { ...g.auth, password_fingerprint: undefined } } : {}) }),
  },
};
