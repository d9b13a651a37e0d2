import { describe, expect, it } from 'vitest';
import type { Timerec } from '../../src/model/time/timerec.js';
import { parseTimerec } from '../../src/model/time/timerec.js';
import { repeatSegments } from '../../src/model/time/repeat-segments.js';
import { changePointList, exactChangePoints } from '../../src/model/time/windows.js';
import { pad } from './invariant-fixtures.js';

/**
 * A clock change no window feels (model/time/change-points.ts `felt`): the hour repeated in autumn,
 * or an hour skipped with no time of day of the window within a jump of it. There the answer is the
 * wall clock's, so it repeats with the period across the change: neither a recurrence's points nor
 * the sweeps' segments are cut there (issue 36 §2, the one-minute windows of bench/invariants.mjs).
 */
const TZ = 'America/New_York';
const FROM = Date.UTC(2026, 0, 1) / 1000;
const TO = Date.UTC(2030, 0, 1) / 1000;

function rec(text: string): Timerec {
  const parsed = parseTimerec(text);
  if (!('value' in parsed) || parsed.value === null) throw new Error(text);
  return parsed.value;
}

/** A one-minute daily window at `minute` past midnight. */
const minuteWindow = (minute: number): Timerec => rec(`20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`);

describe('a clock change no window feels', () => {
  it('cuts no segment of the sweeps: the bench shape, 159 one-minute windows and a leap day over four years', () => {
    const recs = [...Array.from({ length: 159 }, (_, i) => minuteWindow((i * 9) % 1440)), rec('20280229T000000|24H|yearly||4')];
    const segments = repeatSegments(
      recs,
      TZ,
      FROM,
      TO,
      recs.map((r) => changePointList(r, TZ, FROM, TO)),
    );
    // 20 segments on b682208, 10 of them repeating (it fails there): cut at all eight clock changes.
    // Now at the four spring ones (the windows at 01:48-04:00 feel the hour skipped) and at dtstart.
    expect(segments.length).toBe(12);
    expect(segments.filter((s) => s.period !== undefined).length).toBe(6);
  });

  it('cuts no segment where every window is far from the hour skipped: 40 windows at 09:00-14:51', () => {
    const recs = Array.from({ length: 40 }, (_, i) => minuteWindow(540 + i * 9));
    const segments = repeatSegments(
      recs,
      TZ,
      FROM,
      TO,
      recs.map((r) => changePointList(r, TZ, FROM, TO)),
    );
    // 18 on b682208; now dtstart's day, then four years repeated.
    expect(segments.map((s) => s.period !== undefined)).toEqual([false, true]);
  });

  it.each(['America/New_York', 'Europe/London', 'Australia/Lord_Howe'])(
    'leaves every point where asking every candidate finds it: windows at every quarter hour, in %s',
    (tz) => {
      for (let minute = 0; minute < 1440; minute += 15) {
        const r = minuteWindow(minute);
        expect([minute, [...changePointList(r, tz, FROM, TO).all()]]).toEqual([minute, exactChangePoints(r, tz, FROM, TO)]);
      }
    },
    120_000,
  );
});
