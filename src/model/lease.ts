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
  /**
   * The platform the lease was obtained from: its base URL, or `emulator:<data file>` /
   * `emulator:(in memory)`. Only plans against this target see the lease as held (and may renew or
   * revoke it). `null`: recorded before dsipform recorded targets; no plan ever touches it.
   */
  readonly target: string | null;
}

/** A lease as the executor hands it to the state: the target is the state's to fill in. */
export type NewLeaseRecord = Omit<LeaseRecord, 'target'>;

/**
 * A note written to the state before an obtain request and removed when the lease is recorded: if
 * the process dies in between, the platform may have issued a lease nobody recorded.
 */
export interface InFlightObtain {
  /** Random; tells notes of parallel obtains apart. */
  readonly id: string;
  readonly target: string;
  readonly email: string;
  /** Seconds. */
  readonly ttl: number;
  /** ISO 8601: when the request was about to be sent. */
  readonly started_at: string;
  /** ISO 8601: by when such a lease has certainly expired (start + ttl + `OBTAIN_WINDOW_MS`). */
  readonly expires_by: string;
}

/**
 * How long after its start an obtain request can still be issuing the lease: far beyond the
 * client's default request budget (30 s timeout, 60 s of retries), so `expires_by` is an upper bound.
 */
export const OBTAIN_WINDOW_MS = 10 * 60_000;

/** The longest ttl, 100 years: beyond it an expiry is no sane date (and digits start to go). */
export const MAX_TTL_SECONDS = 100 * 365 * 86_400;

/**
 * The one ttl rule every entry point applies (files, `lease obtain --ttl`, CDKTF, the provider):
 * a whole number of seconds above 0 and at most `MAX_TTL_SECONDS`. Returns what is wrong, phrased
 * to follow the name of the field (`ttl must be ...`), or `null` when the ttl is allowed.
 */
export function ttlRangeProblem(seconds: number): string | null {
  if (!(seconds > 0)) return 'must be more than 0 seconds';
  if (!(seconds <= MAX_TTL_SECONDS)) return `must be at most ${MAX_TTL_SECONDS} seconds (100 years)`;
  return null;
}

/** The latest instant a `Date` can hold, in ms. */
const LAST_INSTANT_MS = 8.64e15;

/**
 * The ISO 8601 instant `ttlSeconds` after `atMs`. Never throws: a ttl past the end of time (which
 * only a misbehaving platform can answer, since our own ttls are capped) gives the last instant,
 * so a lease the platform issued is always recordable.
 */
export function expiresAt(atMs: number, ttlSeconds: number): string {
  const ms = atMs + ttlSeconds * 1000;
  return new Date(Number.isFinite(ms) ? Math.min(Math.max(ms, -LAST_INSTANT_MS), LAST_INSTANT_MS) : LAST_INSTANT_MS).toISOString();
}

/** Whether a recorded lease has expired at `now` (ms). */
export function isExpired(record: Pick<LeaseRecord, 'expires_at'>, now: number): boolean {
  return Date.parse(record.expires_at) <= now;
}
