import { describe, expect, it } from 'vitest';
import { routeCall } from '../../src/routing/match.js';
import { atIn, callTime, proxyZone, readAt } from '../../src/model/time/call-time.js';
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

describe("proxyZone: the one precedence of the proxy's zone", () => {
  const machine = (): string => 'Machine/Zone';
  it.each<[string, Parameters<typeof proxyZone>[0], string]>([
    ['--tz beats the target and the files', { flag: 'A/Flag', target: 'B/Target', files: 'C/Files' }, 'A/Flag'],
    ['the target beats the files', { target: 'B/Target', files: 'C/Files' }, 'B/Target'],
    ['the files alone', { files: 'C/Files' }, 'C/Files'],
  ])('%s', (_, declared, zone) => {
    expect(proxyZone(declared, machine)).toBe(zone);
  });

  it('with nothing declared, the machine zone itself: a function, asked only when a zone is needed', () => {
    let asked = 0;
    const zone = proxyZone({}, () => {
      asked++;
      return 'Machine/Zone';
    });
    expect(typeof zone).toBe('function');
    expect(asked).toBe(0);
    expect((zone as () => string)()).toBe('Machine/Zone');
    expect(asked).toBe(1);
  });
});

describe('readAt: --at read once, without a zone', () => {
  it.each<[string, ReturnType<typeof readAt>]>([
    ['2026-12-28T10:00', { wall: '2026-12-28T10:00:00' }],
    ['2026-12-28T10:00:00.5', { wall: '2026-12-28T10:00:00' }],
    ['2026-12-28T16:30:00Z', { instant: Date.UTC(2026, 11, 28, 16, 30) }],
    ['2026-12-28T16:30:00-0600', { instant: Date.UTC(2026, 11, 28, 22, 30) }],
    ['2026-02-30T10:00', { problem: '--at "2026-02-30T10:00" is not a real date and time' }],
  ])('%s', (at, read) => {
    expect(readAt(at)).toEqual(read);
  });

  it('is then shown in any zone: a wall time stays, an instant moves', () => {
    expect(atIn({ wall: '2026-12-28T10:00:00' }, 'Asia/Tokyo')).toEqual({ local: '2026-12-28T10:00:00', tz: 'Asia/Tokyo' });
    expect(atIn({ instant: Date.UTC(2026, 11, 28, 22, 30) }, 'America/Chicago')).toEqual({
      local: '2026-12-28T16:30:00',
      tz: 'America/Chicago',
    });
  });
});
