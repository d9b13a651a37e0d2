import { Agent, request as undiciRequest } from 'undici';
import { apiRoot, DEFAULT_TIMEOUT_MS, type ConnectionOptions } from './connection.js';
import { interpretResponse, type Envelope } from './envelope.js';
import { transportFailure } from './failure.js';
import { ApiError, type ApiRequestInfo } from './errors.js';

/** HTTP methods the platform API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What one request carries besides method and path. */
export interface RequestParts {
  /** Query arguments; values are percent-encoded (`+` → `%2B`, `#` → `%23`). */
  readonly query?: Readonly<Record<string, string | number>>;
  /** JSON body; sent as `application/json`. */
  readonly body?: unknown;
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
  /** The API root, `<base>/api/v1`. */
  readonly root: string;
  /** `scheme://host:port` of the platform, for messages. */
  readonly origin: string;
  readonly timeoutMs: number;

  constructor(options: ConnectionOptions) {
    this.root = apiRoot(options.url);
    this.origin = new URL(this.root).origin;
    this.#token = options.token;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
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

  /** Sends one request below the API root and returns the success envelope, or throws `ApiError`. */
  async send(method: HttpMethod, path: string, parts: RequestParts = {}): Promise<Envelope> {
    const info: ApiRequestInfo = { method, path: `${path}${encodeQuery(parts.query)}` };
    const hasBody = parts.body !== undefined;
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
      });
    } catch (err) {
      throw transportFailure(err, info, this.origin, this.timeoutMs);
    }
    let text: string;
    try {
      text = await res.body.text();
    } catch (err) {
      throw transportFailure(err, info, this.origin, this.timeoutMs);
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
    );
    if (outcome instanceof ApiError) throw outcome;
    return outcome;
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
