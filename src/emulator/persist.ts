import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseSnapshot, type EmulatorSnapshot } from './store/snapshot.js';

/**
 * Reads a data file. Returns `undefined` when it does not exist; throws an Error naming the file
 * when it exists but is not a valid snapshot, so a typo never silently starts an empty platform.
 */
export async function loadSnapshot(file: string): Promise<EmulatorSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Cannot read emulator data file ${file}: ${(err as Error).message}`);
  }
  try {
    return parseSnapshot(JSON.parse(text));
  } catch (err) {
    throw new Error(`Emulator data file ${file} is corrupt: ${(err as Error).message}`);
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

/** Writes `text` to `file` via a temporary sibling, fsynced, then renamed over the target. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const dir = dirname(file);
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
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
