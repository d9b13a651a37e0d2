/** The length of the rate limiter's sliding window. */
const RATE_WINDOW_MS = 1000;

/**
 * A sliding one-second window over admitted requests, as a ring of the last `limit` admission
 * times: a request is admitted when fewer than `limit` were admitted in the last second. Refused
 * requests do not count (like nginx's `limit_req`), so a client that backs off gets through.
 * O(1) per request and `limit` numbers of memory.
 */
export class RateLimiter {
  private readonly stamps: Float64Array;
  private next = 0;

  /** `limit` ≥ 1 requests per second; `clock` in ms, monotonic by default. */
  constructor(
    private readonly limit: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.stamps = new Float64Array(limit).fill(Number.NEGATIVE_INFINITY);
  }

  /** `null` when the request is admitted, else the whole seconds (≥ 1) to wait: the `Retry-After`. */
  admit(): number | null {
    const now = this.clock();
    // The slot to overwrite holds the limit-th most recent admission: the one that must have left the window.
    const oldest = this.stamps[this.next] ?? Number.NEGATIVE_INFINITY;
    if (now - oldest >= RATE_WINDOW_MS) {
      this.stamps[this.next] = now;
      this.next = (this.next + 1) % this.limit;
      return null;
    }
    return Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now) / 1000));
  }
}
