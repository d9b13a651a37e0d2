/**
 * The lock that makes one apply or destroy at a time own the state file. Taken by creating
 * `<state>.lock` exclusively; a lock left by a dead process on this host is taken over, so a killed
 * run never needs a hand to clean up. Nothing removes the lock at exit: that is the designed path.
 */
import { open, readFile, rm, rmdir } from 'node:fs/promises';
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
const UNPARSABLE_STALE_MS = 10_000;

/** A held lock on a state file. */
export interface Lock {
  /** The lock file's path. */
  readonly file: string;
  /** Removes the lock file if it is still this lock's; never someone else's. Idempotent. */
  release(): Promise<void>;
}

/** How to take the lock. */
interface LockOptions {
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
    throw new DsipformError(
      'STATE_UNREADABLE',
      `cannot read the lock file ${lockFile}: ${(err as Error).message}`,
      `if no dsipform is running against this state, remove ${lockFile}`,
      { cause: err },
    );
  }
}

/** Creates the lock file with our content; `false` when it already exists. */
async function tryCreate(lockFile: string, text: string, retry = true): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockFile, 'wx', 0o600);
  } catch (err) {
    if (errnoOf(err) === 'EEXIST') return false;
    // A run releasing its lock removes a directory it created once empty, maybe just now: recreate it.
    if (errnoOf(err) === 'ENOENT' && retry) {
      await ensurePrivateDir(dirname(lockFile));
      return tryCreate(lockFile, text, false);
    }
    throw new DsipformError(
      'STATE_UNWRITABLE',
      `cannot create the lock file ${lockFile}: ${(err as Error).message}`,
      `check that ${dirname(lockFile)} is writable`,
      { cause: err },
    );
  }
  // No fsync: a lock only matters while its holder lives, and a power cut ends the holder too.
  try {
    await handle.writeFile(text, 'utf8');
  } catch (err) {
    await handle.close();
    await rm(lockFile, { force: true });
    throw new DsipformError(
      'STATE_UNWRITABLE',
      `cannot write the lock file ${lockFile}: ${(err as Error).message}`,
      `check that ${dirname(lockFile)} has free space`,
      { cause: err },
    );
  }
  await handle.close();
  return true;
}

function isStale(seen: SeenLock): boolean {
  return seen.holder ? isDeadHolder(seen.holder) : seen.ageMs > UNPARSABLE_STALE_MS;
}

function lockedError(stateFile: string, lockFile: string, seen: SeenLock): DsipformError {
  if (!seen.holder) {
    return new DsipformError(
      'STATE_LOCKED',
      `the state ${stateFile} is locked: the lock file ${lockFile} cannot be parsed (it is being written, or damaged)`,
      `wait and run again: a lock file that still cannot be parsed after ${UNPARSABLE_STALE_MS / 1000} s is taken over automatically`,
    );
  }
  const holder = seen.holder;
  if (holder.hostname !== hostname()) {
    // A process on another host (a shared disk) cannot be checked, so its lock is never taken over.
    return new DsipformError(
      'STATE_LOCKED',
      `the state ${stateFile} is locked by ${describeHolder(holder)}`,
      `wait for it to finish and run again; dsipform cannot check a process on ${holder.hostname}: only if pid ${holder.pid} there is certainly gone, remove ${lockFile}`,
    );
  }
  return new DsipformError(
    'STATE_LOCKED',
    `the state ${stateFile} is locked by ${describeHolder(holder)}, which is still running`,
    `wait for pid ${holder.pid} to finish (or stop it) and run again, or give a longer --lock-timeout; the lock of a process that has died is taken over automatically, so never remove ${lockFile} by hand`,
  );
}

/**
 * Removes the directories the lock created, innermost first, as long as they are empty: a run that
 * kept nothing (files declaring leases, none obtained) leaves no empty `.dsipform/` behind.
 */
async function removeEmptyDirs(dir: string, createdTop: string): Promise<void> {
  for (let d = dir; ; d = dirname(d)) {
    try {
      await rmdir(d);
    } catch {
      return; // not empty (the state is there), or not ours to remove
    }
    if (d === createdTop || dirname(d) === d) return;
  }
}

function makeLock(lockFile: string, text: string, createdDir: string | undefined): Lock {
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
      if (current !== text) return;
      await rm(lockFile, { force: true });
      if (createdDir !== undefined) await removeEmptyDirs(dirname(lockFile), createdDir);
    },
  };
}

/**
 * Takes the lock of `stateFile` (the file `${stateFile}.lock`, created 0600, holding the JSON of a
 * `LockHolder`). A lock of a dead process on this host, or an unparsable one older than 10 s, is
 * taken over; a live holder is waited for, polling, up to `timeoutMs`, after which this throws
 * `DsipformError('STATE_LOCKED')` naming the holder. Creates the state's directory (0700) if missing,
 * and removes it again at release if it is still empty then.
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
  let createdDir: string | undefined;
  try {
    createdDir = await ensurePrivateDir(dirname(lockFile));
  } catch (err) {
    throw new DsipformError(
      'STATE_UNWRITABLE',
      `cannot create the state directory ${dirname(lockFile)}: ${(err as Error).message}`,
      'check the permissions of its parent directory, or pass another path with --state',
      { cause: err },
    );
  }
  const deadline = Date.now() + Math.max(0, options.timeoutMs);
  for (;;) {
    if (await tryCreate(lockFile, text)) return makeLock(lockFile, text, createdDir);
    const seen = await readSeen(lockFile);
    if (seen === null) continue; // released between our two looks: try again at once
    if (isStale(seen) && (await takeOverStale(lockFile, seen))) continue;
    const left = deadline - Date.now();
    if (left <= 0) throw lockedError(stateFile, lockFile, seen);
    await sleep(Math.min(POLL_MS, left));
  }
}
