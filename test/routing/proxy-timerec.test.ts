import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintRules } from '../../src/routing/lint.js';
import { routeCall } from '../../src/routing/match.js';
import { runMain } from '../helpers/in-process.js';
import { outbound, rules } from './build.js';

/**
 * Time recurrences as Kamailio 5.6's drouting reads them (its own dr_time.c): months and days of the
 * year counted from 0, every position reduced modulo its count, and a weekday without a number
 * never matching under monthly or yearly. Each row is a fact the real proxy showed (test/proxy).
 * Mostly a window 12:00-13:00 from 1 December 2026, and calls at 12:30, past the first window.
 */
const FROM = '20261201T120000|PT1H|';

/** Whether an outbound call to 1 on `day` (12:30 unless it says its time) routes by a rule with this time recurrence. */
function routes(timerec: string, day: string): boolean {
  const set = rules([], [{ name: 'Timed', prefix: '1', gwgroupid: '5', timerec }]);
  const local = day.includes('T') ? day : `${day}T12:30:00`;
  return routeCall(set, outbound('1', '', { local, tz: 'America/New_York' })).result === 'routed';
}

describe('time recurrences routed as the proxy routes them', () => {
  it.each<[string, string, string, boolean]>([
    // The two cases the differential suite found.
    ['bymonth 2 is March: not in February', '20270101T000000|PT23H|daily|||||||2', '2027-02-01', false],
    ['bymonth 2 is March', '20270101T000000|PT23H|daily|||||||2', '2027-03-01', true],
    [
      'byday SA,SU under monthly: never on a Sunday past the first window',
      '20270104T000000|8H|monthly|||SA,SU',
      '2027-01-10T00:00:00',
      false,
    ],
    // bymonth: the month from 0.
    ['bymonth 1 is February', `${FROM}daily|||||||1`, '2027-02-14', true],
    ['bymonth 1 is not January', `${FROM}daily|||||||1`, '2027-01-14', false],
    ['bymonth 12 is January', `${FROM}daily|||||||12`, '2028-01-31', true],
    ['bymonth 12 is not December', `${FROM}daily|||||||12`, '2027-12-14', false],
    ['bymonth -1 is December, as meant', `${FROM}daily|||||||-1`, '2027-12-14', true],
    ['bymonth 1,6 is February and July: July', `${FROM}daily|||||||1,6`, '2027-07-01', true],
    ['bymonth 1,6: not June', `${FROM}daily|||||||1,6`, '2027-06-30', false],
    ["yearly with bymonth 3 repeats on dtstart's day of April", `${FROM}yearly|||||||3`, '2027-04-01', true],
    ['yearly with bymonth 3: not another day of April', `${FROM}yearly|||||||3`, '2027-04-02', false],
    ['weekly with bymonth 3: a Tuesday of April', `${FROM}weekly|||||||3`, '2027-04-06', true],
    ['weekly with bymonth 3: not a Tuesday of March', `${FROM}weekly|||||||3`, '2027-03-02', false],
    // byday: a number is needed under monthly and yearly, and reduced by the count of that weekday.
    ['monthly SA,SU: not a Saturday', `${FROM}monthly|||SA,SU`, '2027-01-02', false],
    ['yearly SA: never', `${FROM}yearly|||SA`, '2027-01-02', false],
    ['monthly 1MO: the first Monday', `${FROM}monthly|||1MO`, '2027-02-01', true],
    ['monthly -1FR: the second-to-last Friday', `${FROM}monthly|||-1FR`, '2027-01-22', true],
    ['monthly -1FR: not the last Friday', `${FROM}monthly|||-1FR`, '2027-01-29', false],
    ['monthly 4MO: none in a month with four Mondays', `${FROM}monthly|||4MO`, '2027-01-25', false],
    ['monthly 4MO: the fourth in a month with five', `${FROM}monthly|||4MO`, '2027-03-22', true],
    ['monthly 5MO: the first Monday of a month with four', `${FROM}monthly|||5MO`, '2027-01-04', true],
    ['monthly 5MO: not the fifth in a month with five', `${FROM}monthly|||5MO`, '2027-03-29', false],
    ['yearly -1FR: the second-to-last Friday of the year', `${FROM}yearly|||-1FR`, '2027-12-24', true],
    ['yearly -1FR: not the last', `${FROM}yearly|||-1FR`, '2027-12-31', false],
    ['yearly 52MO: none in a year with 52 Mondays', `${FROM}yearly|||52MO`, '2027-12-27', false],
    ['weekly 2MO: the number ignored, every Monday', `${FROM}weekly|||2MO`, '2027-01-04', true],
    ['daily SA,SU: every Saturday', `${FROM}daily|||SA,SU`, '2027-01-02', true],
    // bymonthday: reduced modulo the month's length.
    ['bymonthday 31: never in a month of 31 days', `${FROM}daily||||31`, '2027-01-31', false],
    ['bymonthday 31: the 1st of a month of 30 days', `${FROM}daily||||31`, '2027-04-01', true],
    ['bymonthday 31: the 3rd of a February of 28', `${FROM}daily||||31`, '2027-02-03', true],
    ['bymonthday 29: the 1st of a February of 28', `${FROM}daily||||29`, '2027-02-01', true],
    ['bymonthday 29: never in a February of 29', `${FROM}daily||||29`, '2028-02-29', false],
    ['bymonthday -1: the last day, as meant', `${FROM}daily||||-1`, '2027-02-28', true],
    // byyearday: the day of the year from 0.
    ['byyearday 1 is 2 January', `${FROM}daily|||||1`, '2027-01-02', true],
    ['byyearday 1 is not 1 January', `${FROM}daily|||||1`, '2027-01-01', false],
    ['byyearday 365 is 1 January in a common year', `${FROM}daily|||||365`, '2027-01-01', true],
    ['byyearday 365 is 31 December in a leap year', `${FROM}daily|||||365`, '2028-12-31', true],
    ['byyearday -1 is 31 December, as meant', `${FROM}daily|||||-1`, '2027-12-31', true],
    // byweekno: only under yearly; its presence makes yearly or monthly repeat weekly.
    ["yearly byweekno 10: dtstart's weekday (Tuesday) of week 10", `${FROM}yearly||||||10`, '2027-03-09', true],
    ['monthly byweekno 10: every Tuesday, the weeks ignored', `${FROM}monthly||||||10`, '2027-01-05', true],
    ['monthly byweekno 10: not the 1st of the month', `${FROM}monthly||||||10`, '2027-02-01', false],
    // The workarounds the lints suggest.
    ['the last Friday of a month: daily, FR, bymonthday -7..-1', `${FROM}daily|||FR|-7,-6,-5,-4,-3,-2,-1`, '2027-01-29', true],
    ['1 January: bymonthday 1 with bymonth -12', `${FROM}daily||||1|||-12`, '2028-01-01', true],
  ])('%s: %s on %s is %s', (_name, timerec, day, expected) => {
    expect(routes(timerec, day)).toBe(expected);
  });
});

/** The warnings of one route with this time recurrence: [code, message after the rule's name]. */
function quirks(timerec: string): Array<[string, string]> {
  const findings = lintRules(rules([], [{ name: 'Timed', prefix: '1', gwgroupid: '5', timerec }]), { inbound: false, outbound: false });
  return findings.map((f) => [f.code, f.message.replace(`route "Timed": timerec "${timerec}": `, '')]);
}

describe('the lints say what the proxy will do with a by-field', () => {
  it.each<[string, Array<[string, string]>]>([
    [
      '20270101T000000|PT23H|daily|||||||2',
      [['bymonth_from_zero', 'bymonth 2 matches March on the proxy (drouting counts months from 0): to mean February write 1']],
    ],
    [
      '20270101T000000|PT23H|daily|||||||1,6,-1',
      [
        [
          'bymonth_from_zero',
          'bymonth 1,6 matches February and July on the proxy (drouting counts months from 0): to mean January and June write 12,5,-1',
        ],
      ],
    ],
    [
      '20270104T000000|8H|monthly|||SA,SU',
      [
        [
          'byday_never',
          'byday SA,SU under monthly never matches after the first window on the proxy (drouting needs a number before each day there): use weekly, or number the days (1SA)',
        ],
      ],
    ],
    [
      '20270104T000000|8H|yearly|||MO,1FR',
      [
        [
          'byday_never',
          'byday MO (of MO,1FR) under yearly never matches after the first window on the proxy (drouting needs a number before each day there): use weekly, or number the days (1MO)',
        ],
      ],
    ],
    [
      '20270104T000000|8H|monthly|||-1FR,2MO,5WE',
      [
        [
          'byday_ordinal',
          "byday -1FR,2MO,5WE under monthly: on the proxy -1FR matches the 3rd Friday in a month with 4 Fridays and the 4th in a month with 5; 5WE matches the 1st Wednesday in a month with 4 Wednesdays and none in a month with 5 (drouting reduces the number modulo the month's count of that weekday, so a count from the end lands one too early)",
        ],
      ],
    ],
    [
      '20270104T000000|8H|weekly|||2MO',
      [['byday_ordinal', 'byday 2MO under weekly: the proxy ignores the number and matches every Monday']],
    ],
    [
      '20270104T000000|8H|daily||||15,31',
      [
        [
          'bymonthday_wraps',
          "bymonthday 15,31: on the proxy 31 matches no day in a month of 31 days, the 1st in a month of 30 days, the 2nd in a month of 29 days and the 3rd in a month of 28 days (drouting reduces the day modulo the month's length)",
        ],
      ],
    ],
    [
      '20270104T000000|8H|daily|||||100',
      [
        [
          'byyearday_from_zero',
          'byyearday 100 matches the 101st day of the year on the proxy (drouting counts days of the year from 0, so one day late): to mean the 100th write 99',
        ],
      ],
    ],
    [
      '20270105T000000|8H|monthly||||||10',
      [
        [
          'byweekno_ignored',
          "byweekno 10 under monthly is ignored on the proxy (it counts weeks only under yearly), and it makes the rule repeat every week on dtstart's weekday (Tuesday) instead of once a month",
        ],
      ],
    ],
    // Read as meant: no warning.
    ['20270104T000000|8H|weekly|||SA,SU', []],
    ['20270104T000000|8H|monthly|||1MO,3FR', []],
    ['20270104T000000|8H|daily||||1,15,-1', []],
    ['20270104T000000|8H|daily|||||-1||-1', []],
    ['20270104T000000|8H|yearly|||2MO|||2', []],
    // Without freq the by-fields never count; with a duration of 0 zero_duration speaks for the rule.
    ['20270104T000000|8H||||SA', []],
  ])('%s', (timerec, expected) => {
    expect(quirks(timerec)).toEqual(expected);
  });

  it('validate accepts the file and warns at file:line:col, with what to write instead', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-timerec-quirks-'));
    try {
      const file = join(dir, 'routes.yaml');
      writeFileSync(
        file,
        [
          'version: 1',
          'outbound_routes:',
          '  - name: Default',
          '    prefix: ""',
          '    gwgroupid: "1"',
          '  - name: February',
          '    prefix: "1"',
          '    gwgroupid: "5"',
          '    timerec: "20270101T000000|PT23H|daily|||||||2"',
          '  - name: Weekends',
          '    prefix: "2"',
          '    gwgroupid: "5"',
          '    timerec: "20270104T000000|8H|monthly|||SA,SU"',
          '',
        ].join('\n'),
      );
      const r = await runMain(['validate', file]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(
        `warning: ${file}:6:5: route "February": timerec "20270101T000000|PT23H|daily|||||||2": bymonth 2 matches March on the proxy (drouting counts months from 0): to mean February write 1`,
      );
      expect(r.stderr).toContain(
        `warning: ${file}:10:5: route "Weekends": timerec "20270104T000000|8H|monthly|||SA,SU": byday SA,SU under monthly never matches after the first window on the proxy`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
