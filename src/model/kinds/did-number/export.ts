import type { KindExport } from '../../kind-export.js';
import type { NumberRecord } from '../../number.js';
import { numberIdentity } from './fields.js';
import { normalizeNumber } from './normalize.js';

/** One exported number: the fields that hold a value (a field left out is none). */
export interface ExportedNumber {
  readonly did: string;
  readonly status?: string;
  readonly carrier?: string;
  readonly pool?: string;
}

function numberEntry(n: NumberRecord): ExportedNumber {
  return {
    did: n.did,
    ...(n.status !== null ? { status: n.status } : {}),
    ...(n.carrier !== null ? { carrier: n.carrier } : {}),
    ...(n.pool !== null ? { pool: n.pool } : {}),
  };
}

/**
 * How export writes numbers: by id, and only when the platform holds some (no numbers, no
 * `numbers:`: the file then leaves the inventory alone, as a file that never named it does). A
 * number the files cannot declare as the platform holds it (a status other than available,
 * reserved or assigned; a DID the files' rules refuse; two numbers the platform takes for one DID,
 * `1555…` and `+1555…`) is left out, in id order.
 */
export const NUMBER_EXPORT: KindExport<'did_number'> = {
  ignoreRank: 3,
  ignoreSorted: true,
  omitEmpty: true,
  leftOut: (live) => {
    const perIdentity = new Map<string, number>();
    for (const n of live) perIdentity.set(numberIdentity(n.did), (perIdentity.get(numberIdentity(n.did)) ?? 0) + 1);
    const left = new Map<string, string>();
    for (const n of [...live].sort((a, b) => a.id - b.id)) {
      if ((perIdentity.get(numberIdentity(n.did)) ?? 0) > 1) {
        left.set(n.did, 'the platform holds it with and without a leading +, which an entry cannot tell apart');
        continue;
      }
      const problem = normalizeNumber({ ...numberEntry(n) }).issues[0];
      if (problem) left.set(n.did, problem.message);
    }
    return left;
  },
  order: (a, b) => a.id - b.id,
  entry: numberEntry,
};
