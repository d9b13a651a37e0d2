import { describe, expect, it } from 'vitest';
import { routeCall } from '../../src/routing/match.js';
import { callTime } from '../../src/routing/time.js';
import { outbound, rules } from './build.js';

const NOW = Date.UTC(2026, 6, 1, 12, 0, 0);

describe('callTime: --at and --tz as the proxy clock shows them', () => {
  it.each<[string | undefined, string | undefined, string]>([
    [undefined, 'Europe/London', '2026-07-01T13:00:00'],
    [undefined, 'UTC', '2026-07-01T12:00:00'],
    ['2026-12-28T10:00:00', 'America/New_York', '2026-12-28T10:00:00'],
    ['2026-12-28T10:00', 'Europe/London', '2026-12-28T10:00:00'],
    ['2026-07-01T12:00:00Z', 'Europe/London', '2026-07-01T13:00:00'],
    ['2026-07-01T12:00:00+02:00', 'Europe/London', '2026-07-01T11:00:00'],
    ['2026-12-28T16:30:00Z', 'America/New_York', '2026-12-28T11:30:00'],
  ])('at %s in %s is %s', (at, tz, local) => {
    expect(callTime(at, tz, NOW)).toEqual({ local, tz });
  });

  it('defaults the zone to the machine zone', () => {
    expect(callTime('2026-12-28T10:00:00', undefined, NOW)).toEqual({
      local: '2026-12-28T10:00:00',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it.each<[string | undefined, string, string]>([
    ['2026-12-28T10:00:00', 'Mars/Olympus', '--tz "Mars/Olympus" is not a time zone this machine knows'],
    ['28/12/2026 10:00', 'UTC', '--at "28/12/2026 10:00" must be an ISO date and time'],
    ['2026-02-30T10:00:00', 'UTC', '--at "2026-02-30T10:00:00" is not a real date and time'],
  ])('at %s in %s is a problem', (at, tz, problem) => {
    const t = callTime(at, tz, NOW);
    expect('problem' in t && t.problem).toContain(problem);
  });

  it('the zone decides which rule an instant meets (09:00-17:00 in the proxy zone)', () => {
    const set = rules(
      [],
      [
        { name: 'office', prefix: '44', gwgroupid: '1', priority: 10, timerec: '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR' },
        { name: 'after hours', prefix: '44', gwgroupid: '2' },
      ],
    );
    const at = (instant: string, tz: string) => {
      const t = callTime(instant, tz, NOW);
      if ('problem' in t) throw new Error(t.problem);
      return routeCall(set, outbound('4420', '', t)).rule?.key;
    };
    // 16:30 UTC on a Monday: 11:30 in New York (open), 16:30 in London (open), 01:30 Tuesday in Tokyo (closed).
    expect(at('2026-12-28T16:30:00Z', 'America/New_York')).toBe('office');
    expect(at('2026-12-28T16:30:00Z', 'Europe/London')).toBe('office');
    expect(at('2026-12-28T16:30:00Z', 'Asia/Tokyo')).toBe('after hours');
    // 23:00 UTC: 18:00 in New York, closed.
    expect(at('2026-12-28T23:00:00Z', 'America/New_York')).toBe('after hours');
  });
});
