import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';
import { changePoints, exactChangePoints } from '../../src/model/time/windows.js';
import { pad } from './invariant-fixtures.js';

/**
 * A recurrence's times of day and its own moments (dtstart, the end of its first window, until)
 * are read through the zone once per recurrence and zone (model/time/change-points.ts
 * `ownMoments`), not again by each stretch asked exactly, its near stretches and its screen (issue
 * 36 §2: 160 one-minute windows over four years, some 800 times). Counted as conversions of a
 * dtstart through the zone, not timed.
 */
const conversions = vi.hoisted(() => ({ dtstarts: new Set<number>(), count: 0 }));
vi.mock('../../src/model/time/timerec-zone.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/timerec-zone.js')>();
  return {
    ...real,
    zoneClock: (tz: string) => {
      const clock = real.zoneClock(tz);
      return {
        epochOf: (wall: number) => {
          if (conversions.dtstarts.has(wall)) conversions.count++;
          return clock.epochOf(wall);
        },
        wallOf: (epoch: number) => clock.wallOf(epoch),
      };
    },
  };
});

function rec(text: string): Timerec {
  const parsed = parseTimerec(text);
  if (!('value' in parsed) || parsed.value === null) throw new Error(text);
  return parsed.value;
}

const TZ = 'America/New_York';
const FROM = Date.UTC(2026, 0, 1) / 1000;
const TO = Date.UTC(2030, 0, 1) / 1000;

describe("a recurrence's own moments in its zone", () => {
  beforeEach(() => {
    conversions.count = 0;
  });

  it('are read once per recurrence: 40 one-minute windows, some around the hour the clocks skip, over four years', () => {
    // Every 9 minutes from 01:00: the first dozen within a jump of the spring change's skipped hour.
    const recs = Array.from({ length: 40 }, (_, i) => {
      const minute = 60 + i * 9;
      return rec(`20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`);
    });
    conversions.dtstarts = new Set(recs.map((r) => r.dtstart));
    const found = recs.map((r) => changePoints(r, TZ, FROM, TO));
    // Away from the skipped hour two points a day over 1,461 days; those within a jump of it lose or
    // gain some on the four spring changes (the same on 7633faa).
    expect(found.filter((p) => p.length === 2 * 1461).length).toBeGreaterThan(20);
    expect(new Set(found.map((p) => p.length))).toEqual(new Set([2922, 2914, 2930]));
    // 646 conversions of a dtstart on 7633faa (16 a window; it fails there), 160 now: two when the
    // window's times of day and moments are made, and the questions asked at its first second.
    expect(conversions.count).toBeLessThanOrEqual(4 * recs.length);
  });

  it.each([
    ['01:30', '20260101T013000|1M|daily'],
    ['01:59', '20260101T015900|1M|daily'],
    ['02:30, skipped in spring', '20260101T023000|1M|daily'],
    ['02:59, an hour long', '20260101T025900|1H|daily'],
    ['03:00', '20260101T030000|1M|daily'],
    ['04:00', '20260101T040000|1M|daily'],
  ])('are the points asking every candidate gives, at %s', (_, text) => {
    const r = rec(text);
    expect(changePoints(r, TZ, FROM, TO)).toEqual(exactChangePoints(r, TZ, FROM, TO));
  });
});
