import type { KindModule } from '../kind-spec.js';
import { numberDiff } from './did-number/diff.js';
import { NUMBER_READERS } from './did-number/fields.js';
import { normalizeNumber } from './did-number/normalize.js';
import { NUMBER_READ_BACK } from './did-number/read-back.js';
import { numberRequests } from './did-number/requests.js';
import { NUMBER_EXPORT } from './did-number/export.js';
import { numberIdentity } from './did-number/fields.js';
import { NUMBER_HINTS } from './did-number/hints.js';

import { NUMBER_API } from './did-number/api.js';

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
  // A number written available empties its DID's inbound mapping: written before the rules, so a
  // mapping the plan also writes comes after it and survives. Any other write goes after the rules:
  // a mapping written with servers (or deleted) sets its number's status, which the number's own
  // write then sets as the files say. Deletes too: a mapping delete marks its number, which must
  // still be there when that is read back.
  stages: { create: 0.5, update: 0.5 },
  stageOf: (c) => (c.action === 'delete' || c.after.status !== 'available' ? 3.5 : undefined),
  onlyKnownFields: false,
  execution: 'requests',
  // The Numbers API deletes many numbers by id in one request (all or none); creates and updates go one by one.
  bulkDelete: true,
  requests: numberRequests,
  // Another writer may change a number at the same time: each write is read back (one list request).
  readBack: NUMBER_READ_BACK,
  normalize: normalizeNumber,
  diff: numberDiff,
  export: NUMBER_EXPORT,
  unique: [
    {
      what: 'number',
      // By the platform's identity of a DID: "+1555…" and "1555…" are one number to it.
      of: (_entry, text) => {
        const did = text('did');
        return did === undefined ? undefined : numberIdentity(did);
      },
      shows: 'did',
      hint: 'keep one of them: the platform takes "+1555…" and "1555…" for one number',
    },
  ],
  schemaHints: NUMBER_HINTS,
  // The platform calls a number of its inventory a number, not a did_number.
  terraformType: 'dsiprouter_number',
  stack: { attributes: ['did', 'status', 'carrier', 'pool'] },

  // Only a deployed platform with the Numbers module serves it (NUMBER_API.requires).
  api: NUMBER_API,
  checksum: {
    order: (a, b) => a.id - b.id,
    // The compared fields and the id: the platform restamps assigned_date on its own writes.
    record: ({ id, did, status, carrier, pool }) => ({ id, did, status, carrier, pool }),
  },
};
