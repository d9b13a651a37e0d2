/**
 * File-system steps shared by the state file and its lock, and by every file that holds a secret
 * (the state's lease passwords, an API token, a plan signing key): such a file must be private to
 * the user, both what dsipform creates and what it is given to read.
 */
import { chmod, mkdir, open } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { DsipformError } from '../model/errors.js';

/** A file that holds a secret, as its refusal names it. */
export interface SecretFile {
  /** The code of the refusal: the state's own, or the one of files named by options. */
  readonly code: 'STATE_PERMISSIONS' | 'CONFIG_FILE_PERMISSIONS';
  /** The file as the message names it, e.g. `the state file /x/state.json`. */
  readonly named: string;
  /** What it holds, e.g. `lease passwords`. */
  readonly holds: string;
  /** What to do if others may have read it, e.g. `rotate the token`. */
  readonly ifRead: string;
}

/**
 * Refuses a file that holds a secret while its group or others have any access to it (the one
 * rule for the state file, token files and signing-key files), as ssh refuses such a private key:
 * using it silently would hide that the secret was exposed. `mode` is the file's `stat` mode.
 */
export function checkPrivateMode(file: string, mode: number, secret: SecretFile): void {
  if (process.platform === 'win32' || (mode & 0o077) === 0) return;
  const shown = (mode & 0o777).toString(8).padStart(4, '0');
  throw new DsipformError(
    secret.code,
    `${secret.named} is open to other users (mode ${shown}), but it holds ${secret.holds}`,
    `run: chmod 600 ${file} (if others may have read it, ${secret.ifRead})`,
  );
}

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
