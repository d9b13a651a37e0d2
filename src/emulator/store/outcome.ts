/**
 * What a store operation returns: the value, or why nothing changed. Expected failures are values,
 * not exceptions, so a handler maps each to its HTTP answer in one place.
 */

/** Why a store operation refused: the target is missing, or the change would break an invariant. */
type FailureReason = 'not-found' | 'conflict';

/** A refused operation; the store is unchanged. `msg` is the sentence the API answers with. */
export interface Failure {
  readonly ok: false;
  readonly reason: FailureReason;
  readonly msg: string;
}

/** A successful operation and its result. */
interface Success<T> {
  readonly ok: true;
  readonly value: T;
}

/** The result of a store operation. */
export type Outcome<T> = Success<T> | Failure;

/** Wraps a result. */
export function success<T>(value: T): Success<T> {
  return { ok: true, value };
}

/** The target of the operation does not exist. */
export function notFound(msg: string): Failure {
  return { ok: false, reason: 'not-found', msg };
}

/** The operation would break an invariant (duplicate DID, full LCR range, ...). */
export function conflict(msg: string): Failure {
  return { ok: false, reason: 'conflict', msg };
}
