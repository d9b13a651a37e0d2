import type { ApiErrorCode } from '../model/error-codes.js';
import { DsipformError } from '../model/errors.js';

/** Every way a platform request can fail: the `API_` codes of the one registry (model/error-codes.ts). */
export type { ApiErrorCode };

/** What the request was; never holds headers, so never the token. */
export interface ApiRequestInfo {
  readonly method: string;
  /** Path below the API root, with its percent-encoded query, e.g. `/inboundmapping?did=%2B44`. */
  readonly path: string;
}

/** Details of a failed platform request. */
interface ApiErrorDetails extends ApiRequestInfo {
  /** HTTP status, or `undefined` when no response arrived. */
  readonly status?: number;
  /** The platform's `msg`, when it answered with its JSON envelope. */
  readonly platformMsg?: string;
  /** The platform's `error` field (`"http"`, `"db"`, `"server"`, or `""`). */
  readonly platformError?: string;
  /** Seconds to wait before retrying, from `Retry-After`. */
  readonly retryAfter?: number;
}

/** A typed failure of one platform request: made only by the client's request choke point. */
export class ApiError extends DsipformError {
  readonly status: number | undefined;
  readonly method: string;
  readonly path: string;
  readonly platformMsg: string | undefined;
  readonly platformError: string | undefined;
  readonly retryAfter: number | undefined;
  static override readonly kind: string = 'ApiError';
  declare readonly code: ApiErrorCode;

  constructor(code: ApiErrorCode, message: string, details: ApiErrorDetails, hint = '', cause?: unknown) {
    super(code, `${details.method} ${details.path}: ${message}`, hint, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.status = details.status;
    this.method = details.method;
    this.path = details.path;
    this.platformMsg = details.platformMsg;
    this.platformError = details.platformError;
    this.retryAfter = details.retryAfter;
  }

  /** Whether the platform answered that the object does not exist. */
  get isNotFound(): boolean {
    return this.code === 'API_NOT_FOUND';
  }
}
