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
