// The pool alone, not undici's index: that loads fetch, WebSocket, cookies, the mock agents and
// more, which no request of ours uses (about 0.6 MB of the bundle and some 30 ms of every start
// that talks to the platform). The class is the one the index exports (undici-agent.d.ts).
import Agent from 'undici/lib/dispatcher/agent.js';
import type { RequestRecord } from '../model/apply-report.js';
import { DsipformError } from '../model/errors.js';
import { credentialsProblem } from '../model/platform-url.js';
import { API_ROOT_PATH, apiRoot, CLI_SETTING_NAMES, DEFAULT_TIMEOUT_MS, type ConnectionOptions, type SettingNames } from './connection.js';
import { interpretResponse, type Envelope, type RawResponse } from './envelope.js';
import { httpsExpected, speaksTls, transportFailure } from './failure.js';
import { ApiError, type ApiRequestInfo } from './errors.js';
import { collect, type CollectedAnswer } from './collect.js';
import { earlyKey, EarlyReads } from './early-reads.js';
import { backoffMs, DEFAULT_RETRY, isRetryable, operationDeadline, rateLimitWaitMs, type RequestTally, type RetryPolicy } from './retry.js';
import { redactText, scrubBody } from './secrets.js';

/** HTTP methods the platform API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What one request carries besides method and path. */
export interface RequestParts {
  /** Query arguments; values are percent-encoded (`+` → `%2B`, `#` → `%23`). */
  readonly query?: Readonly<Record<string, string | number>>;
  /**
   * JSON body; sent as `application/json`. A request without one carries no Content-Type: the
   * platform's handlers that read a body answer 400 to an empty one that claims to be JSON.
   */
  readonly body?: unknown;
  /**
   * The path is from the platform's base URL rather than from the API root (`/api/v1`): the
   * Numbers module of release 0.79 serves its API at `/api/numbers/v1`.
   */
  readonly fromBase?: boolean;
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

/** What the client's operations need of the choke point: sending, and registering a secret. */
export type Sender = Pick<Transport, 'send' | 'addSecret'>;

/** Percent-encodes query arguments in a stable order of insertion. */
export function encodeQuery(query: RequestParts['query']): string {
  if (!query) return '';
  const parts = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * The single choke point for platform requests: one keep-alive connection pool, the same headers
 * on every request (Content-Type only with a body), and every failure turned into a typed `ApiError`. The token is held in a
 * private field, so it shows in no inspection, serialization or error of this object; it and every
 * other secret of the run are removed from each answer before anything reads it.
 */
export class Transport {
  readonly #secrets: Set<string>;
  readonly #agent: Agent;
  /** The path of the API root below the origin (`/api/v1`, or below a prefix the URL gives). */
  readonly #basePath: string;
  /** The path of the base URL below the origin (`""`, or the prefix the URL gives). */
  readonly #prefixPath: string;
  /** The headers every request carries, built once (the token among them: private, like the rest). */
  readonly #headers: Record<string, string>;
  /** Those headers and `Content-Type: application/json`, for a request with a body. */
  readonly #jsonHeaders: Record<string, string>;
  readonly #onRequest: ConnectionOptions['onRequest'];
  /** Reads sent before they were asked for ({@link sendEarly}), each taken by the first request for it. */
  readonly #early = new EarlyReads<CollectedAnswer>();
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
    this.settingNames = options.settingNames ?? CLI_SETTING_NAMES;
    // `root` and `origin` are printed (plans, errors): a password in the URL would be printed with them.
    const credentials = credentialsProblem(options.url);
    if (credentials) {
      throw new DsipformError(
        'CONFIG_URL_CREDENTIALS',
        credentials,
        `Remove user:password@ from ${this.settingNames.url}; the API token (${this.settingNames.token}) is the one credential sent.`,
      );
    }
    this.root = apiRoot(options.url);
    const root = new URL(this.root);
    this.origin = root.origin;
    this.#basePath = root.pathname.replace(/\/$/, '');
    this.#prefixPath = this.#basePath.slice(0, -API_ROOT_PATH.length);
    this.#headers = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
    this.#jsonHeaders = { ...this.#headers, 'content-type': 'application/json' };
    this.#secrets = options.secrets ?? new Set();
    this.#secrets.add(options.token);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
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
   * no attempt; only the total time bounds it. Each attempt is counted in `tally`, if given (a
   * client made by `PlatformClient.counting`).
   */
  async send(method: HttpMethod, path: string, parts: RequestParts = {}, tally?: RequestTally): Promise<Envelope> {
    const idempotent = parts.idempotent ?? method !== 'POST';
    const started = Date.now();
    let failures = 0;
    let limited = 0;
    for (;;) {
      try {
        return await this.sendOnce(method, path, parts, tally);
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

  private async sendOnce(method: HttpMethod, path: string, parts: RequestParts, tally: RequestTally | undefined): Promise<Envelope> {
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
        if (tally?.log) {
          // Built field by field (one record per request of a big apply), in the order the report shows.
          const record: { -readonly [K in keyof RequestRecord]: RequestRecord[K] } = { method, path, status, duration_ms: ms };
          if (failure) record.error = failure.code;
          if (tally.change !== undefined) record.change = tally.change;
          tally.log.push(record);
        }
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
    // Inside an operation with a deadline, the request may not outlive it.
    const deadline = operationDeadline.getStore();
    const timeoutMs = deadline === undefined ? this.timeoutMs : Math.max(1, Math.min(this.timeoutMs, deadline - Date.now()));
    // undici's own timers are coarse (about a second): an abort signal keeps a short deadline.
    const signal = deadline === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    let answer: CollectedAnswer;
    try {
      const fresh = (): Promise<CollectedAnswer> =>
        collect(this.#agent, {
          origin: this.origin,
          path: `${parts.fromBase ? this.#prefixPath : this.#basePath}${info.path}`,
          method,
          headers: parts.body === undefined ? this.#headers : this.#jsonHeaders,
          body: parts.body === undefined ? null : JSON.stringify(parts.body),
          signal,
        });
      // A read sent early is this attempt's exchange (outside a deadline, which it did not keep).
      // One that got no answer (refused, reset, or timed out while the run held the event loop)
      // is sent again as this attempt: the run's attempts are the ones it would have made.
      const early = method === 'GET' && deadline === undefined ? this.#early.take(earlyKey(parts.fromBase, info.path)) : undefined;
      answer = await (early ? early.catch(fresh) : fresh());
    } catch (err) {
      throw await this.failure(signal?.aborted ? Object.assign(new Error('deadline'), { code: 'ETIMEDOUT' }) : err, info, timeoutMs);
    }
    const header = (name: string): string | undefined => {
      const v = answer.headers[name];
      const one = Array.isArray(v) ? v[0] : v;
      return one === undefined ? undefined : this.redact(one);
    };
    return {
      status: answer.status,
      contentType: header('content-type') ?? '',
      text: scrubBody(answer.text, this.#secrets),
      location: header('location'),
      retryAfter: header('retry-after'),
    };
  }

  /** Waits before attempt `attempt + 1` of an operation the caller retries itself (safe creates). */
  async pause(attempt: number, err: ApiError): Promise<void> {
    await new Promise((r) => setTimeout(r, backoffMs(this.retry, attempt, err.retryAfter)));
  }

  /**
   * Sends a read (GET, below the API root or with `fromBase` the base URL) now, before the run asks
   * for it: the first `send` of the same read takes its answer as its first attempt's, and only
   * then interprets it, scrubs it with the secrets known by then, counts and records it, and
   * retries it as any (one that got no answer at all is sent again as that attempt). Sent once
   * per read; a read never asked for is abandoned at {@link close}.
   */
  sendEarly(path: string, parts: Pick<RequestParts, 'query' | 'fromBase'> = {}): void {
    const pathAndQuery = `${path}${encodeQuery(parts.query)}`;
    this.#early.start(earlyKey(parts.fromBase, pathAndQuery), (signal, onStart) =>
      collect(this.#agent, {
        origin: this.origin,
        path: `${parts.fromBase ? this.#prefixPath : this.#basePath}${pathAndQuery}`,
        method: 'GET',
        headers: this.#headers,
        body: null,
        signal,
        onStart,
      }),
    );
  }

  /** How many reads {@link sendEarly} sent (taken or not). */
  get earlySent(): number {
    return this.#early.sent;
  }

  /** Resolves once the reads sent early are on their connections (or over), or after `capMs`. */
  earlyOnTheWire(capMs: number): Promise<void> {
    return this.#early.onTheWire(capMs);
  }

  /** Closes pooled connections: reads sent early and never taken are abandoned; other pending requests finish first. */
  async close(): Promise<void> {
    this.#early.abandon();
    await this.#agent.close();
  }

  /** Never reveals the token, even to `util.inspect` or `JSON.stringify`. */
  toJSON(): object {
    return { root: this.root, timeoutMs: this.timeoutMs };
  }
}
