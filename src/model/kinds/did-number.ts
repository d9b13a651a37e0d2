import type { KindModule } from '../kind-spec.js';
import { numberDiff } from './did-number/diff.js';
import { NUMBER_READERS } from './did-number/fields.js';
import { normalizeNumber } from './did-number/normalize.js';
import { NUMBER_READ_BACK } from './did-number/read-back.js';
import { numberRequests } from './did-number/requests.js';

/**
 * The numbers of the platform's DID inventory (its Numbers module, release 0.79), keyed by DID.
 * Not rules: the proxy never reads them; but the platform rewrites a DID's inbound mapping when
 * its number is written `available` (docs/numbers.md).
 */
export const DID_NUMBER: KindModule<'did_number'> = {
  kind: 'did_number',
  collection: 'numbers',
  noun: 'number',
  shortNoun: 'number',
  keyField: 'did',
  fields: Object.keys(NUMBER_READERS),
  isRule: false,
  formats: {},
  namedBy: {},
  idField: 'id',
  // Written before the rules (creates and updates): a number written available empties its DID's
  // inbound mapping, so a mapping the plan also writes comes after it and survives.
  stages: { create: 0.5, update: 0.5 },
  onlyKnownFields: false,
  execution: 'requests',
  // The Numbers API deletes many numbers by id in one request (all or none); creates and updates go one by one.
  bulkDelete: true,
  requests: numberRequests,
  // Another writer may change a number at the same time: each write is read back (one list request).
  readBack: NUMBER_READ_BACK,
  normalize: normalizeNumber,
  diff: numberDiff,
};
