import { Agent, request as undiciRequest } from 'undici';
import { apiRoot, CLI_SETTING_NAMES, DEFAULT_TIMEOUT_MS, type ConnectionOptions, type SettingNames } from './connection.js';
import { interpretResponse, type Envelope, type RawResponse } from './envelope.js';
import { httpsExpected, speaksTls, transportFailure } from './failure.js';
import { ApiError, type ApiRequestInfo } from './errors.js';
import { backoffMs, DEFAULT_RETRY, isRetryable, operationDeadline, rateLimitWaitMs, requestCounter, type RetryPolicy } from './retry.js';
import { redactText, scrubBody } from './secrets.js';

/** HTTP methods the platform API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What one request carries besides method and path. */
export interface RequestParts {
  /** Query arguments; values are percent-encoded (`+` → `%2B`, `#` → `%23`). */
  readonly query?: Readonly<Record<string, string | number>>;
  /** JSON body; sent as `application/json`. */
  readonly body?: unknown;
  /**
   * Whether sending it twice does no harm (reads, updates, deletes: the default for every method
   * but POST). Non-idempotent requests are retried only when the platform cannot have acted.
   */
  readonly idempotent?: boolean;
  /**
   * For deletes: a 404 on a retry means an earlier attempt already deleted it, so it counts as done
   * (an empty envelope is returned). A 404 on the first attempt is still an error.
   */
  readonly goneIsDone?: boolean;
}

/** Percent-encodes query arguments in a stable order of insertion. */
export function encodeQuery(query: RequestParts['query']): string {
  if (!query) return '';
  const parts = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * The single choke point for platform requests: one keep-alive connection pool, the three headers
 * on every request, and every failure turned into a typed `ApiError`. The token is held in a
 * private field, so it shows in no inspection, serialization or error of this object; it and every
 * other secret of the run are removed from each answer before anything reads it.
 */
export class Transport {
  readonly #token: string;
  readonly #secrets: Set<string>;
  readonly #agent: Agent;
  readonly #onRequest: ConnectionOptions['onRequest'];
  /** Whether an http:// origin turned out to speak TLS; asked once, after the first cut-off request. */
  #tlsProbe: Promise<boolean> | undefined;
  /** The API root, `<base>/api/v1`. */
  readonly root: string;
  /** `scheme://host:port` of the platform, for messages. */
  readonly origin: string;
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  /** How the front end names its settings, for hints. */
  readonly settingNames: SettingNames;
  /** The platform's `kamreload` flag in the last answer that carried one; undefined before any. */
  lastKamreload: boolean | undefined;

  constructor(options: ConnectionOptions) {
    this.root = apiRoot(options.url);
    this.origin = new URL(this.root).origin;
    this.#token = options.token;
    this.#secrets = options.secrets ?? new Set();
    this.#secrets.add(options.token);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.settingNames = options.settingNames ?? CLI_SETTING_NAMES;
    this.#onRequest = options.onRequest;
    this.#agent = new Agent({
      connections: options.connections ?? 32,
      keepAliveTimeout: 30_000,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      connect: {
        timeout: this.timeoutMs,
        ...(options.ca ? { ca: options.ca } : {}),
        rejectUnauthorized: !options.insecure,
      },
    });
  }

  /** Adds a secret (e.g. a lease password) to remove from every later answer. */
  addSecret(secret: string): void {
    this.#secrets.add(secret);
  }

  /** `text` with every secret the run knows replaced by `(sensitive)`. */
  redact(text: string): string {
    return redactText(text, this.#secrets);
  }

  /**
   * Sends one request below the API root and returns the success envelope, or throws `ApiError`.
   * Retries with exponential backoff and jitter where `isRetryable` allows, within the policy's
   * attempts and total time. A 429 is not a failure of the request but a request to slow down: it
   * waits its Retry-After (plus jitter, so parallel requests do not all return at once) and uses up
   * no attempt; only the total time bounds it.
   */
  async send(method: HttpMethod, path: string, parts: RequestParts = {}): Promise<Envelope> {
    const idempotent = parts.idempotent ?? method !== 'POST';
    const started = Date.now();
    let failures = 0;
    let limited = 0;
    for (;;) {
      try {
        return await this.sendOnce(method, path, parts);
      } catch (err) {
        if (failures + limited > 0 && parts.goneIsDone && err instanceof ApiError && err.isNotFound) {
          return { data: [], error: '', msg: err.platformMsg ?? '', kamreload: true, dsipreload: false };
        }
        if (!(err instanceof ApiError) || this.retry.maxAttempts <= 1 || !isRetryable(err, idempotent)) throw err;
        let wait: number;
        if (err.code === 'API_RATE_LIMITED') {
          limited += 1;
          wait = rateLimitWaitMs(this.retry, limited, err.retryAfter);
        } else {
          failures += 1;
          if (failures >= this.retry.maxAttempts) throw err;
          wait = backoffMs(this.retry, failures, err.retryAfter);
        }
        if (Date.now() - started + wait > this.retry.totalMs) throw err;
        if (Date.now() + wait > (operationDeadline.getStore() ?? Infinity)) throw err;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  private async sendOnce(method: HttpMethod, path: string, parts: RequestParts): Promise<Envelope> {
    const tally = requestCounter.getStore();
    if (tally) tally.requests += 1;
    const info: ApiRequestInfo = { method, path: `${path}${encodeQuery(parts.query)}` };
    const started = performance.now();
    let status: number | null = null;
    let failure: ApiError | undefined;
    try {
      const res = await this.exchange(method, info, parts);
      status = res.status;
      const outcome = interpretResponse(res, info, this.settingNames);
      if (outcome instanceof ApiError) throw outcome;
      this.lastKamreload = outcome.kamreload;
      return outcome;
    } catch (err) {
      if (err instanceof ApiError) failure = err;
      throw err;
    } finally {
      // Only when something keeps the record: the redacted path is built once, for both listeners.
      if (tally?.log || this.#onRequest) {
        const ms = Math.round(performance.now() - started);
        const path = this.redact(info.path);
        tally?.log?.push({
          method,
          path,
          status,
          duration_ms: ms,
          ...(failure ? { error: failure.code } : {}),
          ...(tally.change !== undefined ? { change: tally.change } : {}),
        });
        this.#onRequest?.({ method, path, status: status ?? undefined, ms });
      }
    }
  }

  /**
   * A failure before a complete answer as an `ApiError`. A plain-HTTP request cut off (or answered
   * with something that is not HTTP) by a server that speaks TLS is a wrong URL scheme, not a reset.
   */
  private async failure(err: unknown, info: ApiRequestInfo, timeoutMs: number): Promise<ApiError> {
    const failure = transportFailure(err, info, this.origin, timeoutMs, this.settingNames);
    const cutOff = failure.code === 'API_CONNECTION_RESET' || (failure.code === 'API_UNEXPECTED_RESPONSE' && failure.status === undefined);
    if (!cutOff || !this.origin.startsWith('http:')) return failure;
    this.#tlsProbe ??= speaksTls(this.origin, this.timeoutMs);
    return (await this.#tlsProbe) ? httpsExpected(info, this.origin, err, this.settingNames) : failure;
  }

  /** One HTTP exchange: the whole answer, with every known secret already removed from it. */
  private async exchange(method: HttpMethod, info: ApiRequestInfo, parts: RequestParts): Promise<RawResponse> {
    const hasBody = parts.body !== undefined;
    // Inside an operation with a deadline, the request may not outlive it.
    const deadline = operationDeadline.getStore();
    const timeoutMs = deadline === undefined ? this.timeoutMs : Math.max(1, Math.min(this.timeoutMs, deadline - Date.now()));
    // undici's own timers are coarse (about a second): an abort signal keeps a short deadline.
    const signal = deadline === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    const failed = (err: unknown): Promise<ApiError> =>
      this.failure(signal?.aborted ? Object.assign(new Error('deadline'), { code: 'ETIMEDOUT' }) : err, info, timeoutMs);
    let res;
    try {
      res = await undiciRequest(`${this.root}${info.path}`, {
        method,
        dispatcher: this.#agent,
        headers: {
          authorization: `Bearer ${this.#token}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: hasBody ? JSON.stringify(parts.body) : undefined,
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      throw await failed(err);
    }
    let text: string;
    try {
      text = await res.body.text();
    } catch (err) {
      throw await failed(err);
    }
    const header = (name: string): string | undefined => {
      const v = res.headers[name];
      const one = Array.isArray(v) ? v[0] : v;
      return one === undefined ? undefined : this.redact(one);
    };
    return {
      status: res.statusCode,
      contentType: header('content-type') ?? '',
      text: scrubBody(text, this.#secrets),
      location: header('location'),
      retryAfter: header('retry-after'),
    };
  }

  /** Waits before attempt `attempt + 1` of an operation the caller retries itself (safe creates). */
  async pause(attempt: number, err: ApiError): Promise<void> {
    await new Promise((r) => setTimeout(r, backoffMs(this.retry, attempt, err.retryAfter)));
  }

  /** Closes pooled connections; pending requests finish first. */
  async close(): Promise<void> {
    await this.#agent.close();
  }

  /** Never reveals the token, even to `util.inspect` or `JSON.stringify`. */
  toJSON(): object {
    return { root: this.root, timeoutMs: this.timeoutMs };
  }
}
