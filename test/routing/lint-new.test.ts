import { describe, expect, it } from 'vitest';
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';
import { timerecMatches } from '../../src/model/time/timerec-match.js';
import { lintRules } from '../../src/routing/lint.js';
import { routeCall } from '../../src/routing/match.js';
import { outbound, rules, type TestRoute } from './build.js';

const NONE = { inbound: false, outbound: false };

function parsed(text: string): Timerec {
  const p = parseTimerec(text);
  if (!('value' in p) || p.value === null) throw new Error(`not a recurrence: ${text}`);
  return p.value;
}

/** The findings of one code over routes. */
function found(code: string, routes: TestRoute[]): { key?: string; keys?: readonly string[]; message: string; hint: string }[] {
  return lintRules(rules([], routes), NONE).filter((f) => f.code === code);
}

describe('midnight_cut: a recurring window past midnight', () => {
  it.each<[string, string, string | null]>([
    [
      'every evening into the night',
      '20260101T180000|PT14H|daily',
      'timerec "20260101T180000|PT6H|daily" (18:00–24:00) and timerec "20260102T000000|PT8H|daily"',
    ],
    [
      'weekday evenings: the part after midnight on the next days',
      '20260105T180000|PT14H|weekly|||MO,TU,WE,TH,FR',
      'timerec "20260105T180000|PT6H|weekly|||MO,TU,WE,TH,FR" (18:00–24:00) and timerec "20260106T000000|PT8H|weekly|||TU,WE,TH,FR,SA"',
    ],
    [
      'a weekend from Friday evening (more than a day after midnight)',
      '20260102T180000|PT62H|weekly',
      'one from 18:00 to 24:00 (duration PT6H)',
    ],
    ['a window that ends at midnight', '20260101T180000|PT6H|daily', null],
    ['a whole day from midnight', '20260101T000000|PT24H|daily', null],
    ['office hours', '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR', null],
    ['no freq: one window, matched whole', '20260101T180000|PT14H', null],
  ])('%s', (_name, timerec, hint) => {
    const cut = found('midnight_cut', [{ name: 'Night', prefix: '44', gwgroupid: '5', timerec }]);
    if (hint === null) return expect(cut).toEqual([]);
    expect(cut).toHaveLength(1);
    expect(cut[0]?.message).toMatch(/past midnight: after the first window the proxy matches only 18:00–24:00/);
    expect(cut[0]?.hint).toContain(hint);
  });

  it('is what the simulation does, and the two rules of the hint match every minute the window says', () => {
    const text = '20260105T180000|PT14H|weekly|||MO,TU,WE,TH,FR';
    const [first, second] = found('midnight_cut', [{ name: 'Night', prefix: '44', gwgroupid: '5', timerec: text }])[0]!
      .hint.match(/"[^"]+"/g)!
      .map((q) => parsed(JSON.parse(q)));
    const original = parsed(text);
    // Tuesday 02:00, past the first window: the window says yes, the proxy no.
    expect(timerecMatches(original, '2026-01-13T02:00:00', 'UTC')).toBe(false);
    for (let minutes = 0; minutes < 14 * 24 * 60; minutes += 10) {
      const at = new Date(Date.UTC(2026, 0, 7) + minutes * 60_000).toISOString().slice(0, 19);
      const day = new Date(`${at}Z`).getUTCDay();
      const hour = new Date(`${at}Z`).getUTCHours();
      // 18:00–24:00 Monday to Friday, 00:00–08:00 Tuesday to Saturday.
      const meant = (hour >= 18 && day >= 1 && day <= 5) || (hour < 8 && day >= 2 && day <= 6);
      expect(timerecMatches(first!, at, 'UTC') || timerecMatches(second!, at, 'UTC'), at).toBe(meant);
    }
  });
});

describe('lcr_takes_simple: an LCR route taking calls a simple route was meant for', () => {
  const TOLL_FREE: TestRoute = { name: 'Toll-free', prefix: '1800', gwgroupid: '7' };
  const CUSTOMER: TestRoute = { name: 'cust-a', prefix: '1', from_prefix: '212', gwgroupid: '5', groupid: 10_001 };

  it('warns about the LCR route on prefix 1 taking its callers’ 1800 calls, as the simulation routes them', () => {
    const cut = found('lcr_takes_simple', [TOLL_FREE, CUSTOMER]);
    expect(cut.map((f) => [f.key, f.keys])).toEqual([['cust-a', ['cust-a', 'Toll-free']]]);
    expect(cut[0]?.message).toBe(
      'route "cust-a" (LCR "212-1") takes its callers\' calls to numbers under prefix "1800" that route "Toll-free" (prefix "1800") was meant for, to its own carrier: LCR is decided before the simple routes, whatever their prefixes, and a call that chose an LCR route has no fallback',
    );
    expect(cut[0]?.hint).toContain('from_prefix "212", prefix "1800"');
    const decision = routeCall(rules([], [TOLL_FREE, CUSTOMER]), outbound('18005550100', '2125550100'), { explain: false });
    expect(decision.result === 'routed' && decision.rule?.key).toBe('cust-a');
  });

  it.each<[string, TestRoute[]]>([
    ['the same carrier group', [TOLL_FREE, { ...CUSTOMER, gwgroupid: '7' }]],
    [
      'the customer has an LCR route for 1800 too',
      [TOLL_FREE, CUSTOMER, { name: 'cust-a-tf', prefix: '1800', from_prefix: '212', gwgroupid: '7', groupid: 10_002 }],
    ],
    ['a simple route with a shorter prefix (the LCR route is meant to win)', [{ name: 'Default', prefix: '', gwgroupid: '7' }, CUSTOMER]],
    ['a simple route on the same prefix', [{ name: 'US', prefix: '1', gwgroupid: '7' }, CUSTOMER]],
  ])('no warning: %s', (_name, routes) => {
    expect(found('lcr_takes_simple', routes)).toEqual([]);
  });

  it('one warning per LCR prefix, naming every route once', () => {
    const customers = Array.from({ length: 300 }, (_, i): TestRoute => ({
      ...CUSTOMER,
      name: `cust-${i}`,
      from_prefix: `1555${1000 + i}`,
      groupid: 10_000 + i,
    }));
    const cut = found('lcr_takes_simple', [TOLL_FREE, { name: 'Premium', prefix: '1900', gwgroupid: '8' }, ...customers]);
    expect(cut).toHaveLength(1);
    expect(cut[0]?.keys).toHaveLength(302);
    expect(cut[0]?.message).toMatch(
      /^300 LCR routes on prefix "1" take their callers' calls to numbers that simple routes with longer prefixes were meant for \(route "Toll-free" \(prefix "1800"\), route "Premium" \(prefix "1900"\)\)/,
    );
  });
});
