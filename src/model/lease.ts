/** An endpoint lease as the platform hands it out. The password is a secret. */
export interface Lease {
  readonly leaseid: number;
  readonly username: string;
  readonly password: string;
  readonly domain: string;
  /** Time to live in seconds. */
  readonly ttl: number;
}

const TTL_FORM = /^\s*([0-9]+)\s*([smh]?)\s*$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600 };

/**
 * Parses a ttl: a number of seconds, or a string `"<n>"`, `"<n>s"`, `"<n>m"`, `"<n>h"`.
 * Returns seconds, or `null` when the value is not a ttl (callers decide whether ≤ 0 is allowed).
 */
export function parseTtl(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = TTL_FORM.exec(value);
  if (!m) return null;
  return Number(m[1]) * (UNIT_SECONDS[m[2] ?? ''] ?? 1);
}

/** What a declared lease says: our name for it (the key), and what to ask the platform for. */
export interface LeaseContent {
  /** Our key; the platform knows only the lease id. */
  readonly name: string;
  readonly email: string;
  /** Seconds. */
  readonly ttl: number;
  /** Renew when less than this many seconds are left (default: 10% of ttl). */
  readonly renew_before: number;
}

/**
 * One lease dsipform obtained and must remember, since the platform cannot list leases or read
 * one back. Holds the password: only the state file and `output leases` may show it.
 */
export interface LeaseRecord {
  readonly name: string;
  readonly lease_id: number;
  readonly username: string;
  readonly domain: string;
  readonly password: string;
  readonly email: string;
  /** Seconds. */
  readonly ttl: number;
  /** ISO 8601 instants. */
  readonly obtained_at: string;
  readonly expires_at: string;
  /** `files`: managed by the desired-state files; `cli`: obtained one-off by `dsipform lease obtain`. */
  readonly source: 'files' | 'cli';
}

/** Whether a recorded lease has expired at `now` (ms). */
export function isExpired(record: Pick<LeaseRecord, 'expires_at'>, now: number): boolean {
  return Date.parse(record.expires_at) <= now;
}
