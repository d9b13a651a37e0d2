import { describe, expect, it } from 'vitest';
import { timerecMatches } from '../../src/model/time/timerec-match.js';
import { parseTimerec, timerecProblem } from '../../src/model/time/timerec.js';

const OFFICE = '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR';

/** Whether a call at `local` falls in `timerec` (which must parse). */
function matches(timerec: string, local: string): boolean {
  const parsed = parseTimerec(timerec);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return timerecMatches(parsed.value, local);
}

describe("timerecMatches: the four steps of drouting's dr_check_tmrec, in wall-clock time", () => {
  it.each<[string, string, string, boolean]>([
    ['empty means always', '', '2026-12-27T03:00:00', true],
    ['office hours, Monday 10:00', OFFICE, '2026-12-28T10:00:00', true],
    ['office hours, start included', OFFICE, '2026-12-28T09:00:00', true],
    ['office hours, end excluded', OFFICE, '2026-12-28T17:00:00', false],
    ['office hours, before opening', OFFICE, '2026-12-28T08:59:59', false],
    ['office hours, Sunday', OFFICE, '2026-12-27T10:00:00', false],
    ['before dtstart never', OFFICE, '2025-12-29T10:00:00', false],
    ['within the first window, end included', '20260101T090000|8H', '2026-01-01T17:00:00', true],
    ['no freq: only the first window', '20260101T090000|8H', '2026-01-02T10:00:00', false],
    ['daily: in the window', '20260101T220000|1H|daily', '2026-03-05T22:30:00', true],
    ['daily: after the window', '20260101T220000|1H|daily', '2026-03-05T23:00:00', false],
    ['weekly without byday: the weekday of dtstart (Thursday)', '20260101T090000|1H|weekly', '2026-01-08T09:30:00', true],
    ['weekly without byday: another weekday', '20260101T090000|1H|weekly', '2026-01-09T09:30:00', false],
    ['monthly without byday: the day of the month of dtstart', '20260115T000000|P1D|monthly', '2026-03-15T12:00:00', true],
    ['monthly without byday: another day', '20260115T000000|P1D|monthly', '2026-03-16T12:00:00', false],
    ['yearly: the date of dtstart', '20261225T000000|24H|yearly', '2027-12-25T08:00:00', true],
    ['yearly: another date', '20261225T000000|24H|yearly', '2027-12-26T08:00:00', false],
    ['interval 2 daily: every other day', '20260101T000000|P1D|daily||2', '2026-01-03T10:00:00', true],
    ['interval 2 daily: the day between', '20260101T000000|P1D|daily||2', '2026-01-04T10:00:00', false],
    ['interval 2 weekly: two weeks on', '20260105T090000|8H|weekly||2|MO', '2026-01-19T10:00:00', true],
    ['interval 2 weekly: the week between', '20260105T090000|8H|weekly||2|MO', '2026-01-12T10:00:00', false],
    ['interval 3 monthly: three months on', '20260110T000000|P1D|monthly||3', '2026-04-10T10:00:00', true],
    ['interval 3 monthly: one month on', '20260110T000000|P1D|monthly||3', '2026-02-10T10:00:00', false],
    ['interval 2 yearly: two years on', '20260704T000000|P1D|yearly||2', '2028-07-04T10:00:00', true],
    ['interval 2 yearly: one year on', '20260704T000000|P1D|yearly||2', '2027-07-04T10:00:00', false],
    ['until: the last day still matches', '20260101T090000|8H|daily|20260131T090000', '2026-01-31T10:00:00', true],
    ['until: past until + duration', '20260101T090000|8H|daily|20260131T090000', '2026-02-01T10:00:00', false],
    ['bymonthday 1,15: the 15th', '20260101T000000|P1D|monthly||||1,15', '2026-03-15T05:00:00', true],
    ['bymonthday 1,15: the 16th', '20260101T000000|P1D|monthly||||1,15', '2026-03-16T05:00:00', false],
    ['bymonthday -1: last day of February', '20260101T000000|P1D|monthly||||-1', '2026-02-28T05:00:00', true],
    ['bymonthday -1: a leap February', '20260101T000000|P1D|monthly||||-1', '2028-02-29T05:00:00', true],
    ['bymonthday -1: not the day before', '20260101T000000|P1D|monthly||||-1', '2026-02-27T05:00:00', false],
    // drouting reduces -1 modulo the month's count of Fridays (5 in January 2026): the 4th, one before the last.
    ['byday -1FR monthly: the second-to-last Friday of January', '20260101T000000|P1D|monthly|||-1FR', '2026-01-23T12:00:00', true],
    ['byday -1FR monthly: not the last Friday', '20260101T000000|P1D|monthly|||-1FR', '2026-01-30T12:00:00', false],
    ['byday 2MO monthly: the second Monday', '20260101T000000|P1D|monthly|||2MO', '2026-01-12T12:00:00', true],
    ['byday 2MO monthly: the first Monday', '20260101T000000|P1D|monthly|||2MO', '2026-01-05T12:00:00', false],
    ['byday 1MO yearly: the first Monday of the year', '20260101T000000|P1D|yearly|||1MO', '2027-01-04T12:00:00', true],
    ['byday 1MO yearly: the second Monday', '20260101T000000|P1D|yearly|||1MO', '2027-01-11T12:00:00', false],
    ['byday lower case', '20260101T090000|8H|weekly|||mo', '2026-12-28T10:00:00', true],
    // drouting counts days of the year and months from 0 (test/routing/proxy-timerec.test.ts has more).
    ['byyearday 1: the second day of the year', '20260101T000000|P1D|yearly|||||1', '2027-01-02T10:00:00', true],
    ['byyearday -1: the last day of the year', '20260101T000000|P1D|yearly|||||-1', '2027-12-31T10:00:00', true],
    ['byyearday 1,-1: not the first day', '20260101T000000|P1D|yearly|||||1,-1', '2027-01-01T10:00:00', false],
    ['byweekno 2 yearly with 2MO: week 2 of 2027', '20260101T000000|P1D|yearly|||2MO|||2', '2027-01-11T10:00:00', true],
    ['byweekno 2 yearly with 1MO: week 1 of 2027', '20260101T000000|P1D|yearly|||1MO|||2', '2027-01-04T10:00:00', false],
    ['byweekno 2 yearly with MO, no number: never', '20260101T000000|P1D|yearly|||MO|||2', '2027-01-11T10:00:00', false],
    ['bymonth 12: January', '20260101T090000|8H|daily|||||||12', '2027-01-04T10:00:00', true],
    ['bymonth 12: not December', '20260101T090000|8H|daily|||||||12', '2026-12-01T10:00:00', false],
    ['bymonth -1: December', '20260101T090000|8H|daily|||||||-1', '2026-12-01T10:00:00', true],
    ['duration in PT form', '20260101T090000|PT8H30M|daily', '2026-05-05T17:29:59', true],
    ['duration P1W covers the whole first week', '20260101T000000|P1W', '2026-01-07T23:00:00', true],
  ])('%s: %s at %s is %s', (_name, timerec, local, expected) => {
    expect(matches(timerec, local)).toBe(expected);
  });
});

describe('timerecProblem: the whole grammar, saying which part is wrong', () => {
  it.each<[string, string | null]>([
    ['', null],
    [OFFICE, null],
    ['20260101T090000|PT8H|daily|20261231T000000|2|-1FR,2MO|1,-1|100|10|1,12', null],
    ['20260101T090000', 'has no duration'],
    ['20260101T090000|1D', null],
    ['2026010T090000|8H', 'dtstart "2026010T090000" must be exactly 15 characters YYYYMMDDTHHMMSS'],
    ['20260230T090000|8H', 'dtstart "20260230T090000" must be exactly 15 characters YYYYMMDDTHHMMSS naming a real date'],
    ['|8H|daily', 'has no dtstart'],
    ['20260101T090000|8X', 'duration "8X" must be'],
    ['20260101T090000|0H', 'duration "0H" must be'],
    ['20260101T090000|PT', 'duration "PT" must be'],
    ['20260101T090000|8H|hourly', 'freq "hourly" must be daily, weekly, monthly or yearly'],
    ['20260101T090000|8H|daily|2026', 'until "2026" must be exactly 15 characters'],
    ['20260101T090000|8H|daily||x', 'interval "x" must be a whole number of 1 or more'],
    ['20260101T090000|8H|weekly|||MO,XX', 'byday "MO,XX" must list weekdays'],
    ['20260101T090000|8H|monthly|||0FR', 'byday 0FR: the number before the day'],
    ['20260101T090000|8H|monthly||||32', 'bymonthday 32 is out of range'],
    ['20260101T090000|8H|monthly||||1;2', 'bymonthday "1;2" must be a comma-separated list of numbers'],
    ['20260101T090000|8H|yearly|||||367', 'byyearday 367 is out of range'],
    ['20260101T090000|8H|yearly||||||54', 'byweekno 54 is out of range'],
    ['20260101T090000|8H|yearly|||||||13', 'bymonth 13 is out of range'],
    ['20260101T090000|8H|daily|||||||1|x', 'has 11 fields'],
  ])('%j: %s', (text, expected) => {
    const problem = timerecProblem(text);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(`timerec ${JSON.stringify(text)}: ${expected}`);
  });
});
