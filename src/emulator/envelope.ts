/**
 * The answer a handler gives, and the platform's JSON envelope around it (docs/platform-contract.md §1).
 * Handlers return a `Reply`; only the server turns it into bytes, adding the global `kamreload`.
 */
import type { Envelope } from '../model/envelope.js';

/** A handler's answer: status, records and message; `error` is `""` unless the request failed. */
export interface Reply {
  readonly status: number;
  readonly data: readonly unknown[];
  readonly error: string;
  readonly msg: string;
  /** Extra response headers (e.g. `Allow` on a 405). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The `kamreload` to answer instead of the flag after the request (the deployed carrier-group
   * write answers the flag as it was before it wrote).
   */
  readonly kamreload?: boolean;
  /** The answer has no `dsipreload` key (the deployed carrier-group handlers build their own payload). */
  readonly bare?: true;
}

/** Success: always 200, never 201/204. */
export function ok(msg: string, data: readonly unknown[] = []): Reply {
  return { status: 200, data, error: '', msg };
}

/** The request is wrong: 400 with `error: "http"` and a sentence saying what. */
export function badRequest(msg: string): Reply {
  return { status: 400, data: [], error: 'http', msg };
}

/** Nothing matched the selector: 404 with an empty `error`, as the platform answers. */
export function notFoundReply(msg: string): Reply {
  return { status: 404, data: [], error: '', msg };
}

/** A request-level failure with `error: "http"` (401, 404 of a path, 405, 413). */
export function httpError(status: number, msg: string, headers?: Record<string, string>): Reply {
  return headers ? { status, data: [], error: 'http', msg, headers } : { status, data: [], error: 'http', msg };
}

/** The emulator itself failed: `error` is `"server"` or `"db"` (the data file could not be written). */
export function serverError(msg: string, error: 'server' | 'db' = 'server'): Reply {
  return { status: 500, data: [], error, msg };
}

/** Wraps a reply in the envelope; `dsipreload` is always false because nothing here needs a GUI reload. */
export function envelope(reply: Reply, kamreload: boolean): Envelope {
  return { data: reply.data, error: reply.error, msg: reply.msg, kamreload, dsipreload: false };
}
