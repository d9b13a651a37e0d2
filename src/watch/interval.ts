import { DsipformError } from '../model/errors.js';

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses `--interval`: `60s`, `5m`, `1h`, `500ms`, or a bare number of seconds; at least 100 ms (a
 * shorter wait would only have runs queue behind each other).
 */
export function parseInterval(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const ms = m ? Number(m[1]) * UNITS[m[2] ?? 's']! : NaN;
  if (!Number.isFinite(ms) || ms < 100) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--interval "${text}" is not a duration of at least 100 ms`,
      'For example --interval 60s (the default), 5m or 1h.',
    );
  }
  return ms;
}

/**
 * The wait before the next run: the interval, shifted by up to a tenth either way, so reconcilers
 * started together (one per region, restarted by one rollout) do not all read their platforms at
 * the same second. `random` is in [0, 1).
 */
export function jittered(intervalMs: number, random: number): number {
  return Math.round(intervalMs * (0.9 + 0.2 * random));
}
