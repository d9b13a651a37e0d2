import { open, readFile, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseSnapshot, type EmulatorSnapshot } from './store/snapshot.js';
import { dataCorruptError, dataUnreadableError } from './start-errors.js';

/**
 * Reads a data file. Returns `undefined` when it does not exist; throws a coded error naming the
 * file (`EMULATOR_DATA_UNREADABLE`, `EMULATOR_DATA_CORRUPT`) when it exists but cannot be read or is
 * not a valid snapshot, so a typo never silently starts an empty platform.
 */
export async function loadSnapshot(file: string): Promise<EmulatorSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw dataUnreadableError(file, err);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw dataCorruptError(file, `it is not valid JSON (${(err as Error).message})`);
  }
  try {
    return parseSnapshot(json);
  } catch (err) {
    throw dataCorruptError(file, (err as Error).message);
  }
}

/**
 * Saves snapshots to one file, atomically (temporary file in the same directory, fsync, rename),
 * so a crash leaves either the old or the new state, never half of one. Saves coalesce: requests
 * that arrive while a write is running share the next write, which snapshots the state when it
 * starts, so a burst of N changes costs at most two writes rather than N. This is the one place a
 * debounce would go.
 */
export class Persister {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => EmulatorSnapshot,
  ) {}

  /** Resolves once a write that began after this call has finished; rejects if that write failed. */
  save(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const after = this.running.catch(() => undefined);
    this.queued = after.then(() => {
      this.queued = null;
      return this.start();
    });
    return this.queued;
  }

  /** Resolves when no write is running or queued. */
  async flush(): Promise<void> {
    while (this.running || this.queued) await (this.queued ?? this.running)?.catch(() => undefined);
  }

  private start(): Promise<void> {
    const write = writeAtomically(this.file, `${JSON.stringify(this.snapshot(), null, 2)}\n`);
    const running = write.finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }
}

/** The temporary sibling a write of `file` goes through: `.NAME.PID.HEX.tmp`, named by its writer's pid. */
function tempName(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a process with this pid runs (EPERM: it does, as another user). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files that writers of `file` killed mid-write left beside it (the rename
 * never came), and returns their paths. Only files named as `writeAtomically` names them and whose
 * writer's pid is no longer alive: a live emulator's write in progress is never touched. A directory
 * that cannot be listed is left alone.
 */
export async function removeStaleTempFiles(file: string): Promise<string[]> {
  const dir = dirname(file);
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(file))}\\.(\\d+)\\.[0-9a-f]{8}\\.tmp$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1] ?? NaN);
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || pidAlive(pid)) continue;
    await rm(join(dir, name), { force: true });
    removed.push(join(dir, name));
  }
  return removed;
}

/** Writes `text` to `file` via a temporary sibling, fsynced, then renamed over the target. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const dir = dirname(file);
  const tmp = tempName(file);
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  await rename(tmp, file);
  await syncDirectory(dir);
}

/** Makes the rename itself durable; some platforms cannot open a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort only: the file content is already safe.
  }
}
