import type { KindModule } from '../kind-spec.js';
import { normalizeLease } from '../normalize-lease.js';
import { LEASE_FIELDS, leaseDiff } from './endpoint-lease/diff.js';
import { DUPLICATE_HINTS } from '../normalize.js';
import { LEASE_HINTS } from './endpoint-lease/hints.js';

import { leaseFromWire } from './endpoint-lease/wire.js';

/** Endpoint leases: short-lived SIP credentials, named by `name`; their password is a secret. */
export const ENDPOINT_LEASE: KindModule<'endpoint_lease'> = {
  kind: 'endpoint_lease',
  collection: 'endpoint_leases',
  noun: 'endpoint lease',
  shortNoun: 'lease',
  keyField: 'name',
  fields: LEASE_FIELDS,
  isRule: false,
  formats: { ttl: 'seconds', renew_before: 'seconds' },
  namedBy: {},
  // A lease's password must never reach a plan file, even if a bug put it in a change.
  onlyKnownFields: true,
  execution: 'lease',
  normalize: normalizeLease,
  diff: leaseDiff,
  ignoreAlwaysListed: true,
  unique: [{ what: 'lease name', of: (_entry, text) => text('name'), shows: 'name', hint: DUPLICATE_HINTS.leaseName }],
  // Every problem of a duration (type, form, range) is the normaliser's, worded in seconds.
  wordedByNormalizer: ['ttl', 'renew_before'],
  schemaHints: LEASE_HINTS,
  terraformType: 'dsiprouter_endpoint_lease',
  // The lease's name is the resource's logical id in the stack.
  stack: { attributes: ['email', 'ttl'], idField: 'name' },

  // The platform cannot list leases: their live state is the local state's records, and a lease is
  // obtained (not created) by the client's own calls, which read its answer here.
  liveFrom: 'state',
  obtainedFromWire: leaseFromWire,
  checksum: {
    // Never 0: two records of one name cannot both be live.
    order: (a, b) => (a.name < b.name ? -1 : 1),
    // The password never enters a checksum: a checksum is printed and saved in plan files.
    record: ({ password: _secret, ...rest }) => rest,
  },
};
