/**
 * The leases dsipform holds, and the digests of the carrier-group passwords it sent, backed by the
 * state file: every change is on disk before the call that made it resolves, since the platform
 * cannot tell us later what we obtained or sent.
 */
import { InternalError } from '../model/errors.js';
import type { InFlightObtain, LeaseRecord } from '../model/lease.js';
import type { PasswordRecord } from '../model/password-record.js';
import { acquireLock, type Lock } from './lock.js';
import { checkStateDir, readState, writeState } from './state-file.js';
import {
  byTargetAndGroup,
  byTargetAndName,
  passwordRecordProblem,
  recordProblem,
  STATE_FORMAT_VERSION,
  type StateFile,
} from './state-shape.js';

/** How long a run waits for another run's lock by default (the CLI's `--lock-timeout`). */
const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

/** How to open the store. */
interface LeaseStoreOptions {
  /** Take the lock first; required for `record` and `remove` (apply, destroy, lease obtain/revoke). */
  readonly lock: boolean;
  /** How long to wait for another run's lock, in ms; default 30 000; 0 tries once. */
  readonly lockTimeoutMs?: number;
  /** What this run does, shown to a run that waits for the lock, e.g. `dsipform apply`. */
  readonly command: string;
  /** The clock (ms) for the lock's `started_at` and for dropping lapsed in-flight notes; default `Date.now`. */
  readonly now?: () => number;
  /**
   * Called once by `close()` after the last write and before the lock is released: the run's last
   * word about the state (the CLI names there the leases this run may have left unrecorded).
   */
  readonly beforeClose?: () => void;
}

/** What a write changes: the next records and notes, or `false` when nothing changed (no write). */
type Edit = (next: { leases: LeaseRecord[]; obtaining: InFlightObtain[]; passwords: PasswordRecord[] }) => boolean;

const sameGroup =
  (target: string, gwgroupid: number) =>
  (r: PasswordRecord): boolean =>
    r.target === target && r.gwgroupid === gwgroupid;

const sameLease =
  (target: string | null, name: string) =>
  (r: LeaseRecord): boolean =>
    r.target === target && r.name === name;

/**
 * The lease state of one state file. Changes are written one at a time, in call order, each as a
 * whole new file; a change is in memory only once it is on disk, so memory never claims more than
 * the file holds. A lease is identified by its target and name: one file may hold leases of
 * several platforms.
 */
export class LeaseStore {
  private state: StateFile;
  /** The tail of the write queue; never rejects, so one failed write does not block the next. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    /** The state file's path. */
    readonly file: string,
    state: StateFile,
    private readonly lock: Lock | null,
    private readonly now: () => number,
    private readonly beforeClose: () => void,
  ) {
    this.state = state;
  }

  /**
   * Opens the state at `file`: refuses a symlinked state directory (`STATE_SYMLINK`), takes the
   * lock first when `options.lock` (throwing `STATE_LOCKED` after the timeout), then reads it (a
   * missing file is empty; see `readState` for its errors, with the lock released again).
   */
  static async open(file: string, options: LeaseStoreOptions): Promise<LeaseStore> {
    await checkStateDir(file);
    const lock = options.lock
      ? await acquireLock(file, {
          timeoutMs: options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
          command: options.command,
          ...(options.now ? { now: options.now } : {}),
        })
      : null;
    try {
      return new LeaseStore(file, await readState(file), lock, options.now ?? Date.now, options.beforeClose ?? (() => undefined));
    } catch (err) {
      await lock?.release();
      throw err;
    }
  }

  /** Every recorded lease, of every target, sorted by target (unknown first), then name. */
  records(): readonly LeaseRecord[] {
    return this.state.leases;
  }

  /** The leases held on `target` (recorded with exactly this target), sorted by name. */
  heldAt(target: string): readonly LeaseRecord[] {
    return this.state.leases.filter((r) => r.target === target);
  }

  /** The lease called `name` recorded for `target` (`null`: of an unknown target), if any. */
  get(target: string | null, name: string): LeaseRecord | undefined {
    return this.state.leases.find(sameLease(target, name));
  }

  /**
   * Obtain attempts whose lease is not recorded: notes left by a run that died or lost the answer
   * (or this run's, in flight or lost), each kept until the lease it may stand for has expired.
   */
  inFlight(): readonly InFlightObtain[] {
    return this.state.obtaining ?? [];
  }

  /**
   * Notes one obtain attempt about to be sent, and resolves once the note is on disk: unless
   * `record(…, note.id)` or `endObtain(note.id)` removes it, every later run learns that a lease
   * may exist unrecorded, until the note's `expires_by`.
   */
  beginObtain(note: InFlightObtain): Promise<void> {
    return this.update((next) => {
      next.obtaining.push({ ...note });
      return true;
    });
  }

  /** Removes the note of an attempt that certainly issued no lease (refused, or never sent). */
  endObtain(id: string): Promise<void> {
    return this.update((next) => dropNote(next.obtaining, id));
  }

  /**
   * Records a lease (replacing one of the same target and name) and, in the same write, removes the
   * in-flight note `noteId`; resolves once the state file holds it. Call it the moment the platform
   * returns a lease. Rejects with `STATE_UNWRITABLE` if the write failed, in which case neither the
   * file nor `records()` has the lease.
   */
  record(rec: LeaseRecord, noteId?: string): Promise<void> {
    const problem = recordProblem(rec, `leases[${JSON.stringify(rec.name)}]`);
    if (problem !== null) return Promise.reject(new InternalError(`a lease record to store is malformed: ${problem}`));
    const copy: LeaseRecord = { ...rec };
    return this.update((next) => {
      const at = next.leases.findIndex(sameLease(copy.target, copy.name));
      if (at >= 0) next.leases.splice(at, 1);
      next.leases.push(copy);
      next.leases.sort(byTargetAndName);
      if (noteId !== undefined) dropNote(next.obtaining, noteId);
      return true;
    });
  }

  /** The digests of the carrier-group passwords dsipform sent, of every target, sorted by target, then group. */
  passwords(): readonly PasswordRecord[] {
    return this.state.carrier_passwords ?? [];
  }

  /**
   * Records the digest of the password last sent to a carrier group (replacing the group's record);
   * resolves once the state file holds it. Rejects with `STATE_UNWRITABLE` if the write failed.
   */
  recordPassword(rec: PasswordRecord): Promise<void> {
    const problem = passwordRecordProblem(rec);
    if (problem !== null) return Promise.reject(new InternalError(`a password record to store is malformed: ${problem}`));
    const copy: PasswordRecord = { target: rec.target, gwgroupid: rec.gwgroupid, digest: rec.digest };
    return this.update((next) => {
      const at = next.passwords.findIndex(sameGroup(copy.target, copy.gwgroupid));
      if (at >= 0) next.passwords.splice(at, 1);
      next.passwords.push(copy);
      next.passwords.sort(byTargetAndGroup);
      return true;
    });
  }

  /** Forgets the password record of a carrier group that is gone; no write when there was none. */
  forgetPassword(target: string, gwgroupid: number): Promise<void> {
    return this.update((next) => {
      const at = next.passwords.findIndex(sameGroup(target, gwgroupid));
      if (at < 0) return false;
      next.passwords.splice(at, 1);
      return true;
    });
  }

  /** Forgets the lease `name` of `target` and resolves once the state file no longer has it. */
  remove(target: string | null, name: string): Promise<void> {
    return this.update((next) => {
      const at = next.leases.findIndex(sameLease(target, name));
      if (at < 0) return false;
      next.leases.splice(at, 1);
      return true;
    });
  }

  /** Waits for queued writes, then releases the lock. Idempotent; the store is unusable after. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    try {
      this.beforeClose();
    } finally {
      await this.lock?.release();
    }
  }

  /**
   * Queues a change: `edit` changes a copy and says whether anything changed (else no write). A
   * write also drops in-flight notes whose lease has certainly expired: they can warn of nothing.
   */
  private update(edit: Edit): Promise<void> {
    if (this.closed) return Promise.reject(new InternalError(`the lease state ${this.file} was changed after it was closed`));
    if (!this.lock) return Promise.reject(new InternalError(`the lease state ${this.file} was changed without its lock`));
    // Each write starts from the result of the previous one, so parallel callers never lose updates.
    const run = this.queue.then(async () => {
      const next = {
        leases: [...this.state.leases],
        obtaining: [...(this.state.obtaining ?? [])],
        passwords: [...(this.state.carrier_passwords ?? [])],
      };
      if (!edit(next)) return;
      const now = this.now();
      const obtaining = next.obtaining.filter((n) => Date.parse(n.expires_by) > now);
      const state: StateFile = {
        format_version: STATE_FORMAT_VERSION,
        leases: next.leases,
        ...(obtaining.length > 0 ? { obtaining } : {}),
        ...(next.passwords.length > 0 ? { carrier_passwords: next.passwords } : {}),
      };
      await writeState(this.file, state);
      this.state = state;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** Removes the note `id`; whether it was there. */
function dropNote(notes: InFlightObtain[], id: string): boolean {
  const at = notes.findIndex((n) => n.id === id);
  if (at < 0) return false;
  notes.splice(at, 1);
  return true;
}
