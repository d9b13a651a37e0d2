/**
 * File-system steps shared by the state file and its lock: both hold or guard lease passwords,
 * so whatever they create must be private to the user from the first moment.
 */
import { chmod, mkdir, open } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';

/** The `code` of a Node.js system error (`ENOENT`, `EACCES`, ...), or `undefined`. */
export function errnoOf(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Makes sure `dir` exists. Every directory this call creates ends up mode 0700 whatever the umask;
 * a directory that already existed is left as it is, since it may be the user's own (`--state`).
 * Resolves to the outermost directory it created, or `undefined` when `dir` existed.
 */
export async function ensurePrivateDir(dir: string): Promise<string | undefined> {
  const first = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return undefined;
  // mkdir's mode is masked by the umask (0o277 would leave us unable to write), so fix it up;
  // the mask can only remove bits, so the directory was never more open than 0700.
  for (let d = dir; ; d = dirname(d)) {
    await chmod(d, 0o700);
    if (d === first || !isInside(first, d)) break;
  }
  return first;
}

function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..';
}

/**
 * Flushes a directory's entries (a rename in it) to disk. Some platforms and file systems refuse
 * to fsync a directory; there the rename is as durable as they allow, which is not an error.
 */
export async function fsyncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (err) {
    if (!['EISDIR', 'EINVAL', 'EPERM', 'ENOTSUP', 'EBADF'].includes(errnoOf(err) ?? '')) throw err;
  } finally {
    await handle?.close();
  }
}
