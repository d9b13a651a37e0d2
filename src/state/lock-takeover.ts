/**
 * Removing a stale lock safely. Two runs can find the same stale lock at once; if each simply
 * removed it and created its own, the slower one could remove the faster one's fresh lock and both
 * would go ahead. So removal happens only under a short-lived second lock (`<lock>.takeover`), and
 * only after checking, under it, that the lock file is still the very one judged stale.
 */
import { open, readFile, rm, stat } from 'node:fs/promises';
import type { LockHolder } from './lock-holder.js';
import { errnoOf } from './private-fs.js';

/**
 * The takeover lock is held for a read and an unlink; one this old was left by a run that died
 * holding it, so it is removed.
 */
const TAKEOVER_STALE_MS = 10_000;

/** A lock file as one look saw it. */
export interface SeenLock {
  /** The exact text; a stale lock is removed only if it still has this text. */
  readonly text: string;
  /** The parsed holder, or `null` when the text is not one. */
  readonly holder: LockHolder | null;
  /** Time since the lock file was last modified, in ms. */
  readonly ageMs: number;
}

/**
 * Removes a guard left by a run that died inside the takeover; `true` if it did. Two runs doing
 * this at the same instant could remove each other's guard and both go on; that needs a crash
 * inside a window of microseconds first, then two runs racing in the same moment, so it is accepted
 * rather than guarded by a third file.
 */
async function removeIfAbandoned(guard: string): Promise<boolean> {
  const stats = await stat(guard).catch(() => null);
  if (!stats || Date.now() - stats.mtimeMs <= TAKEOVER_STALE_MS) return false;
  await rm(guard, { force: true });
  return true;
}

/**
 * Removes `lockFile` if it still holds exactly `seen.text`. Resolves `true` when the caller should
 * try to create the lock again at once (the stale lock is gone, the lock changed meanwhile, or an
 * abandoned guard was cleared), and `false` when another run is taking over right now (try again
 * after the usual wait).
 */
export async function takeOverStale(lockFile: string, seen: SeenLock): Promise<boolean> {
  const guard = `${lockFile}.takeover`;
  let handle;
  try {
    handle = await open(guard, 'wx', 0o600);
  } catch (err) {
    if (errnoOf(err) !== 'EEXIST') throw err;
    return removeIfAbandoned(guard);
  }
  try {
    await handle.writeFile(`${process.pid}\n`, 'utf8');
    const current = await readFile(lockFile, 'utf8').catch((err: unknown) => {
      if (errnoOf(err) === 'ENOENT') return null;
      throw err;
    });
    // Only another taker (holding this guard earlier) or the dead holder could have changed it,
    // and the dead holder cannot: an unchanged text is the stale lock itself.
    if (current === seen.text) await rm(lockFile, { force: true });
    return true;
  } finally {
    await handle.close();
    await rm(guard, { force: true });
  }
}
