/**
 * The leases dsipform holds, backed by the state file: every change is on disk before the call that
 * made it resolves, since the platform cannot tell us later what we obtained.
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InternalError } from '../model/errors.js';
import type { LeaseRecord } from '../model/lease.js';
import { acquireLock, type Lock } from './lock.js';
import { readState, writeState } from './state-file.js';
import { recordProblem, STATE_FORMAT_VERSION, type StateFile } from './state-shape.js';

/** How long a run waits for another run's lock by default (the CLI's `--lock-timeout`). */
export const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

/** How to open the store. */
export interface LeaseStoreOptions {
  /** Take the lock first; required for `record` and `remove` (apply, destroy, lease obtain/revoke). */
  readonly lock: boolean;
  /** How long to wait for another run's lock, in ms; default 30 000; 0 tries once. */
  readonly lockTimeoutMs?: number;
  /** What this run does, shown to a run that waits for the lock, e.g. `dsipform apply`. */
  readonly command: string;
  /** The clock for the lock's `started_at` (ms); default `Date.now`. */
  readonly now?: () => number;
}

function byName(a: LeaseRecord, b: LeaseRecord): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * The lease state of one state file. Changes are written one at a time, in call order, each as a
 * whole new file; a change is in memory only once it is on disk, so memory never claims more than
 * the file holds. Structurally a `LeaseLedger` for the reconciler.
 */
export class LeaseStore {
  private leases: ReadonlyMap<string, LeaseRecord>;
  /** The tail of the write queue; never rejects, so one failed write does not block the next. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    /** The state file's path. */
    readonly file: string,
    state: StateFile,
    private readonly lock: Lock | null,
  ) {
    this.leases = new Map(Object.entries(state.leases));
  }

  /**
   * Opens the state at `file`: takes its lock first when `options.lock` (throwing `STATE_LOCKED`
   * after the timeout), then reads it (a missing file is empty; `STATE_CORRUPT` or
   * `STATE_UNREADABLE` otherwise, with the lock released again).
   */
  static async open(file: string, options: LeaseStoreOptions): Promise<LeaseStore> {
    const lock = options.lock
      ? await acquireLock(file, {
          timeoutMs: options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
          command: options.command,
          ...(options.now ? { now: options.now } : {}),
        })
      : null;
    try {
      return new LeaseStore(file, await readState(file), lock);
    } catch (err) {
      await lock?.release();
      throw err;
    }
  }

  /**
   * The default state path for a run whose first desired-state path is `firstDesiredPath`:
   * `.dsipform/state.json` in that directory, or beside that file. A path that cannot be
   * examined counts as a file; reading the state will then report what is wrong.
   */
  static defaultPath(firstDesiredPath: string): string {
    let isDir = false;
    try {
      isDir = statSync(firstDesiredPath, { throwIfNoEntry: false })?.isDirectory() ?? false;
    } catch {
      isDir = false;
    }
    return join(isDir ? firstDesiredPath : dirname(firstDesiredPath), '.dsipform', 'state.json');
  }

  /** Every recorded lease, sorted by name, as of the last completed write. */
  records(): readonly LeaseRecord[] {
    return [...this.leases.values()].sort(byName);
  }

  /** The recorded lease called `name`, if any. */
  get(name: string): LeaseRecord | undefined {
    return this.leases.get(name);
  }

  /**
   * Records a lease (replacing one of the same name) and resolves once the state file holds it.
   * Call it the moment the platform returns a lease. Rejects with `STATE_UNWRITABLE` if the write
   * failed, in which case neither the file nor `records()` has the lease.
   */
  record(rec: LeaseRecord): Promise<void> {
    const problem = recordProblem(rec.name, rec);
    if (problem !== null) return Promise.reject(new InternalError(`a lease record to store is malformed: ${problem}`));
    const copy: LeaseRecord = { ...rec };
    return this.update((next) => {
      next.set(copy.name, copy);
      return true;
    });
  }

  /** Forgets the lease called `name` and resolves once the state file no longer has it. */
  remove(name: string): Promise<void> {
    return this.update((next) => next.delete(name));
  }

  /** Waits for queued writes, then releases the lock. Idempotent; the store is unusable after. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    await this.lock?.release();
  }

  /** Queues a change: `change` edits a copy and says whether anything changed (else no write). */
  private update(change: (next: Map<string, LeaseRecord>) => boolean): Promise<void> {
    if (this.closed) return Promise.reject(new InternalError(`the lease state ${this.file} was changed after it was closed`));
    if (!this.lock) return Promise.reject(new InternalError(`the lease state ${this.file} was changed without its lock`));
    // Each write starts from the result of the previous one, so parallel callers never lose updates.
    const run = this.queue.then(async () => {
      const next = new Map(this.leases);
      if (!change(next)) return;
      await writeState(this.file, { format_version: STATE_FORMAT_VERSION, leases: Object.fromEntries(next) });
      this.leases = next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
