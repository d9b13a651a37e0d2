import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { DsipformError } from '../model/errors.js';

/** Writes a file atomically (temporary file beside it, fsync, rename): never a half-written file. */
export async function writeFileAtomic(file: string, text: string, mode = 0o644): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'wx', mode);
    try {
      await handle.writeFile(text);
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
