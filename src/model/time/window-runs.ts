/**
 * A class's time windows written compactly (docs/routing-model.md "Classes of calls and time
 * windows"): the same wall-clock window on consecutive days is one window with `days`, the number
 * of days it holds from its first. One-minute daily windows over a four-year horizon are then a few
 * hundred windows (one per time of day, plus the days that differ), not half a million: the list is
 * bounded by what differs, not by the length of the horizon. Exact: each window of the run is its
 * first moved by whole days of wall clock. Pure.
 */
import type { TimeWindow } from '../routing.js';
import { wallSeconds, wallTimeOf } from './wall-clock.js';
import { timeOfDay, windowOf, type Stretch } from './windows.js';

const DAY = 86_400;
/**
 * The shortest run written as one window: more than a week, so a week's table still names each
 * weekday's window (Mon–Fri are five windows, as a reader checks them), and a month's or a year's
 * daily window is one.
 */
export const MIN_DAILY_RUN = 8;

/** Stretches in order of start, runs of {@link MIN_DAILY_RUN} or more days at one time of day as one window with `days`. */
export function compactWindows(stretches: readonly Stretch[]): TimeWindow[] {
  if (stretches.length < MIN_DAILY_RUN) return stretches.map(windowOf);
  // By time of day and length: a run's windows share both.
  const byShape = new Map<string, Stretch[]>();
  for (const s of stretches) {
    const key = `${timeOfDay(s.from)}/${s.to - s.from}`;
    const list = byShape.get(key);
    if (list) list.push(s);
    else byShape.set(key, [s]);
  }
  const out: { from: number; window: TimeWindow }[] = [];
  for (const list of byShape.values()) {
    for (let i = 0; i < list.length;) {
      let j = i + 1;
      while (j < list.length && (list[j] as Stretch).from - (list[j - 1] as Stretch).from === DAY) j++;
      const first = list[i] as Stretch;
      if (j - i >= MIN_DAILY_RUN) out.push({ from: first.from, window: { ...windowOf(first), days: j - i } });
      else for (let k = i; k < j; k++) out.push({ from: (list[k] as Stretch).from, window: windowOf(list[k] as Stretch) });
      i = j;
    }
  }
  return out.sort((a, b) => a.from - b.from).map((w) => w.window);
}

/** Wall seconds (read as UTC) of `YYYY-MM-DDTHH:MM:SS`; NaN when it is not one. */
function secondsOf(local: string): number {
  const t = wallTimeOf(local);
  return t === null ? Number.NaN : wallSeconds(t);
}

/**
 * Whether a wall time `YYYY-MM-DDTHH:MM:SS` (in the horizon's zone) falls in a window, each of its
 * `days` included: what `dsipform routes --format json` readers check a moment against.
 */
export function windowHolds(w: TimeWindow, local: string): boolean {
  if (w.days === undefined) return w.start <= local && local < w.end;
  const at = secondsOf(local);
  const start = secondsOf(w.start);
  const end = secondsOf(w.end);
  // The latest day's window starting at or before the moment: windows are shorter than a day.
  const d = Math.min(w.days - 1, Math.floor((at - start) / DAY));
  return d >= 0 && start + d * DAY <= at && at < end + d * DAY;
}
