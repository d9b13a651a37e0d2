import type { DesiredNumber, NumberRecord } from '../../number.js';
import { changedBy, readAll, type FieldReaders } from '../compare.js';
import type { NumberFields } from './change.js';

type Side = NumberRecord | DesiredNumber;

/**
 * A number's compared fields, stated once: the DID as written (a `+` kept: the Numbers page shows
 * it so), status, carrier and pool. The platform's own columns (id, assigned_*, date_created) are
 * not among them: the platform stamps them.
 */
export const NUMBER_READERS = {
  did: (n: Side) => n.did,
  status: (n: Side) => n.status,
  carrier: (n: Side) => n.carrier,
  pool: (n: Side) => n.pool,
} satisfies FieldReaders<Side>;

/** The comparable fields of a number, live or declared. */
export function numberFields(n: Side): NumberFields {
  return readAll<Side>(NUMBER_READERS, n) as unknown as NumberFields;
}

/** The names of the compared fields whose values differ, in their order. */
export function changedNumberFields(before: Side, after: Side): string[] {
  return changedBy<Side>(NUMBER_READERS, before, after);
}

/** The identity the platform gives a DID (model/number.ts): the one the module pairs and declares by. */
export { numberIdentity } from '../../number.js';
