import { numberIdentity } from '../model/kinds/did-number/fields.js';
import { normalizeNumber } from '../model/kinds/did-number/normalize.js';
import type { NumberRecord } from '../model/number.js';

/** One exported number: the fields that hold a value (a field left out is none). */
export interface ExportedNumber {
  readonly did: string;
  readonly status?: string;
  readonly carrier?: string;
  readonly pool?: string;
}

/** The numbers an export writes, and those it leaves to `policy.ignore.numbers`, with why. */
export interface ExportedNumbers {
  readonly numbers: ExportedNumber[];
  /** By DID: why the files cannot declare it as the platform holds it. */
  readonly left: Map<string, string>;
}

/**
 * The live numbers as entries that plan to no changes, by id. A number the files cannot declare as
 * the platform holds it (a status other than available, reserved or assigned; a DID the files'
 * rules refuse; two numbers the platform takes for one DID, `1555…` and `+1555…`) is left out, and
 * its DID goes to `policy.ignore.numbers` so that planning the file keeps it.
 */
export function exportNumbers(live: readonly NumberRecord[]): ExportedNumbers {
  const perIdentity = new Map<string, number>();
  for (const n of live) perIdentity.set(numberIdentity(n.did), (perIdentity.get(numberIdentity(n.did)) ?? 0) + 1);
  const numbers: ExportedNumber[] = [];
  const left = new Map<string, string>();
  for (const n of [...live].sort((a, b) => a.id - b.id)) {
    if ((perIdentity.get(numberIdentity(n.did)) ?? 0) > 1) {
      left.set(n.did, 'the platform holds it with and without a leading +, which an entry cannot tell apart');
      continue;
    }
    const entry: ExportedNumber = {
      did: n.did,
      ...(n.status !== null ? { status: n.status } : {}),
      ...(n.carrier !== null ? { carrier: n.carrier } : {}),
      ...(n.pool !== null ? { pool: n.pool } : {}),
    };
    const problem = normalizeNumber({ ...entry }).issues[0];
    if (problem) left.set(n.did, problem.message);
    else numbers.push(entry);
  }
  return { numbers, left };
}
