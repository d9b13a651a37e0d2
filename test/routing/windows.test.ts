import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timerecMatches } from '../../src/model/time/timerec-match.js';
import type { Timerec } from '../../src/model/time/timerec.js';
import { formatWallTime, wallSeconds, wallTimeOf } from '../../src/model/time/wall-clock.js';
import { wallTimeAt } from '../../src/model/time/timerec-zone.js';
import { windowWords } from '../../src/model/time/window-words.js';
import { changePoints, horizonFor, instantHorizon, type Stretch } from '../../src/model/time/windows.js';
import { rec } from './recurrence-fixtures.js';

const wall = (s: number): string => formatWallTime(wallTimeAt(s));
const secs = (local: string): number => wallSeconds(wallTimeOf(local)!);

/** The recurrence's answer every five minutes of [from, to) against the answer its change points give. */
function mismatches(r: Timerec, tz: string, from: number, to: number): string[] {
  const points = changePoints(r, tz, from, to);
  const bad: string[] = [];
  let state = timerecMatches(r, wall(from), tz);
  let next = 0;
  const check = (t: number): void => {
    while (next < points.length && (points[next] as number) <= t) {
      state = !state;
      next++;
    }
    if (timerecMatches(r, wall(t), tz) !== state && bad.length < 3) bad.push(wall(t));
  };
  // Every five minutes (a missed change leaves a whole window wrong, so a sample lands in it), and
  // each side of every change point (a change may fall on any second).
  const samples = new Set<number>();
  for (let t = from; t < to; t += 300) samples.add(t);
  for (const p of points) for (const t of [p - 1, p, p + 1]) if (t >= from && t < to) samples.add(t);
  for (const t of [...samples].sort((a, b) => a - b)) check(t);
  return bad;
}

const TWO = (n: number): string => String(n).padStart(2, '0');

/** Recurrences the proxy keeps, in every shape the parser reads: freq, interval, each filter, until, a duration of 0. */
const recurrence = fc
  .record({
    year: fc.integer({ min: 2025, max: 2027 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    // Hours around the clock changes (01:00-03:00) more often than the others.
    hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 1, 2, 3)),
    minute: fc.constantFrom(0, 15, 30, 59),
    second: fc.constantFrom(0, 1, 59),
    duration: fc.constantFrom('', '30M', '1H', '8H', 'PT6H', 'P1D', 'P2D', '25H', 'PT1M1S'),
    freq: fc.constantFrom('', 'daily', 'weekly', 'monthly'),
    until: fc.option(fc.constantFrom('20261203T120000', '20261130T000000', '20270101T000000', '20261101T023000')),
    interval: fc.constantFrom('', '2', '3', '10'),
    byday: fc.constantFrom('', 'MO,TU,WE,TH,FR', 'SA,SU', '1MO', '-1FR'),
    bymonthday: fc.constantFrom('', '1', '-1', '15,30'),
  })
  .map(
    (g) =>
      `${g.year}${TWO(g.month)}${TWO(g.day)}T${TWO(g.hour)}${TWO(g.minute)}${TWO(g.second)}|${g.duration}|${g.freq}|${g.until ?? ''}|${g.interval}|${g.byday}|${g.bymonthday}`,
  );

describe('changePoints: the moments a time recurrence starts or stops matching', () => {
  it('agrees with timerecMatches every five minutes of the horizon, across clock changes', () => {
    fc.assert(
      fc.property(
        recurrence,
        // Zones and days with their clock changes (spring and autumn; Lord Howe moves by half an hour).
        fc.constantFrom(
          ['America/New_York', '2026-03-08T12:00:00'],
          ['America/New_York', '2026-11-01T01:30:00'],
          ['Europe/London', '2026-03-29T01:30:00'],
          ['Europe/London', '2026-10-25T01:30:00'],
          ['Australia/Lord_Howe', '2026-04-05T01:30:00'],
          ['Australia/Lord_Howe', '2026-10-04T01:30:00'],
          ['UTC', '2026-12-02T07:00:00'],
        ),
        (text, [tz, local]) => {
          const r = rec(text);
          const { from, to } = horizonFor([r], local, tz);
          // Eight days of minutes at most: a longer horizon is checked over its first eight days
          // (the change points are found over the whole horizon alike).
          expect(mismatches(r, tz, from, Math.min(to, from + 8 * 86_400))).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it.each([
    ['a window starting in the skipped hour', '20260101T023000|1H|daily', 'America/New_York', '2026-03-08T12:00:00'],
    ['a window starting just after the skipped hour', '20260101T033000|1H|daily', 'America/New_York', '2026-03-08T12:00:00'],
    ['a window ending in the skipped hour', '20260101T010000|90M|daily', 'America/New_York', '2026-03-08T12:00:00'],
    ['a window in the repeated hour', '20260101T013000|1H|daily', 'America/New_York', '2026-11-01T12:00:00'],
    ['half an hour skipped (Lord Howe)', '20260101T021500|30M|daily', 'Australia/Lord_Howe', '2026-10-04T12:00:00'],
    ['a first window across the change', '20260308T013000|2H', 'America/New_York', '2026-03-08T12:00:00'],
  ])('%s: %s in %s on the day of %s', (_case, text, tz, local) => {
    const r = rec(text);
    const { from, to } = horizonFor([r], local, tz);
    expect(mismatches(r, tz, from, to)).toEqual([]);
  });

  it.each([
    ['weekday evenings', '20260101T180000|6H|weekly|||MO,TU,WE,TH,FR', 'America/New_York', 10],
    ['office hours', '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR', 'Europe/London', 10],
    ['an always-on rule from dtstart (duration 0)', '20261202T120000||daily', 'UTC', 1],
    ['a one-off window with no freq on the day examined', '20261202T100000|2H', 'UTC', 2],
  ])('%s: %s in %s changes %d times over its horizon', (_case, text, tz, count) => {
    const r = rec(text);
    const { from, to } = horizonFor([r], '2026-12-02T07:00:00', tz);
    expect(changePoints(r, tz, from, to)).toHaveLength(count);
  });
});

describe('horizonFor: one full period of the longest recurrence, from the start of its unit', () => {
  it.each([
    [[], '2026-12-02T07:00:00', '2026-12-02T00:00:00', '2026-12-03T00:00:00', 'checked at any time (no time recurrence is involved)'],
    [
      ['20260101T180000|6H|daily'],
      '2026-12-02T07:00:00',
      '2026-12-02T00:00:00',
      '2026-12-03T00:00:00',
      'checked over one day from Wed 2026-12-02 00:00 UTC',
    ],
    [
      ['20260101T180000|6H|daily', '20260101T180000|6H|weekly|||MO'],
      '2026-12-02T07:00:00',
      '2026-11-30T00:00:00',
      '2026-12-07T00:00:00',
      'checked over one week from Mon 2026-11-30 00:00 UTC',
    ],
    [
      ['20260101T180000|6H|weekly||2'],
      '2026-12-02T07:00:00',
      '2026-11-30T00:00:00',
      '2026-12-14T00:00:00',
      'checked over 2 weeks from Mon 2026-11-30 00:00 UTC',
    ],
    [
      ['20260101T000000|P1D|monthly||||1'],
      '2026-12-02T07:00:00',
      '2026-12-01T00:00:00',
      '2027-01-01T00:00:00',
      'checked over one month from Tue 2026-12-01 00:00 UTC',
    ],
    [
      ['20260101T000000|P1D|daily||||||12'],
      '2026-12-02T07:00:00',
      '2026-01-01T00:00:00',
      '2027-01-01T00:00:00',
      'checked over one year from Thu 2026-01-01 00:00 UTC',
    ],
  ])('%j seen at %s: %s to %s', (texts, local, start, end, words) => {
    const { horizon } = horizonFor(texts.map(rec), local, 'UTC');
    expect(horizon).toEqual({ start, end, tz: 'UTC', words });
  });

  it('pinned to an instant by --at', () => {
    expect(instantHorizon('2026-12-28T10:00:00', 'Europe/London').horizon.words).toBe(
      'checked at 2026-12-28 10:00:00 Europe/London only (--at)',
    );
  });
});

describe('windowWords: windows in words', () => {
  const week = horizonFor([rec('20260101T180000|6H|weekly|||MO')], '2026-12-02T07:00:00', 'America/New_York');
  const day = horizonFor([rec('20260101T180000|6H|daily')], '2026-12-02T07:00:00', 'UTC');
  const month = horizonFor([rec('20260101T000000|P1D|monthly||||1')], '2026-12-02T07:00:00', 'UTC');
  const at = (local: string): number => secs(local);
  const span = (a: string, b: string): Stretch => ({ from: at(a), to: at(b) });
  it.each<[string, ReturnType<typeof horizonFor>, Stretch[], string]>([
    ['the whole horizon', week, [span('2026-11-30T00:00:00', '2026-12-07T00:00:00')], 'always'],
    [
      'weekday evenings',
      week,
      ['11-30', '12-01', '12-02', '12-03', '12-04'].map((d) =>
        span(`2026-${d}T18:00:00`, `2026-${d === '11-30' ? '12-01' : `12-${TWO(Number(d.slice(3)) + 1)}`}T00:00:00`),
      ),
      'Mon–Fri 18:00–24:00 America/New_York',
    ],
    ['a weekend, whole days', week, [span('2026-12-05T00:00:00', '2026-12-07T00:00:00')], 'Sat, Sun all day America/New_York'],
    ['across midnight', week, [span('2026-12-04T22:00:00', '2026-12-05T06:30:00')], 'Fri 22:00 – Sat 06:30 America/New_York'],
    [
      'seconds shown when they are not 0',
      week,
      [span('2026-12-01T09:00:00', '2026-12-01T09:00:01')],
      'Tue 09:00–09:00:01 America/New_York',
    ],
    ['a day horizon', day, [span('2026-12-02T18:00:00', '2026-12-03T00:00:00')], 'every day 18:00–24:00 UTC'],
    [
      'a month horizon names dates',
      month,
      [span('2026-12-01T00:00:00', '2026-12-02T00:00:00'), span('2026-12-15T08:00:00', '2026-12-15T09:00:00')],
      'Tue 2026-12-01 all day; Tue 2026-12-15 08:00–09:00 UTC',
    ],
  ])('%s', (_case, examined, stretches, words) => {
    expect(windowWords(stretches, examined)).toBe(words);
  });
});
