/**
 * The lock that makes one apply or destroy at a time own the state file. Taken by creating
 * `<state>.lock` exclusively; a lock left by a dead process on this host is taken over, so a killed
 * run never needs a hand to clean up. Nothing removes the lock at exit: that is the designed path.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DsipformError } from '../model/errors.js';
import { describeHolder, isDeadHolder, parseHolder, type LockHolder } from './lock-holder.js';
import { ensurePrivateDir, errnoOf } from './private-fs.js';
import { takeOverStale, type SeenLock } from './lock-takeover.js';

/** How often a waiting run looks at the lock again. */
const POLL_MS = 100;
/**
 * A lock file this old that still cannot be parsed was left by a crash between its creation and
 * its write (which take microseconds), not by a holder that is still writing it.
 */
export const UNPARSABLE_STALE_MS = 10_000;

/** A held lock on a state file. */
export interface Lock {
  /** The lock file's path. */
  readonly file: string;
  /** Removes the lock file if it is still this lock's; never someone else's. Idempotent. */
  release(): Promise<void>;
}

/** How to take the lock. */
export interface LockOptions {
  /** How long to wait for a live holder, in ms; 0 means try once. */
  readonly timeoutMs: number;
  /** What this run does, shown to whoever waits for it, e.g. `dsipform apply`. */
  readonly command: string;
  /** The clock for `started_at` (ms); default `Date.now`. Waiting always uses real time. */
  readonly now?: () => number;
}

async function readSeen(lockFile: string): Promise<SeenLock | null> {
  try {
    const handle = await open(lockFile, 'r');
    try {
      const [text, stats] = await Promise.all([handle.readFile('utf8'), handle.stat()]);
      return { text, holder: parseHolder(text), ageMs: Date.now() - stats.mtimeMs };
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return null;
    throw new DsipformError('STATE_UNREADABLE', `cannot read the lock file ${lockFile}: ${(err as Error).message}`,
      `if no dsipform is running against this state, remove ${lockFile}`, { cause: err });
  }
}

/** Creates the lock file with our content; `false` when it already exists. */
async function tryCreate(lockFile: string, text: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockFile, 'wx', 0o600);
  } catch (err) {
    if (errnoOf(err) === 'EEXIST') return false;
    throw new DsipformError('STATE_UNWRITABLE', `cannot create the lock file ${lockFile}: ${(err as Error).message}`,
      `check that ${dirname(lockFile)} is writable`, { cause: err });
  }
  // No fsync: a lock only matters while its holder lives, and a power cut ends the holder too.
  try {
    await handle.writeFile(text, 'utf8');
  } catch (err) {
    await handle.close();
    await rm(lockFile, { force: true });
    throw new DsipformError('STATE_UNWRITABLE', `cannot write the lock file ${lockFile}: ${(err as Error).message}`,
      `check that ${dirname(lockFile)} has free space`, { cause: err });
  }
  await handle.close();
  return true;
}

function isStale(seen: SeenLock): boolean {
  return seen.holder ? isDeadHolder(seen.holder) : seen.ageMs > UNPARSABLE_STALE_MS;
}

function lockedError(stateFile: string, lockFile: string, seen: SeenLock): DsipformError {
  if (!seen.holder) {
    return new DsipformError('STATE_LOCKED',
      `the state ${stateFile} is locked: the lock file ${lockFile} cannot be parsed (it is being written, or damaged)`,
      `wait and run again; if no dsipform is running against this state, remove ${lockFile}`);
  }
  return new DsipformError('STATE_LOCKED', `the state ${stateFile} is locked by ${describeHolder(seen.holder)}`,
    `wait for it to finish and run again; if that process is gone, remove ${lockFile}`);
}

function makeLock(lockFile: string, text: string): Lock {
  let released = false;
  return {
    file: lockFile,
    async release() {
      if (released) return;
      released = true;
      const current = await readFile(lockFile, 'utf8').catch((err: unknown) => {
        if (errnoOf(err) === 'ENOENT') return null;
        throw err;
      });
      // A different content means our lock was taken over (we were judged dead): not ours to remove.
      if (current === text) await rm(lockFile, { force: true });
    },
  };
}

/**
 * Takes the lock of `stateFile` (the file `${stateFile}.lock`, created 0600, holding the JSON of a
 * `LockHolder`). A lock of a dead process on this host, or an unparsable one older than 10 s, is
 * taken over; a live holder is waited for, polling, up to `timeoutMs`, after which this throws
 * `DsipformError('STATE_LOCKED')` naming the holder. Creates the state's directory (0700) if missing.
 */
export async function acquireLock(stateFile: string, options: LockOptions): Promise<Lock> {
  const lockFile = `${stateFile}.lock`;
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    command: options.command,
    started_at: new Date((options.now ?? Date.now)()).toISOString(),
  };
  const text = `${JSON.stringify(holder)}\n`;
  try {
    await ensurePrivateDir(dirname(lockFile));
  } catch (err) {
    throw new DsipformError('STATE_UNWRITABLE', `cannot create the state directory ${dirname(lockFile)}: ${(err as Error).message}`,
      'check the permissions of its parent directory, or pass another path with --state', { cause: err });
  }
  const deadline = Date.now() + Math.max(0, options.timeoutMs);
  for (;;) {
    if (await tryCreate(lockFile, text)) return makeLock(lockFile, text);
    const seen = await readSeen(lockFile);
    if (seen === null) continue; // released between our two looks: try again at once
    if (isStale(seen) && (await takeOverStale(lockFile, seen))) continue;
    const left = deadline - Date.now();
    if (left <= 0) throw lockedError(stateFile, lockFile, seen);
    await sleep(Math.min(POLL_MS, left));
  }
}
