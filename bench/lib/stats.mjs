// Small numeric helpers shared by the benchmarks: medians, rounding, ratios, timing.

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Rounds to `digits` decimals. */
export function round(x, digits = 0) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** `a / b` with two decimals, or null when either is missing. */
export function ratio(a, b) {
  return a == null || b == null || b === 0 ? null : round(a / b, 2);
}

/** Milliseconds since `start` (a `process.hrtime.bigint()` value). */
export function msSince(start) {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs `fn` once and resolves to how many milliseconds it took, and what it returned. */
export async function timed(fn) {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { ms: msSince(start), value };
}

/**
 * Runs each of the named variants `runs` times, interleaved (A B C, A B C, ...) so that drift of the
 * machine hits every variant alike, and returns the samples and median of each, in milliseconds.
 * A variant resolves to its own duration in ms, so it can leave set-up out of the figure.
 */
export async function interleaved(runs, variants) {
  const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let i = 0; i < runs; i += 1) {
    for (const [name, fn] of Object.entries(variants)) samples[name].push(await fn(i));
  }
  const out = {};
  for (const [name, xs] of Object.entries(samples)) out[name] = { medianMs: round(median(xs), 1), samplesMs: xs.map((x) => round(x, 1)) };
  return out;
}
