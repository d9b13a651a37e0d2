import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lcrRegex } from '../../src/routing/lcr-match.js';
import { routeCall } from '../../src/routing/match.js';
import { inventoryOf } from '../../src/routing/rule-set.js';
import type { Call } from '../../src/routing/types.js';
import { inbound, MONDAY_10, outbound, rules, SUNDAY_10 } from './build.js';

const OFFICE = '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR';
const NIGHTS = '20260101T200000|10H|daily';

const ROUTES = rules(
  [],
  [
    { name: 'Default Outbound Route', prefix: '', gwgroupid: '1' },
    { name: 'US', prefix: '1', gwgroupid: '2' },
    { name: 'US toll free', prefix: '1800', gwgroupid: '3' },
    { name: 'UK', prefix: '44', gwgroupid: '4' },
    { name: 'UK cheap', prefix: '44', gwgroupid: '5', priority: 10 },
    { name: 'UK office hours', prefix: '44', gwgroupid: '6', priority: 20, timerec: OFFICE },
    { name: 'London nights', prefix: '4420', gwgroupid: '7', timerec: NIGHTS },
    { name: 'France A', prefix: '33', gwgroupid: '8' },
    { name: 'France B', prefix: '33', gwgroupid: '9' },
    { name: 'UK from our 1555 numbers', prefix: '44', from_prefix: '1555', gwgroupid: '10' },
    { name: 'Central London from 1555', prefix: '4420', from_prefix: '1555', gwgroupid: '11' },
    { name: 'Ireland from 15551', prefix: '353', from_prefix: '15551', gwgroupid: '12' },
    { name: 'Ireland from 1555 at 3531', prefix: '3531', from_prefix: '1555', gwgroupid: '13' },
    { name: 'Spain nights from 1666', prefix: '34', from_prefix: '1666', gwgroupid: '14', timerec: NIGHTS },
  ],
);

describe('routeCall, outbound: LCR first, then the simple routes of group 8000', () => {
  it.each<[string, Call, 'routed' | 'no_route' | 'ambiguous', string | string[] | null]>([
    ['the longest prefix wins', outbound('18005551234'), 'routed', 'US toll free'],
    ['falls back to a shorter prefix', outbound('12125551234'), 'routed', 'US'],
    ['falls back to the prefixless route', outbound('4915112345'), 'routed', 'Default Outbound Route'],
    ['the highest priority whose time matches wins', outbound('441612345678'), 'routed', 'UK office hours'],
    ['a rule whose time does not match is skipped for a lower priority', outbound('441612345678', '', SUNDAY_10), 'routed', 'UK cheap'],
    ['a longer prefix whose time does not match backs off to a shorter one', outbound('442071234567', '', SUNDAY_10), 'routed', 'UK cheap'],
    [
      'the longer prefix when its time matches',
      outbound('442071234567', '', { local: '2026-12-27T23:00:00', tz: 'Europe/London' }),
      'routed',
      'London nights',
    ],
    ['equal prefix and priority are ambiguous', outbound('33123456789'), 'ambiguous', ['France A', 'France B']],
    [
      'a number with a letter the prefix walk reaches (4420 goes on past 44) falls to the prefixless route',
      outbound('44abc'),
      'routed',
      'Default Outbound Route',
    ],
    ['LCR: From starts with the From-prefix', outbound('441612345678', '15551234567'), 'routed', 'UK from our 1555 numbers'],
    ['LCR: From contains the From-prefix followed by digits', outbound('441612345678', '4415551234'), 'routed', 'UK from our 1555 numbers'],
    ['LCR: From with a + before the From-prefix', outbound('441612345678', '+15551234'), 'routed', 'UK from our 1555 numbers'],
    ['LCR: the From-prefix must be followed only by digits', outbound('441612345678', '1555x'), 'routed', 'UK office hours'],
    ['LCR: the From-prefix is not enough when To does not start with the prefix', outbound('12125551234', '15551234567'), 'routed', 'US'],
    ['LCR: no From, no LCR', outbound('441612345678'), 'routed', 'UK office hours'],
    ['LCR: the longer pattern wins', outbound('442071234567', '15551234567'), 'routed', 'Central London from 1555'],
    [
      'LCR: equal pattern lengths are ambiguous',
      outbound('35312345678', '15551234567'),
      'ambiguous',
      ['Ireland from 1555 at 3531', 'Ireland from 15551'],
    ],
    [
      'LCR: no fallback to simple routes when the LCR group does not route the number',
      outbound('34912345678', '16661234567'),
      'no_route',
      null,
    ],
    [
      'LCR: the same LCR route at night',
      outbound('34912345678', '16661234567', { local: '2026-12-27T23:00:00', tz: 'Europe/London' }),
      'routed',
      'Spain nights from 1666',
    ],
  ])('%s', (_name, call, result, expected) => {
    const decision = routeCall(ROUTES, call);
    expect(decision.result).toBe(result);
    if (result === 'routed') {
      expect(decision.rule?.key).toBe(expected);
      expect(decision.candidates.map((c) => c.key)).toEqual([expected]);
    } else if (result === 'ambiguous') {
      expect(decision.rule).toBeUndefined();
      expect(decision.candidates.map((c) => c.key).sort()).toEqual(expected);
    } else {
      expect(decision.rule).toBeUndefined();
      expect(decision.gwlist).toBeUndefined();
      expect(decision.candidates).toEqual([]);
    }
  });

  it('says why, step by step', () => {
    const d = routeCall(ROUTES, outbound('442071234567', '15551234567'));
    expect(d.steps.join('\n')).toContain('LCR: matching "1555-4420" (length difference 15), "1555-44" (length difference 17)');
    expect(d.steps).toContain(
      'LCR winner "1555-4420" (route "Central London from 1555"): the smallest length difference to the lookup; group 10002',
    );
    expect(d.gwlist).toBe('#11');
    expect(d.rule).toEqual({
      kind: 'outbound_route',
      key: 'Central London from 1555',
      group: 10002,
      prefix: '4420',
      lcr_pattern: '1555-4420',
      priority: 0,
    });
    const none = routeCall(ROUTES, outbound('34912345678', '16661234567'));
    expect(none.steps.join('\n')).toContain('no fallback: the call chose LCR group');
  });

  it('with no prefixless route an unmatched number has no route', () => {
    const d = routeCall(rules([], [{ name: 'US', prefix: '1', gwgroupid: '2' }]), outbound('44123'));
    expect(d.result).toBe('no_route');
    expect(d.steps.at(-1)).toBe('no rule of group 8000 matches "44123": the proxy answers 500 No rules defined for number');
  });
});

describe('routeCall, inbound: group 9000 on the dialled number', () => {
  const MAPPINGS = rules(
    [
      { did: '15551230001', servers: ['66', '67'] },
      { did: '1555123', servers: ['#22'] },
      { did: '', servers: ['#5'] },
      { did: '15559990000', servers: ['66', '#5'] },
    ],
    [],
    inventoryOf([
      { gwgroupid: 22, name: 'office', type: 'endpoint', gwids: ['66', '67', '68'] },
      { gwgroupid: 5, name: 'pbx', type: 'endpoint', gwids: ['70'] },
    ]),
  );
  it.each<[string, string, string | null, string | undefined]>([
    ['the exact DID', '15551230001', '15551230001', '66,67'],
    ['a DID is a prefix: the longest one', '15551230002', '1555123', '#22'],
    ['the default mapping catches the rest', '4420', '', '#5'],
    ['a dropped mapping (mixed servers) is not there: the default takes it', '15559990000', '', '#5'],
  ])('%s', (_name, to, key, gwlist) => {
    const d = routeCall(MAPPINGS, inbound(to));
    expect(d.result).toBe('routed');
    expect(d.rule?.key).toBe(key);
    expect(d.rule?.kind).toBe('inbound_mapping');
    expect(d.gwlist).toBe(gwlist);
  });

  it('expands a group to its gateways and says how it fails over', () => {
    const d = routeCall(MAPPINGS, inbound('15551230002'));
    expect(d.steps).toContain('sends to endpoint group "office" (#22): endpoints 66, 67, 68');
    expect(d.steps).toContain('failover: gateways are tried in order 66, then 67, then 68; a failure reply moves to the next');
  });

  it('names the dropped rule and the retry with the To-user', () => {
    expect(routeCall(MAPPINGS, inbound('15559990000')).steps).toContain(
      'mapping "15559990000" is not loaded: servers mix a gateway id and a group reference ("66,#5"): the proxy drops the rule',
    );
    const d = routeCall(rules([{ did: '1555', servers: ['66'] }], []), inbound('44'));
    expect(d.result).toBe('no_route');
    expect(d.steps.join('\n')).toContain('the proxy retries once with rU set to the To-user');
    expect(d.at).toBe(`${MONDAY_10.local} Europe/London`);
  });
});

describe('LCR matching looks only at the patterns whose To-part starts the number, with the same answer as testing all', () => {
  it('for random patterns and numbers', () => {
    const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9+]{0,${max}}$`));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[1-9][0-9]{0,3}$/), fc.stringMatching(/^[0-9]{1,4}$/)), {
          maxLength: 12,
          selector: ([f, t]) => `${f}-${t}`,
        }),
        digits(10),
        digits(10),
        fc.nat(),
        fc.boolean(),
        (pairs, fromTail, toTail, pick, aimed) => {
          // Half the calls are aimed at one pattern (its From-part inside the From, its To-part first), so many match.
          const [f, t] = pairs.length && aimed ? pairs[pick % pairs.length]! : ['', ''];
          const from = aimed ? `${fromTail.slice(0, 2)}${f}${fromTail.slice(2)}` : fromTail;
          const to = `${t}${toTail}`;
          const set = rules(
            [],
            pairs.map(([f, t], i) => ({ name: `R${i}`, prefix: t, from_prefix: f, gwgroupid: '5' })),
          );
          const lookup = `${from}-${to}`;
          const expected = pairs
            .map(([f, t]) => `${f}-${t}`)
            .filter((pattern) => lcrRegex(pattern).test(lookup))
            .map((pattern) => ({ pattern, distance: Math.abs(lookup.length - pattern.length) }))
            .sort((a, b) => a.distance - b.distance || a.pattern.localeCompare(b.pattern))
            .map((m) => `"${m.pattern}" (length difference ${m.distance})`);
          const steps = routeCall(set, outbound(to, from)).steps;
          const said = steps.find((s) => s.startsWith('LCR: matching '));
          expect(said ?? null).toBe(expected.length ? `LCR: matching ${expected.join(', ')}` : null);
        },
      ),
      { numRuns: 300, seed: 16 },
    );
  });
});
