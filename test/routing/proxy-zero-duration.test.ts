import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { timerecMatches } from '../../src/model/time/timerec-match.js';
import { parseTimerec, timerecProblem, timerecWarning } from '../../src/model/time/timerec.js';
import { lintRules } from '../../src/routing/lint.js';
import { loadRules } from '../../src/routing/load.js';
import { routeCall } from '../../src/routing/match.js';
import { runMain } from '../helpers/in-process.js';
import { outbound, rules } from './build.js';

/**
 * A duration the proxy cannot read (a bare day count such as `1D`, which it takes only after `P`)
 * is logged and read as 0; the rule stays, and a duration of 0 matches at every moment from dtstart on.
 */
const BARE_DAY = '20270101T000000|1D|daily';

describe('a duration the proxy reads as 0', () => {
  it.each<[string, string, string, boolean]>([
    ['before dtstart: no match', BARE_DAY, '2026-12-31T23:59:59', false],
    ['at dtstart', BARE_DAY, '2027-01-01T00:00:00', true],
    ['a day later, in the afternoon', BARE_DAY, '2027-01-02T15:00:00', true],
    ['years later', BARE_DAY, '2031-06-30T03:00:00', true],
    ['a bare week count, on another weekday', '20270101T090000|2W|weekly|||MO', '2027-03-05T20:00:00', true],
    [
      'P1D, as meant, is one day a day: not at 00:00 the next day past the window',
      '20270101T120000|PT1H|daily',
      '2027-01-02T15:00:00',
      false,
    ],
  ])('%s: %s at %s is %s', (_name, timerec, local, expected) => {
    const parsed = parseTimerec(timerec);
    if ('problem' in parsed) throw new Error(parsed.problem);
    expect(timerecMatches(parsed.value, local)).toBe(expected);
  });

  it.each<[string, string | null, string | null]>([
    [BARE_DAY, null, 'duration "1D" is not one the proxy reads (it takes a day or week count only after P)'],
    ['20270101T000000|1W2D', null, 'did you mean "P1W2D"?'],
    ['20270101T000000|T8H|daily', null, 'did you mean "PT8H"?'],
    ['20270101T000000|P1D|daily', null, null],
    ['20270101T000000|8H|daily', null, null],
    ['20270101T000000|8X', 'duration "8X" must be', null],
    ['20270101T000000', 'has no duration', null],
  ])('%s: refused %s, warned %s', (text, problem, warning) => {
    const p = timerecProblem(text);
    if (problem === null) expect(p).toBeNull();
    else expect(p).toContain(problem);
    const w = timerecWarning(text);
    if (warning === null && problem === null) expect(w).toBeNull();
    if (warning !== null) expect(w).toContain(warning);
  });

  it('the loader keeps the rule (a live one too, whatever the duration), and it routes at every time from dtstart on', () => {
    for (const timerec of [BARE_DAY, '20270101T000000|8X|daily']) {
      const set = rules(
        [],
        [
          { name: 'Default', prefix: '', gwgroupid: '1' },
          { name: 'Nights', prefix: '44', gwgroupid: '5', timerec },
        ],
      );
      expect(loadRules(set).dropped).toEqual([]);
      expect(routeCall(set, outbound('441234', '', { local: '2027-05-05T12:00:00', tz: 'Europe/London' })).rule?.key).toBe('Nights');
      expect(routeCall(set, outbound('441234', '', { local: '2026-05-05T12:00:00', tz: 'Europe/London' })).rule?.key).toBe('Default');
    }
  });

  it('the lints warn loudly, with the meant duration', () => {
    const findings = lintRules(rules([], [{ name: 'Nights', prefix: '44', gwgroupid: '5', timerec: BARE_DAY }]), {
      inbound: false,
      outbound: false,
    });
    expect(findings.map((f) => [f.severity, f.code, f.message])).toEqual([
      [
        'warning',
        'zero_duration',
        'route "Nights": timerec "20270101T000000|1D|daily": duration "1D" is not one the proxy reads (it takes a day or week count only after P): the proxy reads the duration as 0, and a duration of 0 makes the rule match at every moment from dtstart (20270101T000000) on, whatever the other fields say; did you mean "P1D"?',
      ],
    ]);
  });

  it('validate accepts the file and warns at file:line:col', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-bare-day-'));
    try {
      const file = join(dir, 'routes.yaml');
      writeFileSync(
        file,
        `version: 1\noutbound_routes:\n  - name: Default\n    prefix: ""\n    gwgroupid: "1"\n  - name: Nights\n    prefix: "44"\n    gwgroupid: "5"\n    timerec: "${BARE_DAY}"\n`,
      );
      const r = await runMain(['validate', file]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`warning: ${file}:6:5: route "Nights": timerec "${BARE_DAY}": duration "1D" is not one the proxy reads`);
      expect(r.stderr).toContain('did you mean "P1D"?');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
