import { describe, expect, it } from 'vitest';
import { timerecMatches } from '../../src/model/time/timerec-match.js';
import { parseTimerec } from '../../src/model/time/timerec.js';
import { routeCall } from '../../src/routing/match.js';
import { timerecQuirks } from '../../src/model/time/timerec-quirks.js';
import { rules } from './build.js';

/**
 * Two things drouting's recurrence code does that a plain reading misses (held to the real proxy
 * by test/proxy): it adds up the digits of the interval (12 is 3), and it reads dtstart and until
 * with the C library's mktime and compares the call with dtstart + duration in real seconds, so a
 * window across a clock change is as many real hours long as it says, and a dtstart the clocks
 * skip moves on by the hour skipped. (One in the hour the clocks repeat the proxy reads as either
 * instant; dsipform takes the first.)
 */
const matches = (timerec: string, local: string, tz?: string): boolean => {
  const parsed = parseTimerec(timerec);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return timerecMatches(parsed.value, local, tz);
};

describe('the interval as the proxy reads it: the sum of its digits', () => {
  it.each<[string, string, boolean]>([
    ['20270101T120000|PT1H|daily||10', '2027-01-04T12:30:00', true],
    ['20270101T120000|PT1H|daily||12', '2027-01-04T12:30:00', true],
    ['20270101T120000|PT1H|daily||12', '2027-01-05T12:30:00', false],
    ['20270101T120000|PT1H|daily||21', '2027-01-04T12:30:00', true],
    ['20270101T120000|PT1H|weekly||10', '2027-01-29T12:30:00', true],
    ['20270101T120000|PT1H|daily||2', '2027-01-04T12:30:00', false],
    ['20270101T120000|PT1H|daily||7', '2027-01-08T12:30:00', true],
  ])('%s at %s: %s', (timerec, local, expected) => {
    expect(matches(timerec, local, 'UTC')).toBe(expected);
  });

  it('warns about an interval from 10 on, saying what the proxy reads', () => {
    const parsed = parseTimerec('20270101T120000|PT1H|daily||12');
    if (!('value' in parsed) || parsed.value === null) throw new Error('not parsed');
    expect(timerecQuirks(parsed.value).map((q) => `${q.code}: ${q.message}`)).toEqual([
      'interval_digits: interval 12 is read as 3 on the proxy (drouting adds the digits up instead of reading the number): the rule repeats every 3rd day, not every 12th',
    ]);
  });
});

describe('dtstart, the first window and until in real time across a clock change', () => {
  it.each<[string, string, string, string | undefined, boolean]>([
    [
      '8 real hours from 22:00 across New York spring-forward end at 07:00',
      '20270313T220000|PT8H',
      '2027-03-14T06:30:00',
      'America/New_York',
      true,
    ],
    ['... inclusive', '20270313T220000|PT8H', '2027-03-14T07:00:00', 'America/New_York', true],
    ['... and not a second more', '20270313T220000|PT8H', '2027-03-14T07:00:01', 'America/New_York', false],
    ['without a zone, wall clock throughout', '20270313T220000|PT8H', '2027-03-14T06:30:00', undefined, false],
    [
      '4 real hours from 23:00 across New York fall-back end at 02:00',
      '20271106T230000|PT4H',
      '2027-11-07T02:30:00',
      'America/New_York',
      false,
    ],
    ['... at 01:59:59 (either time round)', '20271106T230000|PT4H', '2027-11-07T01:59:59', 'America/New_York', true],
    [
      '4 real hours from 23:00 across London spring-forward end at 04:00',
      '20270327T230000|PT4H',
      '2027-03-28T03:30:00',
      'Europe/London',
      true,
    ],
    ['... not at 04:00:01', '20270327T230000|PT4H', '2027-03-28T04:00:01', 'Europe/London', false],
    ['a dtstart the clocks skip (02:30) moves to 03:30', '20270314T023000|PT1H|daily', '2027-03-15T03:45:00', 'America/New_York', true],
    ['... and its window no longer holds 02:45', '20270314T023000|PT1H|daily', '2027-03-15T02:45:00', 'America/New_York', false],
    [
      'dsipform takes a dtstart in the repeated hour as the first 01:30 (summer time)',
      '20271107T013000|PT1H|daily',
      '2027-11-07T02:30:00',
      'America/New_York',
      false,
    ],
    ['until read in real time too', '20270301T030000|PT2H|daily|20270314T013000', '2027-03-14T03:45:00', 'America/New_York', true],
    ['UTC never moves', '20270313T220000|PT8H', '2027-03-14T06:30:00', 'UTC', false],
  ])('%s: %s at %s in %s is %s', (_name, timerec, local, tz, expected) => {
    expect(matches(timerec, local, tz)).toBe(expected);
  });

  it('routes a call by the zone of its time', () => {
    const set = rules([], [{ name: 'night', prefix: '', gwgroupid: '1', timerec: '20270313T220000|PT8H' }]);
    const at = (tz: string) =>
      routeCall(set, { direction: 'outbound', from: '1', to: '5', at: { local: '2027-03-14T06:30:00', tz } }).result;
    expect([at('America/New_York'), at('Asia/Kolkata')]).toEqual(['routed', 'no_route']);
  });
});
