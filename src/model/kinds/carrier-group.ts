import { normalizeCarrierGroup } from '../carrier-group-normalize.js';
import type { KindModule } from '../kind-spec.js';
import { carrierGroupDiff } from './carrier-group/diff.js';
import { CARRIER_GROUP_READ_BACK } from './carrier-group/read-back.js';
import { carrierGroupRequests } from './carrier-group/requests.js';
import { CARRIER_GROUP_READERS } from './carrier-group/fields.js';
import { CARRIER_GROUP_EXPORT } from './carrier-group/export.js';
import { CARRIER_GROUP_SCHEMA_HINTS } from './carrier-group/hints.js';
import { CARRIER_GROUP_STACK } from './carrier-group/stack.js';

import { CARRIER_GROUP_API } from './carrier-group/api.js';

/** Carrier groups as code: gateways and registration auth, named by `name`. */
export const CARRIER_GROUP: KindModule<'carrier_group'> = {
  kind: 'carrier_group',
  collection: 'carrier_groups',
  noun: 'carrier group',
  shortNoun: 'carrier group',
  keyField: 'name',
  fields: Object.keys(CARRIER_GROUP_READERS),
  isRule: false,
  formats: { endpoints: 'endpoints', auth: 'auth' },
  namedBy: {},
  idField: 'gwgroupid',
  groupType: 'carrier',
  // Created and updated before any rule change, deleted after every rule delete (and before the lease stages).
  stages: { create: 0.5, update: 0.5, delete: 3.5 },
  onlyKnownFields: false,
  passwordBlock: 'auth',
  execution: 'requests',
  requests: carrierGroupRequests,
  // The platform answers 200 even when it wrote nothing (a malformed hostname, say).
  readBack: CARRIER_GROUP_READ_BACK,
  recordsPasswords: true,
  normalize: normalizeCarrierGroup,
  diff: carrierGroupDiff,
  export: CARRIER_GROUP_EXPORT,
  unique: [
    {
      what: 'carrier group name',
      of: (_entry, text) => text('name'),
      shows: 'name',
      hint: 'keep one of them, or give the other group its own name',
    },
  ],
  passwordExample: 'CARRIER_PASSWORD',
  schemaHints: CARRIER_GROUP_SCHEMA_HINTS,
  terraformType: 'dsiprouter_carrier_group',
  stack: CARRIER_GROUP_STACK,

  api: CARRIER_GROUP_API,
  checksum: {
    order: (a, b) => a.gwgroupid - b.gwgroupid,
    // Never a password (the platform cannot return one, and a checksum is saved in plan files).
    record: (g) => ({ ...g, ...(g.auth ? { auth: { ...g.auth, auth_password: undefined } } : {}) }),
  },
};
