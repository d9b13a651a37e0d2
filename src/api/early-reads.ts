/**
 * Reads sent before the run asks for them (a plan's lists, sent while its files are checked, so
 * that the platform prepares its answers while this process is busy): each answer is kept as it
 * came, raw, until the first request for the same read takes it as its own first attempt's. Nothing
 * of an answer is interpreted or scrubbed here: the taker does that, with the secrets known then,
 * so a read sent early reaches the caller exactly as one sent when asked. Untaken reads are
 * abandoned (aborted) when the client closes; none of them ever rejects unhandled.
 */
export class EarlyReads<A> {
  readonly #answers = new Map<string, Promise<A>>();
  readonly #abandoned = new AbortController();
  /** Each read's start on its connection (or its end, whichever comes first). */
  readonly #started: Promise<void>[] = [];
  #sent = 0;

  /** How many reads were sent early (taken or not): 0 means no request left before the run asked for one. */
  get sent(): number {
    return this.#sent;
  }

  /**
   * Sends a read now (`send`, with the signal that abandons it), once per key: a key sent already,
   * or any read once {@link abandon} ran, is not sent again.
   */
  start(key: string, send: (signal: AbortSignal, onStart: () => void) => Promise<A>): void {
    if (this.#answers.has(key) || this.#abandoned.signal.aborted) return;
    let started!: () => void;
    this.#started.push(new Promise<void>((resolve) => (started = resolve)));
    const answer = send(this.#abandoned.signal, started);
    // Its failure belongs to whoever takes it; one never taken is abandoned, and must not surface.
    answer.then(started, started);
    this.#answers.set(key, answer);
    this.#sent += 1;
  }

  /**
   * Resolves once every read sent so far is on its connection (or over), or after `capMs`: a
   * request only leaves once its connection is made, which takes turns of the event loop that a
   * busy caller would otherwise not give it before its work is done.
   */
  async onTheWire(capMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, capMs)));
    await Promise.race([Promise.all(this.#started), cap]);
    clearTimeout(timer);
  }

  /** The answer of the read with this key, sent early, for the first caller only; else undefined. */
  take(key: string): Promise<A> | undefined {
    const answer = this.#answers.get(key);
    if (answer !== undefined) this.#answers.delete(key);
    return answer;
  }

  /** Aborts every read not taken (their answers are dropped unread); later reads are sent when asked. */
  abandon(): void {
    this.#answers.clear();
    this.#abandoned.abort(new Error('abandoned: the run no longer needs this read'));
  }
}

/** The key of one read: which base its path is below, the path, and the query as sent. */
export function earlyKey(fromBase: boolean | undefined, pathAndQuery: string): string {
  return `${fromBase ? 'base' : 'api'} ${pathAndQuery}`;
}
