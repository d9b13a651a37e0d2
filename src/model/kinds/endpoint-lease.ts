import type { KindSpec } from '../kind-spec.js';

/** Endpoint leases: short-lived SIP credentials, named by `name`; their password is a secret. */
export const ENDPOINT_LEASE: KindSpec<'endpoint_lease'> = {
  kind: 'endpoint_lease',
  collection: 'endpoint_leases',
  noun: 'endpoint lease',
  shortNoun: 'lease',
  keyField: 'name',
  fields: ['name', 'email', 'ttl', 'renew_before', 'lease_id', 'username', 'domain', 'expires_at'],
  isRule: false,
  secondsFields: ['ttl', 'renew_before'],
  // A lease's password must never reach a plan file, even if a bug put it in a change.
  onlyKnownFields: true,
};
