import type { Dispatcher } from 'undici';
import type Agent from 'undici/lib/dispatcher/agent.js';
import type { HttpMethod } from './transport.js';

/** A whole answer as one exchange gave it: status, headers (names in lower case), the body as text. */
export interface CollectedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

/** What {@link collect} sends. */
interface Exchange {
  readonly origin: string;
  readonly path: string;
  readonly method: HttpMethod;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
  /** Aborts the exchange, queued or under way; it then rejects with the signal's reason. */
  readonly signal: AbortSignal | undefined;
  /** Called when the request starts on its connection (connected, about to be written). */
  readonly onStart?: () => void;
}

/**
 * Sends one request through the pool and gathers the whole answer. It speaks undici's dispatch
 * interface directly: the answer's bytes are collected as they arrive, with none of the stream,
 * async-resource and URL-parsing work of undici's `request()`, which a 10,000-change apply pays
 * 10,000 times. Connection failures, timeouts and resets reject with undici's own errors, as
 * `request()` does.
 */
export function collect(agent: Agent, exchange: Exchange): Promise<CollectedAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = exchange;
    const chunks: Buffer[] = [];
    let status = 0;
    let headers: CollectedAnswer['headers'] = {};
    let settled = false;
    let controller: Dispatcher.DispatchController | undefined;
    const reason = (): Error => (signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      return true;
    };
    // Queued in the pool, there is nothing to abort yet: it fails now, and is aborted once it starts.
    function onAbort(): void {
      if (controller) controller.abort(reason());
      else if (settle()) reject(reason());
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    agent.dispatch(
      { origin: exchange.origin, path: exchange.path, method: exchange.method, headers: exchange.headers, body: exchange.body },
      {
        onRequestStart(c) {
          controller = c;
          exchange.onStart?.();
          if (settled || signal?.aborted) c.abort(reason());
        },
        onResponseStart(_c, statusCode, responseHeaders) {
          status = statusCode;
          headers = responseHeaders;
        },
        onResponseData(_c, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          if (settle()) resolve({ status, headers, text: Buffer.concat(chunks).toString('utf8') });
        },
        onResponseError(_c, err) {
          if (settle()) reject(err);
        },
      },
    );
  });
}
