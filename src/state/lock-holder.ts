/**
 * What a lock file says about the process holding it, and whether that process is still there.
 */
import { hostname } from 'node:os';
import { errnoOf } from './private-fs.js';

/** The content of a lock file: who holds the state, on which host, doing what, since when. */
export interface LockHolder {
  readonly pid: number;
  readonly hostname: string;
  /** What the holder is doing, e.g. `dsipform apply`. */
  readonly command: string;
  /** ISO 8601 instant the lock was taken. */
  readonly started_at: string;
}

/** The holder a lock file's text names, or `null` when the text is not a complete holder. */
export function parseHolder(text: string): LockHolder | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { pid, hostname: host, command, started_at: since } = data as Record<string, unknown>;
  // pid 0 and negative pids address process groups in kill(2): never a holder.
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0) return null;
  if (typeof host !== 'string' || typeof command !== 'string' || typeof since !== 'string') return null;
  return { pid: pid as number, hostname: host, command, started_at: since };
}

/**
 * Whether a process with this pid exists on this host. Signal 0 checks without sending anything;
 * EPERM means it exists but belongs to someone else, so only ESRCH counts as gone.
 */
function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoOf(err) !== 'ESRCH';
  }
}

/**
 * Whether a holder is certainly gone: it ran on this host and its pid no longer exists. A holder
 * on another host (a shared disk) can never be checked, so it is never stale.
 */
export function isDeadHolder(holder: LockHolder): boolean {
  return holder.hostname === hostname() && !isProcessAlive(holder.pid);
}

/** The holder as a user reads it: `pid 123 on build-1 (dsipform apply) since 2024-...`. */
export function describeHolder(holder: LockHolder): string {
  return `pid ${holder.pid} on ${holder.hostname} (${holder.command}) since ${holder.started_at}`;
}
