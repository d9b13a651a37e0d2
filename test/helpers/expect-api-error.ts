import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors.js';

/** Awaits a promise that must fail with an `ApiError` and returns the error. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (err: unknown) => ({ ok: false as const, err }),
  );
  if (outcome.ok) throw new Error(`expected an ApiError, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.err).toBeInstanceOf(ApiError);
  return outcome.err as ApiError;
}

/** Asserts the failure's status, platform `error` field and `msg`. */
export async function expectRejected(
  promise: Promise<unknown>,
  status: number,
  msg: string | RegExp,
  error = status === 404 ? '' : 'http',
): Promise<ApiError> {
  const err = await apiErrorOf(promise);
  expect({ status: err.status, error: err.platformError }).toEqual({ status, error });
  if (typeof msg === 'string') expect(err.platformMsg).toBe(msg);
  else expect(err.platformMsg).toMatch(msg);
  return err;
}
