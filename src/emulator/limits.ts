/**
 * The bounds of the emulator's numeric options, in one place: `dsipform emulator` checks its flags
 * against them (naming the flag) and `startEmulator` checks its options against them again (naming
 * the option). Kept apart from faults.ts so the CLI reads them without loading the emulator.
 */

/** Upper bounds (inclusive; the lower bound is 0) of the fault options. */
export const FAULT_LIMITS = {
  /** `latencyMs` / `--latency`: a minute. */
  latencyMs: 60_000,
  /** `rateLimit` / `--rate-limit`, requests per second. */
  rateLimit: 100_000,
  /** `seed` / `--seed`: the 32-bit seeds the generator takes. */
  seed: 0xffff_ffff,
} as const;

/** Upper bounds (inclusive) of the server options the CLI takes. */
export const SERVER_LIMITS = {
  /** `--body-timeout`: node's own 5-minute request timeout. */
  bodyTimeoutMs: 300_000,
  /** `--header-timeout`: node's request timeout too, which must not be shorter than the headers'. */
  headerTimeoutMs: 300_000,
  /** `--max-connections`. */
  maxConnections: 1_000_000,
} as const;

/**
 * How long a client may take to send a request's headers (ms) unless told otherwise: long enough
 * for any real client on a slow link, short enough that connections trickling header lines (a
 * slowloris) cannot hold every connection slot for long.
 */
export const DEFAULT_HEADER_TIMEOUT_MS = 10_000;

/**
 * How often node looks for connections past the header timeout (ms): node checks on a timer
 * (30 s by default, which let a slowloris hold slots for up to 90 s), so the check runs four times
 * per timeout, at most once a second and at least every 25 ms.
 */
export function headerCheckIntervalMs(headerTimeoutMs: number): number {
  return Math.min(1000, Math.max(25, Math.floor(headerTimeoutMs / 4)));
}
