import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiError } from './errors.js';
import type { RequestRecord } from '../model/apply-report.js';

/** How hard to try. Every bound applies; the first reached ends the retries. */
export interface RetryPolicy {
  /** Most attempts of one request, the first included. Default 6; 1 turns retries off. */
  readonly maxAttempts: number;
  /** First backoff in ms, doubled per attempt, with full jitter. Default 200. */
  readonly baseMs: number;
  /** Longest single wait in ms. Default 5,000. */
  readonly maxDelayMs: number;
  /** Longest total time spent retrying one request, in ms. Default 60,000. */
  readonly totalMs: number;
}

/** The defaults. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseMs: 200, maxDelayMs: 5_000, totalMs: 60_000 };

/**
 * Whether a failed request may be sent again. Any request may be retried when the platform cannot
 * have acted (429, connection refused). Reads, updates and deletes are idempotent, so they are also
 * retried after 5xx answers, resets and timeouts. A create is not: after such an ambiguous failure
 * the caller must first read back whether it happened.
 */
export function isRetryable(err: ApiError, idempotent: boolean): boolean {
  if (err.code === 'API_RATE_LIMITED' || err.code === 'API_CONNECTION_REFUSED') return true;
  return idempotent && isAmbiguous(err);
}

/** A failure after which the platform may or may not have carried out the request. */
export function isAmbiguous(err: ApiError): boolean {
  return (
    err.code === 'API_SERVER_ERROR' ||
    err.code === 'API_CONNECTION_RESET' ||
    err.code === 'API_TIMEOUT' ||
    (err.code === 'API_UNEXPECTED_RESPONSE' && (err.status ?? 0) >= 500)
  );
}

/** The wait before attempt `attempt + 1` (attempt counts from 1): exponential with full jitter, at least Retry-After. */
export function backoffMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfterS: number | undefined,
  random: () => number = Math.random,
): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** (attempt - 1));
  const jittered = Math.floor(random() * cap);
  return Math.max(jittered, (retryAfterS ?? 0) * 1000);
}

/**
 * The wait before retrying a request answered 429 for the `limited`-th time in a row: its
 * Retry-After (one second when it gives none) plus a jitter that doubles from `baseMs` up to one
 * second. Retry-After counts whole seconds, so the moment the limit admits again lies within the
 * second after it; spreading the retries keeps requests limited together from all coming back at
 * once and meeting the limit again.
 */
export function rateLimitWaitMs(
  policy: RetryPolicy,
  limited: number,
  retryAfterS: number | undefined,
  random: () => number = Math.random,
): number {
  const spread = Math.min(1000, Math.max(1, policy.baseMs) * 2 ** (limited - 1));
  return (retryAfterS ?? 1) * 1000 + Math.floor(random() * spread);
}

/** Where requests are counted (and, with `log`, recorded) for one piece of work: see `PlatformClient.counting`. */
export interface RequestTally {
  requests: number;
  /** When present, every request is appended here. */
  readonly log?: RequestRecord[];
  /** Stamped on each record appended to `log`. */
  readonly change?: number;
}

/**
 * The deadline (epoch ms) of the operation running inside, e.g. a Terraform resource's
 * `timeouts { create = "2m" }`: its requests time out, and stop retrying, by then.
 */
export const operationDeadline = new AsyncLocalStorage<number>();
