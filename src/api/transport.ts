import { Agent, request as undiciRequest } from 'undici';
import { apiRoot, CLI_SETTING_NAMES, DEFAULT_TIMEOUT_MS, type ConnectionOptions, type SettingNames } from './connection.js';
import { interpretResponse, type Envelope } from './envelope.js';
import { transportFailure } from './failure.js';
import { ApiError, type ApiRequestInfo } from './errors.js';
import { backoffMs, DEFAULT_RETRY, isRetryable, operationDeadline, requestCounter, type RetryPolicy } from './retry.js';

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
 * private field, so it shows in no inspection, serialization or error of this object.
 */
export class Transport {
  readonly #token: string;
  readonly #agent: Agent;
  readonly #onRequest: ConnectionOptions['onRequest'];
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
    this.settingNames = options.settingNames ?? CLI_SETTING_NAMES;
    this.#onRequest = options.onRequest;
    this.root = apiRoot(options.url);
    this.origin = new URL(this.root).origin;
    this.#token = options.token;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
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

  /**
   * Sends one request below the API root and returns the success envelope, or throws `ApiError`.
   * Retries with exponential backoff and jitter (honouring Retry-After) where `isRetryable` allows,
   * within the policy's attempts and total time.
   */
  async send(method: HttpMethod, path: string, parts: RequestParts = {}): Promise<Envelope> {
    const idempotent = parts.idempotent ?? method !== 'POST';
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.sendOnce(method, path, parts);
      } catch (err) {
        if (attempt > 1 && parts.goneIsDone && err instanceof ApiError && err.isNotFound) {
          return { data: [], error: '', msg: err.platformMsg ?? '', kamreload: true, dsipreload: false };
        }
        if (!(err instanceof ApiError) || attempt >= this.retry.maxAttempts || !isRetryable(err, idempotent)) throw err;
        const wait = backoffMs(this.retry, attempt, err.retryAfter);
        if (Date.now() - started + wait > this.retry.totalMs) throw err;
        if (Date.now() + wait > (operationDeadline.getStore() ?? Infinity)) throw err;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  private async sendOnce(method: HttpMethod, path: string, parts: RequestParts): Promise<Envelope> {
    if (!this.#onRequest) return this.sendOnceQuietly(method, path, parts);
    const started = performance.now();
    let status: number | undefined;
    try {
      const env = await this.sendOnceQuietly(method, path, parts);
      status = 200;
      return env;
    } catch (err) {
      status = err instanceof ApiError ? err.status : undefined;
      throw err;
    } finally {
      this.#onRequest({ method, path: `${path}${encodeQuery(parts.query)}`, status, ms: Math.round(performance.now() - started) });
    }
  }

  private async sendOnceQuietly(method: HttpMethod, path: string, parts: RequestParts): Promise<Envelope> {
    const counter = requestCounter.getStore();
    if (counter) counter.requests += 1;
    const info: ApiRequestInfo = { method, path: `${path}${encodeQuery(parts.query)}` };
    const hasBody = parts.body !== undefined;
    // Inside an operation with a deadline, the request may not outlive it.
    const deadline = operationDeadline.getStore();
    const timeoutMs = deadline === undefined ? this.timeoutMs : Math.max(1, Math.min(this.timeoutMs, deadline - Date.now()));
    // undici's own timers are coarse (about a second): an abort signal keeps a short deadline.
    const signal = deadline === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    const failure = (err: unknown) => transportFailure(signal?.aborted ? Object.assign(new Error('deadline'), { code: 'ETIMEDOUT' }) : err, info, this.origin, timeoutMs, this.settingNames);
    let res;
    try {
      res = await undiciRequest(`${this.root}${info.path}`, {
        method,
        dispatcher: this.#agent,
        ...(signal ? { signal } : {}),
        headers: {
          authorization: `Bearer ${this.#token}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: hasBody ? JSON.stringify(parts.body) : undefined,
      });
    } catch (err) {
      throw failure(err);
    }
    let text: string;
    try {
      text = await res.body.text();
    } catch (err) {
      throw failure(err);
    }
    const header = (name: string): string | undefined => {
      const v = res.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const outcome = interpretResponse(
      {
        status: res.statusCode,
        contentType: header('content-type') ?? '',
        text,
        location: header('location'),
        retryAfter: header('retry-after'),
      },
      info,
      this.settingNames,
    );
    if (outcome instanceof ApiError) throw outcome;
    this.lastKamreload = outcome.kamreload;
    return outcome;
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
