import { AsyncLocalStorage } from 'node:async_hooks';

/** One ApplyResourceChange in flight: whether it wrote to the platform. */
interface Ticket {
  wrote: boolean;
}

/**
 * Makes the proxy reload part of the applies that need it, so a failed reload is an error on them
 * (Terraform shows it and exits non-zero) and each command reloads before it ends, also in reattach
 * mode. Applies that run together share one reload: it starts once no apply is in flight, and every
 * apply that wrote waits for a reload that started after its write.
 */
export class Reloader {
  readonly #scope = new AsyncLocalStorage<Ticket>();
  readonly #reload: () => Promise<void>;
  #inFlight = 0;
  /** Writers waiting for the next reload to start. */
  #waiting: ((err: Error | null) => void)[] = [];
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(reload: () => Promise<void>) {
    this.#reload = reload;
  }

  /** Records that the current apply wrote to the platform. */
  wrote(): void {
    const ticket = this.#scope.getStore();
    if (ticket) ticket.wrote = true;
  }

  /** Whether writes are waiting for a reload (at shutdown: one last reload is due). */
  get pending(): boolean {
    return this.#waiting.length > 0;
  }

  /**
   * Runs one apply; when it wrote, waits for the reload covering it. Resolves with the apply's
   * result and the reload's error, if it failed.
   */
  async run<T>(apply: () => Promise<T>): Promise<{ result: T; reloadError: Error | null }> {
    const ticket: Ticket = { wrote: false };
    this.#inFlight += 1;
    clearTimeout(this.#timer);
    let result: T;
    try {
      result = await this.#scope.run(ticket, apply);
    } catch (err) {
      // A thrown apply must not leave the writers before it waiting for a reload that never starts.
      this.#inFlight -= 1;
      this.#kick();
      throw err;
    }
    this.#inFlight -= 1;
    if (!ticket.wrote) {
      this.#kick();
      return { result, reloadError: null };
    }
    const done = new Promise<Error | null>((resolve) => this.#waiting.push(resolve));
    this.#kick();
    return { result, reloadError: await done };
  }

  /** Starts a reload soon when writers wait and no apply or reload is running. */
  #kick(): void {
    if (this.#inFlight > 0 || this.#running || this.#waiting.length === 0) return;
    clearTimeout(this.#timer);
    // A short pause lets applies Terraform started together join the same reload.
    this.#timer = setTimeout(() => this.#start(), 15);
  }

  #start(): void {
    if (this.#inFlight > 0 || this.#running || this.#waiting.length === 0) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#running = this.#reload().then(
      () => waiting.forEach((w) => w(null)),
      (err: unknown) => waiting.forEach((w) => w(err instanceof Error ? err : new Error(String(err)))),
    );
    void this.#running.finally(() => {
      this.#running = undefined;
      this.#kick();
    });
  }

  /** Runs the due reload now (shutdown); throws its error. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    await this.#running;
    if (this.#waiting.length === 0) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    try {
      await this.#reload();
      waiting.forEach((w) => w(null));
    } catch (err) {
      waiting.forEach((w) => w(err as Error));
      throw err;
    }
  }
}
