import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';
import { windowWords } from '../../src/model/time/window-words.js';
import { horizonFor, instantHorizon, type Examined, type Stretch } from '../../src/model/time/windows.js';

/**
 * Windows worded day by day are the windows as they are when each lies within one day and no two
 * share a day (model/time/window-words.ts `oneADay`): then they are worded once, not twice, inside
 * and outside (issue 36 §2: a one-minute window every day of four years, the counterexample's
 * words, was four wordings of 1,461 days). Counted as the times of day read, not timed; the words
 * are those of 7633faa (this file's expectations pass there).
 */
const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/model/time/windows.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/windows.js')>();
  return {
    ...real,
    timeOfDay: (seconds: number) => {
      reads.count++;
      return real.timeOfDay(seconds);
    },
  };
});

function rec(text: string): Timerec {
  const parsed = parseTimerec(text);
  if (!('value' in parsed) || parsed.value === null) throw new Error(text);
  return parsed.value;
}

const DAY = 86_400;
const TZ = 'America/New_York';
/** Four years from 2026-01-01 (a leap day every four years sets the horizon), named by dates. */
const FOUR_YEARS = horizonFor([rec('20260101T000000|1M|daily'), rec('20280229T000000|24H|yearly||4')], '2026-11-30T00:00:00', TZ);
/** One week from a Monday, named by weekdays. */
const WEEK = horizonFor([rec('20260105T090000|8H|weekly|||MO,TU,WE,TH,FR')], '2026-11-30T00:00:00', TZ);
/** One day, named `every day`. */
const ONE_DAY = horizonFor([rec('20260101T090000|1H|daily')], '2026-11-30T00:00:00', TZ);

/** `[from + a, from + b)` of each day of `examined` whose index `keep` accepts. */
function daily(examined: Examined, a: number, b: number, keep = (_: number) => true): Stretch[] {
  const out: Stretch[] = [];
  for (let d = examined.from, i = 0; d < examined.to; d += DAY, i++)
    if (keep(i)) out.push({ from: d + a, to: Math.min(d + b, examined.to) });
  return out;
}

describe('windows worded once where day by day reads the same', () => {
  beforeEach(() => {
    reads.count = 0;
  });

  it('a one-minute window every day of four years (the counterexample of the bench): two wordings, not four', () => {
    const stretches = [{ from: FOUR_YEARS.from, to: FOUR_YEARS.from + 61 }, ...daily(FOUR_YEARS, 0, 60).slice(1)];
    expect(windowWords(stretches, FOUR_YEARS)).toBe(
      'Thu 2026-01-01 00:00–00:01:01; daily Fri 2026-01-02 to Mon 2029-12-31 00:00–00:01 America/New_York',
    );
    // 27,759 times of day read on 7633faa (19 a day; it fails there), 18,993 now (13 a day).
    expect(reads.count).toBeLessThan(14 * 1461);
  });

  it.each<[string, Examined, () => Stretch[], string]>([
    [
      'two windows a day',
      FOUR_YEARS,
      () => [...daily(FOUR_YEARS, 0, 60), ...daily(FOUR_YEARS, 3600, 3660)].sort((x, y) => x.from - y.from),
      'daily 00:00–00:01, 01:00–01:01 America/New_York',
    ],
    [
      'across midnight',
      FOUR_YEARS,
      () => daily(FOUR_YEARS, 23 * 3600, 25 * 3600, (i) => i % 400 === 0),
      'Thu 2026-01-01, Fri 2027-02-05, Sat 2028-03-11, Sun 2029-04-15 23:00–24:00; Fri 2026-01-02, Sat 2027-02-06, Sun 2028-03-12, Mon 2029-04-16 00:00–01:00 America/New_York',
    ],
    [
      'whole days every other day',
      FOUR_YEARS,
      () => daily(FOUR_YEARS, 0, DAY, (i) => i % 2 === 0).slice(0, 5),
      'Thu 2026-01-01, Sat 2026-01-03, Mon 2026-01-05, Wed 2026-01-07 and 1 more days all day America/New_York',
    ],
    ['office hours in a week', WEEK, () => daily(WEEK, 9 * 3600, 17 * 3600, (i) => i < 5), 'Mon–Fri 09:00–17:00 America/New_York'],
    ['evenings to midnight in a week', WEEK, () => daily(WEEK, 18 * 3600, DAY, (i) => i < 5), 'Mon–Fri 18:00–24:00 America/New_York'],
    [
      'a whole day of a one-day horizon',
      ONE_DAY,
      () => [{ from: ONE_DAY.from, to: ONE_DAY.from + 3600 }],
      'every day 00:00–01:00 America/New_York',
    ],
  ])('%s: the words of 7633faa', (_, examined, stretches, words) => {
    expect(windowWords(stretches(), examined)).toBe(words);
  });

  it('an instant is named as before', () => {
    const at = instantHorizon('2026-11-30T00:00:00', TZ);
    expect(windowWords([{ from: at.from, to: at.to }], at)).toBe('at 2026-11-30 00:00:00 America/New_York');
  });
});
