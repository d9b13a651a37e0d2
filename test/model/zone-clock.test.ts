import { describe, expect, it } from 'vitest';
import { zoneClock } from '../../src/model/time/timerec-zone.js';

/**
 * A zone's wall clock (model/time/timerec-zone.ts) read from Intl's text of each instant, held to
 * the same instant read by its parts (the way it was read before, a third slower), in zones with
 * and without clock changes, with half-hour and quarter-hour offsets, across the date line's jump.
 */
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia', 'America/St_Johns'];

const formats = new Map<string, Intl.DateTimeFormat>();

function wallByParts(tz: string, epoch: number): number {
  const format =
    formats.get(tz) ??
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  formats.set(tz, format);
  const parts = format.formatToParts(new Date(epoch * 1000));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) / 1000;
}

describe('a zone clock', () => {
  it.each(ZONES)('shows the wall clock Intl shows, every 7 hours and 13 minutes of 2010 to 2031, in %s', (tz) => {
    const clock = zoneClock(tz);
    const from = Date.UTC(2010, 0, 1) / 1000;
    const to = Date.UTC(2031, 0, 1) / 1000;
    let compared = 0;
    for (let e = from; e < to; e += 7 * 3600 + 13 * 60) {
      if (clock.wallOf(e) !== wallByParts(tz, e)) expect([tz, e, clock.wallOf(e)]).toEqual([tz, e, wallByParts(tz, e)]);
      compared++;
    }
    expect(compared).toBeGreaterThan(25_000);
  });
});
