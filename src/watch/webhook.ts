import { DsipformError } from '../model/errors.js';
import { hasCredentials } from '../model/platform-url.js';

/** One event the reconciler posts: a Slack-compatible `text`, and the structured data beside it. */
export interface WatchEvent {
  /** One line for a chat channel (Slack and compatible webhooks show this field). */
  readonly text: string;
  readonly event: 'drift' | 'applied' | 'apply_failed' | 'refused' | 'run_failed' | 'invariants' | 'mapping_emptied';
  readonly target: string;
  /** ISO time of the run. */
  readonly at: string;
  readonly [field: string]: unknown;
}

/** How the queue posts. */
export interface WebhookOptions {
  readonly url: string;
  /** Most events waiting; when full, the oldest is dropped (default 100). */
  readonly capacity?: number;
  /** Attempts per event, the first included (default 5). */
  readonly attempts?: number;
  /** The first wait between attempts, doubled each time up to 30 s (default 500 ms). */
  readonly backoffMs?: number;
  /** Each attempt's time limit (default 10 s). */
  readonly timeoutMs?: number;
  /**
   * Called for each event dropped, and why: `full` (the oldest, pushed out), `failed` (every attempt
   * failed), `redirected` (the receiver answered 3xx, with `status`: never followed, never retried).
   */
  readonly onDrop?: (reason: DropReason, status?: number) => void;
  readonly onSent?: () => void;
  /** Called for a failed attempt, with what went wrong (no secret: the URL is not in it). */
  readonly onAttemptFailed?: (problem: string) => void;
  /** Every string in it is cut out of the body before it is posted. */
  readonly secrets?: ReadonlySet<string>;
}

const MAX_BACKOFF_MS = 30_000;

/** Why an event was dropped. */
export type DropReason = 'full' | 'failed' | 'redirected';

/** How one event's sending ended. */
type Sent = { ok: true } | { ok: false; reason: 'failed' } | { ok: false; reason: 'redirected'; status: number };

/**
 * Refuses a `--webhook` URL that cannot be posted to as given: not http(s), or with a
 * `user:password@` (which fetch refuses to send, and which is a second secret in a URL that is
 * one already). The messages never show the URL: its path may be its secret, as Slack's is.
 */
export function checkWebhookUrl(text: string): void {
  if (hasCredentials(text)) {
    throw new DsipformError(
      'CONFIG_URL_CREDENTIALS',
      '--webhook: the URL carries a user name or password (user:password@), which dsipform never sends',
      "Remove user:password@ from --webhook; a receiver that needs a secret takes it in the URL's path or query, as Slack's do (dsipform never prints the URL).",
    );
  }
  let protocol: string | undefined;
  try {
    protocol = new URL(text).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      '--webhook is not an http:// or https:// URL (not shown: a webhook URL is a secret)',
      'Give the URL the receiver posts to, e.g. --webhook https://hooks.slack.com/services/…',
    );
  }
}

/**
 * Posts events to a webhook one at a time, in order, each retried with a doubling wait. The queue
 * is bounded: a receiver that is down for long costs memory up to `capacity` events, then the oldest
 * go (counted), since the newest say best how the platform stands now.
 */
export class WebhookQueue {
  readonly #o: Required<Omit<WebhookOptions, 'onDrop' | 'onSent' | 'onAttemptFailed' | 'secrets'>> & WebhookOptions;
  readonly #queue: WatchEvent[] = [];
  #running: Promise<void> | undefined;
  #closing = false;
  readonly #stop = new AbortController();

  constructor(options: WebhookOptions) {
    this.#o = { capacity: 100, attempts: 5, backoffMs: 500, timeoutMs: 10_000, ...options };
  }

  /** Queues an event (dropping the oldest when full) and starts sending. */
  push(event: WatchEvent): void {
    if (this.#closing) return;
    while (this.#queue.length >= this.#o.capacity) {
      this.#queue.shift();
      this.#o.onDrop?.('full');
    }
    this.#queue.push(event);
    this.#running ??= this.#drain().finally(() => (this.#running = undefined));
  }

  /** Events waiting to be sent. */
  get pending(): number {
    return this.#queue.length;
  }

  /**
   * Stops taking events and waits up to `graceMs` for those queued to go; the rest are dropped
   * (counted as failed), so a stop never hangs on a receiver that is down.
   */
  async close(graceMs = 5000): Promise<void> {
    this.#closing = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([this.#running ?? Promise.resolve(), late]);
    clearTimeout(timer);
    this.#stop.abort();
    await this.#running;
  }

  async #drain(): Promise<void> {
    for (let event = this.#queue.shift(); event; event = this.#queue.shift()) {
      if (this.#stop.signal.aborted) {
        this.#o.onDrop?.('failed');
        continue;
      }
      const sent = await this.#send(event);
      if (sent.ok) this.#o.onSent?.();
      else this.#o.onDrop?.(sent.reason, sent.reason === 'redirected' ? sent.status : undefined);
    }
  }

  /**
   * Posts one event, retrying failures. A redirect is not followed: the URL given is where events
   * may go, and a receiver (or whoever took its address) pointing elsewhere would otherwise get
   * every event. Nor is it retried: the same request gets the same answer.
   */
  async #send(event: WatchEvent): Promise<Sent> {
    let body = JSON.stringify(event);
    for (const secret of this.#o.secrets ?? []) if (secret) body = body.split(secret).join('***');
    for (let attempt = 1; attempt <= this.#o.attempts; attempt++) {
      try {
        const answer = await fetch(this.#o.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([AbortSignal.timeout(this.#o.timeoutMs), this.#stop.signal]),
        });
        await answer.body?.cancel();
        if (answer.ok) return { ok: true };
        if (answer.status >= 300 && answer.status < 400) return { ok: false, reason: 'redirected', status: answer.status };
        this.#o.onAttemptFailed?.(`the receiver answered ${answer.status}`);
      } catch (err) {
        this.#o.onAttemptFailed?.(`no answer (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name})`);
      }
      if (attempt === this.#o.attempts || this.#stop.signal.aborted) break;
      await wait(Math.min(this.#o.backoffMs * 2 ** (attempt - 1), MAX_BACKOFF_MS), this.#stop.signal);
    }
    return { ok: false, reason: 'failed' };
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // An aborted signal fires no more 'abort' events: checked first.
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
