import { AsyncLocalStorage } from 'node:async_hooks';

/** A resource's `timeouts` entry that bounds the operation: which one, as written, and when it runs out. */
export interface OperationLimit {
  readonly op: 'create' | 'update' | 'delete';
  readonly text: string;
  readonly deadline: number;
}

/** What one provider operation (a plan, apply, read, import) has asked the platform so far. */
interface OperationTally {
  requests: number;
  readonly started: number;
  readonly limit?: OperationLimit;
}

const tally = new AsyncLocalStorage<OperationTally>();

/** Runs one operation with its own count of requests (and the `timeouts` entry bounding it, if any). */
export function counted<T>(run: () => Promise<T>, limit?: OperationLimit): Promise<T> {
  return tally.run({ requests: 0, started: Date.now(), ...(limit ? { limit } : {}) }, run);
}

/** Counts one request (every attempt, retries included) of the operation running now. */
export function countRequest(): void {
  const t = tally.getStore();
  if (t) t.requests += 1;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * A failure's message as it is true for the whole operation. The client words a timeout per
 * request ("within 500 ms"); the operation may have retried for far longer, or a resource's
 * `timeouts` entry may have cut the last request short (leaving it a millisecond): the message then
 * says which bound ran out and what was tried, e.g. "6 requests were tried over 40.2 s".
 */
export function truthfulMessage(code: string | undefined, message: string): string {
  const t = tally.getStore();
  if (!t || code !== 'API_TIMEOUT') return message;
  const elapsed = Date.now() - t.started;
  const tried =
    t.requests > 1
      ? `; ${t.requests} requests were tried over ${seconds(elapsed)} (failed reads are retried, waiting longer each time)`
      : '';
  if (t.limit && Date.now() >= t.limit.deadline - 50) {
    const { op, text } = t.limit;
    const base = message.replace(/ within \d+ ms$/, '');
    return `${base} before the ${op} timeout ran out (timeouts { ${op} = "${text}" })${tried}`;
  }
  return `${message}${tried}`;
}
