/**
 * Wall-clock times: a date and time of day as a clock on a wall shows it, with no zone. Arithmetic
 * reads them as if they were UTC, so no machine zone or daylight-saving shift enters. Pure.
 */

/** A wall-clock date and time; month 1-12. */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** Seconds since 1970-01-01T00:00:00 of a wall time, read as UTC. */
export function wallSeconds(t: WallTime): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) / 1000;
}

/** `YYYY-MM-DDTHH:MM:SS` as a wall time, or `null` when it is not one (a real date, a time of day). */
export function wallTimeOf(text: string): WallTime | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day, hour, minute, second };
}

/** A wall time as `YYYY-MM-DDTHH:MM:SS`. */
export function formatWallTime(t: WallTime): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${p(t.year, 4)}-${p(t.month)}-${p(t.day)}T${p(t.hour)}:${p(t.minute)}:${p(t.second)}`;
}
