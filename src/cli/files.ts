import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DsipformError } from '../model/errors.js';

/** A temporary name beside `file`, hidden and unique, so a rename over `file` is atomic. */
function tempBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Writes a file atomically (temporary file beside it, fsync, rename): never a half-written file.
 * `data` may come in pieces (an iterable of strings), written one after the other.
 * A failure is `FILE_WRITE_FAILED` naming the file, and leaves no temporary file behind.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array | Iterable<string>, mode = 0o644): Promise<void> {
  const tmp = tempBeside(file);
  try {
    const handle = await open(tmp, 'wx', mode);
    try {
      if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
      else for (const piece of data) await handle.write(piece);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw new DsipformError(
      'FILE_WRITE_FAILED',
      `cannot write ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      'Check that the directory exists and is writable.',
    );
  }
}

/**
 * `writeFileAtomic` synchronously, readable by its owner only: for the one moment there is no time
 * for a promise, just before the process exits. Throws the file system's own error.
 */
export function writeFileAtomicNow(file: string, text: string): void {
  const tmp = tempBeside(file);
  try {
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
