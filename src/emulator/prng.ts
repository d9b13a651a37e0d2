/**
 * mulberry32: a tiny 32-bit seeded PRNG. Not for secrets; good enough to spread fault decisions
 * evenly and, above all, to repeat them exactly for the same seed.
 */

/** A source of numbers uniform in [0, 1). */
export type Random = () => number;

/** A generator seeded with `seed` (taken modulo 2^32); the same seed yields the same sequence. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
