/**
 * The local state file: the leases dsipform obtained, which the platform can neither list nor read
 * back. Losing it forgets live credentials, so reads never reset it silently and writes are atomic.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, realpath, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DsipformError } from '../model/errors.js';
import { checkPrivateMode, ensurePrivateDir, errnoOf, fsyncDir } from './private-fs.js';
import { STATE_FORMAT_VERSION, toStateFile, type StateFile } from './state-shape.js';
import { findDuplicateKey } from '../model/strict-json.js';

/** A state with no leases: what a missing state file means. */
function emptyState(): StateFile {
  return { format_version: STATE_FORMAT_VERSION, leases: [] };
}

function repairHint(file: string): string {
  return `restore ${file} from a backup, or fix it by hand; do not delete it: that would forget leases that are still live on the platform`;
}

/**
 * V8's JSON errors quote the text around the fault, which may be a password; keep only the position.
 */
function jsonProblem(err: unknown, text: string): string {
  const message = err instanceof Error ? err.message : '';
  if (/unexpected end/i.test(message)) return 'it is not valid JSON (it ends too early)';
  const at = /at position (\d+)/.exec(message);
  if (!at) return 'it is not valid JSON';
  const before = text.slice(0, Number(at[1])).split('\n');
  return `it is not valid JSON (at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

/**
 * Refuses a state directory that is a symbolic link. The state holds passwords, so like ssh with a
 * private key, dsipform uses only the real thing, never what a link points at.
 */
export async function checkStateDir(file: string): Promise<void> {
  const dir = dirname(file);
  const stats = await lstat(dir).catch(() => null);
  if (!stats?.isSymbolicLink()) return;
  const real = await realpath(dir).catch(() => null);
  throw new DsipformError(
    'STATE_SYMLINK',
    `the state directory ${dir} is a symbolic link${real ? ` to ${real}` : ''}; dsipform does not follow links to its state`,
    real
      ? `point --state at the real file: --state ${join(real, basename(file))}`
      : `remove the link ${dir}, or point --state at a file in a real directory`,
  );
}

async function openState(file: string): Promise<FileHandle | null> {
  try {
    return await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return null;
    if (errnoOf(err) === 'ELOOP') {
      const real = await realpath(file).catch(() => null);
      throw new DsipformError(
        'STATE_SYMLINK',
        `the state file ${file} is a symbolic link${real ? ` to ${real}` : ''}; dsipform does not follow links to its state`,
        real ? `point --state at the real file: --state ${real}` : `remove the link ${file}, or point --state at the real file`,
        { cause: err },
      );
    }
    const reason = err instanceof Error ? err.message : String(err);
    throw new DsipformError('STATE_UNREADABLE', `cannot read the state file ${file}: ${reason}`, repairHint(file), { cause: err });
  }
}

/** Refuses a state file others can read or write: it holds passwords (ssh refuses such a key). */
function checkMode(file: string, mode: number): void {
  checkPrivateMode(file, mode, {
    code: 'STATE_PERMISSIONS',
    named: `the state file ${file}`,
    holds: 'lease passwords',
    ifRead: 'revoke its leases and obtain new ones',
  });
}

/**
 * Reads the state file. A missing file is an empty state (the first run). Anything else that is not
 * a valid state throws a `DsipformError`: `STATE_SYMLINK` (the file or its directory is a symbolic
 * link), `STATE_PERMISSIONS` (group or others have any access), `STATE_UNREADABLE` (cannot be read)
 * or `STATE_CORRUPT` (not JSON, a duplicate key, an unknown `format_version`, a malformed record),
 * whose message names the file and the problem, never a value from it. A format-1 file is read
 * with every lease's target unknown (`null`).
 */
export async function readState(file: string): Promise<StateFile> {
  await checkStateDir(file);
  const handle = await openState(file);
  if (handle === null) return emptyState();
  let text: string;
  try {
    const stats = await handle.stat();
    if (stats.isFile()) checkMode(file, stats.mode);
    text = await handle.readFile('utf8');
  } catch (err) {
    if (err instanceof DsipformError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new DsipformError('STATE_UNREADABLE', `cannot read the state file ${file}: ${reason}`, repairHint(file), { cause: err });
  } finally {
    await handle.close();
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    // No `cause`: the SyntaxError's message quotes the file's text.
    throw new DsipformError('STATE_CORRUPT', `the state file ${file} is corrupt: ${jsonProblem(err, text)}`, repairHint(file));
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate) {
    const where = `line ${duplicate.line}, column ${duplicate.col}`;
    throw new DsipformError(
      'STATE_CORRUPT',
      `the state file ${file} is corrupt: the key ${JSON.stringify(duplicate.key)} appears twice in one object (at ${where})`,
      repairHint(file),
    );
  }
  const state = toStateFile(data);
  if (typeof state === 'string') {
    throw new DsipformError('STATE_CORRUPT', `the state file ${file} is corrupt: ${state}`, repairHint(file));
  }
  return state;
}

/** Objects with their keys sorted, at every depth, so the file is canonical and diffs stay small. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

/** The exact text `writeState` writes: pretty JSON, keys sorted, a trailing newline. */
export function formatState(state: StateFile): string {
  return `${JSON.stringify(sortKeys(state), null, 2)}\n`;
}

/**
 * Replaces the state file atomically: a reader or a crash sees the old file or the new one, never
 * half of one. The content goes to a temporary file beside the target (created 0600, so it is
 * never readable by others, even for a moment), is fsynced, renamed over the target, and the
 * directory is fsynced so the rename survives a power cut. A missing directory is created 0700.
 * The file ends up 0600 whatever the umask. Throws `DsipformError('STATE_UNWRITABLE')` on failure,
 * in which case the old file is untouched.
 */
export async function writeState(file: string, state: StateFile): Promise<void> {
  const dir = dirname(file);
  // A random name: two writers never share a temporary file, and a crash's leftover never blocks.
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let created = false;
  let renamed = false;
  try {
    await ensurePrivateDir(dir);
    const handle = await open(tmp, 'wx', 0o600);
    created = true;
    try {
      // The umask may have removed our own read or write bit; restore exactly 0600.
      await handle.chmod(0o600);
      await handle.writeFile(formatState(state), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    renamed = true;
    await fsyncDir(dir);
  } catch (err) {
    if (created && !renamed) await rm(tmp, { force: true }).catch(() => undefined);
    const reason = err instanceof Error ? err.message : String(err);
    const outcome = renamed ? 'the new state is in place but may not survive a power cut' : 'the previous state file is unchanged';
    throw new DsipformError(
      'STATE_UNWRITABLE',
      `cannot write the state file ${file}: ${reason}`,
      `check that ${dir} is writable and has free space, then run again; ${outcome}`,
      { cause: err },
    );
  }
}
