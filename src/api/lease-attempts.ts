/**
 * Obtaining a lease one noted attempt at a time. The platform can neither list leases nor read one
 * back: a lease is known only from the answer that issued it. So an attempt whose answer is lost (a
 * reset, a timeout, a 5xx, an answer that cannot be read) may have issued a lease that nobody can
 * ever find, and the only account of it is what the caller wrote down before sending.
 */
import type { Lease } from '../model/lease.js';
import { ApiError } from './errors.js';
import { isAmbiguous } from './retry.js';

/** What the caller does around each attempt of an obtain; `N` identifies the attempt (a note id). */
export interface ObtainAttempts<N> {
  /** Writes the attempt down before it is sent; resolves to its identity. A rejection sends nothing. */
  before(): Promise<N>;
  /**
   * The attempt's answer was lost: the platform may have issued a lease. Its note must stay until
   * the lease would have expired.
   */
  lost(note: N, err: unknown): Promise<void> | void;
  /** The attempt certainly issued nothing (a 4xx answer, or a request that never left): drop its note. */
  refused(note: N, err: ApiError): Promise<void> | void;
}

/** An issued lease and the attempt that obtained it. */
export interface NotedLease<N> {
  readonly lease: Lease;
  readonly note: N;
}

/** What the retries may spend: the client's policy. */
export interface ObtainRetry {
  readonly maxAttempts: number;
  /** No attempt starts after this many ms have passed since the first. */
  readonly totalMs: number;
  /** Waits before attempt `attempt + 1`. */
  pause(attempt: number, err: ApiError): Promise<void>;
}

/** Failures in which the request never reached the platform, so no lease can have been issued. */
const NEVER_SENT = new Set(['API_CONNECTION_REFUSED', 'API_HOST_NOT_FOUND', 'API_TLS']);

/**
 * Whether a failed obtain certainly issued no lease: the platform answered and refused (4xx), or
 * the request never left. No answer, a 5xx or an answer we could not read may each hide a lease.
 */
export function certainlyNotIssued(err: unknown): err is ApiError {
  if (!(err instanceof ApiError)) return false;
  if (NEVER_SENT.has(err.code)) return true;
  return err.status !== undefined && err.status >= 400 && err.status < 500;
}

/**
 * Obtains a lease with `once` (one attempt, which must not retry after a lost answer itself),
 * calling `attempts.before` ahead of every attempt and `lost` or `refused` after each that fails.
 *
 * After a lost answer (reset, timeout, 5xx) it obtains again, up to `retry.maxAttempts` attempts in
 * all, none begun after `retry.totalMs`. There is nothing to look up first: the platform offers no
 * way to find a lease it issued (no list, no read by id or email). Retrying is still right: the
 * lease is what the run was asked for, and a later run would obtain one anyway (docs/decisions.md).
 * An unreadable 2xx answer is not retried: the platform did answer, and most likely issued a lease.
 * Rejects with the last error.
 */
export async function obtainInAttempts<N>(
  once: () => Promise<Lease>,
  attempts: ObtainAttempts<N>,
  retry: ObtainRetry,
): Promise<NotedLease<N>> {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const note = await attempts.before();
    try {
      return { lease: await once(), note };
    } catch (err) {
      if (certainlyNotIssued(err)) {
        await attempts.refused(note, err);
        throw err;
      }
      await attempts.lost(note, err);
      if (!(err instanceof ApiError) || !isAmbiguous(err) || attempt >= retry.maxAttempts) throw err;
      await retry.pause(attempt, err);
      if (Date.now() - started > retry.totalMs) throw err;
    }
  }
}
