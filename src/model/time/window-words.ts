/**
 * Time windows in words (docs/routing-model.md "Classes of calls and time windows"): `always`,
 * `Mon–Fri 18:00–24:00 America/New_York`, `always except Mon–Fri 09:00–17:00 Europe/London`;
 * weekdays in a horizon of a week, dates in a longer one. Pure.
 */
import { wallTimeAt } from './timerec-zone.js';
import { dayLabel, timeOfDay, WEEKDAYS, type Examined, type Stretch } from './windows.js';
import { MIN_DAILY_RUN } from './window-runs.js';

const DAY = 86_400;

const clockMemo = new Map<number, string>();

/** `18:00`, `18:00:30`; the end of a day `24:00`. A time of day's words are made once. */
function clockWords(seconds: number, end: boolean): string {
  const t = timeOfDay(seconds);
  if (end && t === 0) return '24:00';
  const known = clockMemo.get(t);
  if (known !== undefined) return known;
  const words = clockText(seconds);
  clockMemo.set(t, words);
  return words;
}

function clockText(seconds: number): string {
  const w = wallTimeAt(seconds);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${p(w.hour)}:${p(w.minute)}${w.second === 0 ? '' : `:${p(w.second)}`}`;
}

/** Day runs in words: `Mon–Fri`, `Mon, Wed`; consecutive weekdays of a week joined by a dash. */
function weekdayRuns(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  const runs: number[][] = [];
  for (const d of sorted) {
    const last = runs[runs.length - 1];
    if (last && ((last[last.length - 1] as number) + 1) % 7 === d) last.push(d);
    else runs.push([d]);
  }
  return runs
    .map((r) => {
      const a = WEEKDAYS[r[0] as number] as string;
      const b = WEEKDAYS[r[r.length - 1] as number] as string;
      return r.length === 1 ? a : r.length === 2 ? `${a}, ${b}` : `${a}–${b}`;
    })
    .join(', ');
}

/** The words of whole days. */
const ALL_DAY = 'all day';

/** How many dates a group of equal windows names before it says how many more. */
const MAX_DATES = 4;

/**
 * Days in words: weekdays grouped (`Mon–Fri`, `every day`), `every day` in a day's horizon, else
 * dates: a run of consecutive days as long as {@link MIN_DAILY_RUN} or longer is `daily` (over the
 * whole horizon) or `daily Fri 2026-01-02 to Mon 2029-12-31`, the other days by date (the first few).
 */
function daysWords(starts: readonly number[], naming: Examined['naming'], examined?: Examined): string {
  if (naming === 'week') {
    const weekdays = [...new Set(starts.map((s) => new Date(s * 1000).getUTCDay()))];
    return weekdays.length === 7 ? 'every day' : weekdayRuns(weekdays);
  }
  if (naming === 'day') return 'every day';
  const days = [...new Set(starts.map((s) => s - timeOfDay(s)))].sort((a, b) => a - b);
  const runs: string[] = [];
  const single: number[] = [];
  for (let i = 0; i < days.length;) {
    let j = i + 1;
    while (j < days.length && (days[j] as number) - (days[j - 1] as number) === DAY) j++;
    const first = days[i] as number;
    const last = days[j - 1] as number;
    if (j - i < MIN_DAILY_RUN) single.push(...days.slice(i, j));
    else if (examined && first <= examined.from && last + DAY >= examined.to) runs.push('daily');
    else runs.push(`daily ${dayLabel(first)} to ${dayLabel(last)}`);
    i = j;
  }
  if (single.length === 0) return runs.join(', ');
  const shown = single.slice(0, MAX_DATES).map(dayLabel).join(', ');
  const dates = single.length > MAX_DATES ? `${shown} and ${single.length - MAX_DATES} more days` : shown;
  return [...runs, dates].join(', ');
}

/** A day's label in a window across midnight: the weekday, `every day`, or the date. */
function dayName(s: number, naming: Examined['naming']): string {
  return naming === 'week' ? (WEEKDAYS[new Date(s * 1000).getUTCDay()] as string) : naming === 'day' ? 'every day' : dayLabel(s);
}

/** Parts of words in order of time, joined. */
function joined(parts: { at: number; words: string }[]): string {
  return parts
    .sort((a, b) => a.at - b.at)
    .map((p) => p.words)
    .join('; ');
}

/** Each window as it is: those within one day grouped by their times (`Mon–Fri 18:00–24:00`), one across midnight on its own (`Fri 22:00 – Mon 06:00`). */
function windowsAsTheyAre(stretches: readonly Stretch[], naming: Examined['naming'], examined?: Examined): string {
  const groups = new Map<string, number[]>();
  const parts: { at: number; words: string }[] = [];
  const add = (times: string, day: number): void => {
    const list = groups.get(times) ?? [];
    if (list.length === 0) groups.set(times, list);
    list.push(day);
  };
  for (const s of stretches) {
    const dayStart = s.from - timeOfDay(s.from);
    if (timeOfDay(s.from) === 0 && timeOfDay(s.to) === 0 && naming !== 'day') for (let d = s.from; d < s.to; d += DAY) add(ALL_DAY, d);
    else if (s.to <= dayStart + DAY) add(`${clockWords(s.from, false)}–${clockWords(s.to, true)}`, s.from);
    else
      parts.push({
        at: s.from,
        words: `${dayName(s.from, naming)} ${clockWords(s.from, false)} – ${dayName(s.to, naming)} ${clockWords(s.to, false)}`,
      });
  }
  for (const [times, starts] of groups) parts.push({ at: starts[0] as number, words: `${daysWords(starts, naming, examined)} ${times}` });
  return joined(parts);
}

/** The windows cut at midnight, each day's times together, days alike grouped: `Mon–Fri 00:00–09:00, 17:00–24:00; Sat, Sun all day`. */
function windowsByDay(stretches: readonly Stretch[], naming: Examined['naming'], examined?: Examined): string {
  const days = new Map<number, string[]>();
  for (const s of stretches)
    for (let a = s.from; a < s.to;) {
      const day = a - timeOfDay(a);
      const b = Math.min(s.to, day + DAY);
      const list = days.get(day) ?? [];
      if (list.length === 0) days.set(day, list);
      list.push(a === day && b === day + DAY ? ALL_DAY : `${clockWords(a, false)}–${clockWords(b, true)}`);
      a = b;
    }
  const groups = new Map<string, number[]>();
  for (const [day, times] of [...days].sort((x, y) => x[0] - y[0])) {
    const key = times.join(', ');
    const list = groups.get(key) ?? [];
    if (list.length === 0) groups.set(key, list);
    list.push(day);
  }
  return joined(
    [...groups].map(([times, starts]) => ({ at: starts[0] as number, words: `${daysWords(starts, naming, examined)} ${times}` })),
  );
}

/**
 * Whether each stretch (in order) lies within one day and no two share a day: the windows day by
 * day are then word for word the windows as they are (each day's one time, the same groups of days
 * in the same order), so they are not worded twice. In a horizon of one day a whole day reads
 * otherwise (`00:00–24:00` as it is, `all day` by day).
 */
function oneADay(stretches: readonly Stretch[], naming: Examined['naming']): boolean {
  if (naming === 'day') return false;
  let last = -Infinity;
  for (const s of stretches) {
    const day = s.from - timeOfDay(s.from);
    if (day <= last || s.to <= s.from || s.to > day + DAY) return false;
    last = day;
  }
  return true;
}

/** The time of [from, to) outside the stretches. */
function complement(stretches: readonly Stretch[], from: number, to: number): Stretch[] {
  const out: Stretch[] = [];
  let at = from;
  for (const s of stretches) {
    if (s.from > at) out.push({ from: at, to: s.from });
    at = Math.max(at, s.to);
  }
  if (at < to) out.push({ from: at, to });
  return out;
}

/**
 * Windows in words, in the horizon's zone: `always` when they cover the horizon; else the shortest
 * of: each window as it is (`Mon–Fri 18:00–24:00`, `Fri 22:00 – Mon 06:00`), the windows day by
 * day (`Mon–Fri 00:00–09:00, 17:00–24:00; Sat, Sun all day`), and the time outside them (`always
 * except Mon–Fri 09:00–17:00`). Days are weekdays in a horizon of a week, `every day` in one of a
 * day, dates in a longer one; then the zone.
 */
export function windowWords(stretches: readonly Stretch[], examined: Examined): string {
  // Many classes meet the same recurrences, so the same windows: each worded once per horizon.
  let known = wordsMemo.get(examined);
  if (!known) wordsMemo.set(examined, (known = new Map<string, string>()));
  const key = stretches.map((s) => `${s.from}-${s.to}`).join(',');
  let words = known.get(key);
  if (words === undefined) known.set(key, (words = uncachedWords(stretches, examined)));
  return words;
}

const wordsMemo = new WeakMap<Examined, Map<string, string>>();

function uncachedWords(stretches: readonly Stretch[], examined: Examined): string {
  const { from, to, naming, horizon } = examined;
  if (naming === 'instant') return `at ${horizon.start.replace('T', ' ')} ${horizon.tz}`;
  const sorted = [...stretches].sort((a, b) => a.from - b.from);
  const rest = complement(sorted, from, to);
  if (naming === 'always' || rest.length === 0) return 'always';
  // A one-minute window every day of four years was worded four times, 1,461 days each (issue 36 §2).
  const inside = windowsAsTheyAre(sorted, naming, examined);
  const outside = windowsAsTheyAre(rest, naming, examined);
  const candidates = [
    inside,
    oneADay(sorted, naming) ? inside : windowsByDay(sorted, naming, examined),
    `always except ${outside}`,
    `always except ${oneADay(rest, naming) ? outside : windowsByDay(rest, naming, examined)}`,
  ];
  const best = candidates.reduce((a, b) => (b.length < a.length ? b : a));
  return `${best} ${horizon.tz}`;
}
