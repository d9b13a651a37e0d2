import { describe, expect, it } from 'vitest';
import { describeImpact } from '../../src/render/routing-impact.js';
import { routingImpact } from '../../src/routing/impact.js';
import type { CallTime } from '../../src/routing/types.js';
import { MONDAY_10, rules, SUNDAY_10, type TestRoute } from './build.js';

const OFFICE = '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR';

const DEFAULT: TestRoute = { name: 'Default Outbound Route', prefix: '', gwgroupid: '1' };
const US: TestRoute = { name: 'US', prefix: '1', gwgroupid: '2' };
const UK: TestRoute = { name: 'UK', prefix: '44', gwgroupid: '4' };
const BASE = [DEFAULT, US, UK];

type Mapping = { did: string; servers: string[] };

/** The impact of going from one list of routes (and mappings) to another, in words. */
function impact(before: TestRoute[], after: TestRoute[], at: CallTime = MONDAY_10, mappings: [Mapping[], Mapping[]] = [[], []]): string[] {
  return routingImpact(rules(mappings[0], before), rules(mappings[1], after), at).map(describeImpact);
}

const swap = (routes: TestRoute[], name: string, to: TestRoute | null): TestRoute[] =>
  routes.flatMap((r) => (r.name === name ? (to ? [to] : []) : [r]));

describe('routingImpact: the probed calls whose routing a change of rules alters', () => {
  it.each<[string, TestRoute[], TestRoute[], string[]]>([
    ['no change, no impact', BASE, BASE, []],
    [
      'create: calls to the new prefix move to it',
      BASE,
      [...BASE, { name: 'Toll free', prefix: '1800', gwgroupid: '3' }],
      ['calls to 1800…: carrier group 2 (route "US") → carrier group 3 (route "Toll free")'],
    ],
    [
      'create where nothing routed before',
      [UK],
      [UK, { name: 'Toll free', prefix: '1800', gwgroupid: '3' }],
      ['calls to 1800…: no route → carrier group 3 (route "Toll free")'],
    ],
    [
      'delete: calls fall back to a shorter prefix',
      BASE,
      swap(BASE, 'UK', null),
      ['calls to 44…: carrier group 4 (route "UK") → carrier group 1 (route "Default Outbound Route")'],
    ],
    ['delete: with nothing to fall back to, no route', [US, UK], [US], ['calls to 44…: carrier group 4 (route "UK") → no route']],
    [
      'change of prefix: the old prefix falls back, the new one is taken',
      BASE,
      swap(BASE, 'UK', { ...UK, prefix: '45' }),
      [
        'calls to 44…: carrier group 4 (route "UK") → carrier group 1 (route "Default Outbound Route")',
        'calls to 45…: carrier group 1 (route "Default Outbound Route") → carrier group 4 (route "UK")',
      ],
    ],
    [
      'change of gwgroupid',
      BASE,
      swap(BASE, 'UK', { ...UK, gwgroupid: '7' }),
      ['calls to 44…: carrier group 4 → carrier group 7 (route "UK")'],
    ],
    [
      'change of priority: another rule of the prefix wins',
      [...BASE, { name: 'UK backup', prefix: '44', gwgroupid: '8', priority: 5 }],
      [...swap(BASE, 'UK', { ...UK, priority: 10 }), { name: 'UK backup', prefix: '44', gwgroupid: '8', priority: 5 }],
      ['calls to 44…: carrier group 8 (route "UK backup") → carrier group 4 (route "UK")'],
    ],
    [
      'change of the prefixless route: a number no prefix matches is probed',
      BASE,
      swap(BASE, 'Default Outbound Route', { ...DEFAULT, gwgroupid: '9' }),
      ['calls to every other number: carrier group 1 → carrier group 9 (route "Default Outbound Route")'],
    ],
    [
      'ambiguity introduced: a second rule of the same prefix and priority',
      BASE,
      [...BASE, { name: 'UK2', prefix: '44', gwgroupid: '8' }],
      ['calls to 44…: carrier group 4 (route "UK") → ambiguous (route "UK" or route "UK2")'],
    ],
  ])('%s', (_case, before, after, expected) => {
    expect(impact(before, after)).toEqual(expected);
  });

  it('change of time recurrence: only calls at a time it no longer covers move', () => {
    const office = swap(BASE, 'UK', { ...UK, timerec: OFFICE });
    expect(impact(BASE, office, MONDAY_10)).toEqual([]);
    expect(impact(BASE, office, SUNDAY_10)).toEqual([
      'calls to 44…: carrier group 4 (route "UK") → carrier group 1 (route "Default Outbound Route")',
    ]);
  });

  it('LCR promote: callers from the From-prefix keep the route, other callers lose it', () => {
    const lcr = swap(BASE, 'UK', { ...UK, from_prefix: '1555' });
    expect(impact(BASE, lcr)).toEqual(['calls to 44…: carrier group 4 (route "UK") → carrier group 1 (route "Default Outbound Route")']);
    const entries = routingImpact(rules([], BASE), rules([], lcr), MONDAY_10);
    expect(entries.map((e) => [e.direction, e.from, e.to])).toEqual([['outbound', undefined, '440']]);
  });

  it('LCR demote: other callers get the route back', () => {
    const lcr = swap(BASE, 'UK', { ...UK, from_prefix: '1555' });
    expect(impact(lcr, BASE)).toEqual(['calls to 44…: carrier group 1 (route "Default Outbound Route") → carrier group 4 (route "UK")']);
  });

  it('LCR: a change of carrier shows the From-prefix of the calls it concerns', () => {
    const uk1555 = { name: 'UK from our 1555 numbers', prefix: '44', from_prefix: '1555', gwgroupid: '5' };
    const entries = routingImpact(rules([], [...BASE, uk1555]), rules([], [...BASE, { ...uk1555, gwgroupid: '7' }]), MONDAY_10);
    expect(entries.map(describeImpact)).toEqual([
      'calls to 44… from …1555: carrier group 5 → carrier group 7 (route "UK from our 1555 numbers")',
    ]);
    expect(entries[0]).toMatchObject({ direction: 'outbound', from: '15550', to: '440' });
    expect(entries[0]!.before).toMatchObject({ result: 'routed', gwlist: '#5', rule: { key: 'UK from our 1555 numbers' } });
    expect(entries[0]!.after).toMatchObject({ result: 'routed', gwlist: '#7', at: '2026-12-28T10:00:00 Europe/London' });
  });

  it('LCR: a change of From-prefix moves both groups of callers', () => {
    const uk1555 = { name: 'UK from 1555', prefix: '44', from_prefix: '1555', gwgroupid: '5' };
    expect(impact([...BASE, uk1555], [...BASE, { ...uk1555, from_prefix: '1666' }])).toEqual([
      'calls to 44… from …1555: carrier group 5 (route "UK from 1555") → carrier group 4 (route "UK")',
      'calls to 44… from …1666: carrier group 4 (route "UK") → carrier group 5 (route "UK from 1555")',
    ]);
  });

  it('the From probe avoids a longer From-prefix of another LCR route', () => {
    const a = { name: 'A', prefix: '44', from_prefix: '1555', gwgroupid: '5' };
    const b = { name: 'B', prefix: '44', from_prefix: '15550', gwgroupid: '6' };
    const entries = routingImpact(rules([], [...BASE, a, b]), rules([], [...BASE, { ...a, gwgroupid: '7' }, b]), MONDAY_10);
    expect(entries.map((e) => e.from)).toEqual(['15551']);
  });

  it('the To probe avoids a longer prefix of another rule', () => {
    const taken = Array.from({ length: 3 }, (_, d) => ({ name: `UK ${d}`, prefix: `44${d}`, gwgroupid: '9' }));
    const entries = routingImpact(
      rules([], [...BASE, ...taken]),
      rules([], [...swap(BASE, 'UK', { ...UK, gwgroupid: '7' }), ...taken]),
      MONDAY_10,
    );
    expect(entries.map((e) => e.to)).toEqual(['443']);
  });

  it.each<[string, Mapping[], Mapping[], string[]]>([
    [
      'inbound create',
      [],
      [{ did: '15551230001', servers: ['66'] }],
      ['calls to 15551230001…: no route → gateway 66 (mapping "15551230001")'],
    ],
    [
      'inbound delete',
      [{ did: '15551230001', servers: ['66'] }],
      [],
      ['calls to 15551230001…: gateway 66 (mapping "15551230001") → no route'],
    ],
    [
      'inbound change of servers',
      [{ did: '15551230001', servers: ['66'] }],
      [{ did: '15551230001', servers: ['66', '67'] }],
      ['calls to 15551230001…: gateway 66 → gateways 66, 67 (mapping "15551230001")'],
    ],
    [
      'inbound delete with a default mapping to fall back on',
      [
        { did: '', servers: ['#9'] },
        { did: '15551230001', servers: ['66'] },
      ],
      [{ did: '', servers: ['#9'] }],
      ['calls to 15551230001…: gateway 66 (mapping "15551230001") → carrier group 9 (default mapping)'],
    ],
  ])('%s', (_case, before, after, expected) => {
    expect(impact([], [], MONDAY_10, [before, after])).toEqual(expected);
  });

  it('orders by direction, to, from and lists each call once', () => {
    const before = rules([{ did: '2', servers: ['1'] }], [US, UK]);
    const after = rules(
      [{ did: '1', servers: ['1'] }],
      [
        { ...US, gwgroupid: '3' },
        { ...UK, gwgroupid: '3' },
        { ...UK, name: 'UK', gwgroupid: '3' },
      ],
    );
    const entries = routingImpact(before, after, MONDAY_10);
    expect(entries.map((e) => `${e.direction} ${e.to}`)).toEqual(['inbound 1', 'inbound 2', 'outbound 10', 'outbound 440']);
  });
});
