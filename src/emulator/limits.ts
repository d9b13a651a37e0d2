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
  /** `--max-connections`. */
  maxConnections: 1_000_000,
} as const;
