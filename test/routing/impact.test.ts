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
  return routingImpact(rules(mappings[0], before), rules(mappings[1], after), at).entries.map(describeImpact);
}

const swap = (routes: TestRoute[], name: string, to: TestRoute | null): TestRoute[] =>
  routes.flatMap((r) => (r.name === name ? (to ? [to] : []) : [r]));

describe('routingImpact: the classes of calls whose routing a change of rules alters, and when', () => {
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
      'change of the prefixless route: the class of numbers no prefix matches, with a representative',
      BASE,
      swap(BASE, 'Default Outbound Route', { ...DEFAULT, gwgroupid: '9' }),
      ['calls to every other number except 1…, 44… (e.g. 0): carrier group 1 → carrier group 9 (route "Default Outbound Route")'],
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

  it('change of time recurrence: the calls at the times it no longer covers move, whenever the plan is made', () => {
    const office = swap(BASE, 'UK', { ...UK, timerec: OFFICE });
    const moved = [
      'calls to 44…, always except Mon–Fri 09:00–17:00 Europe/London: carrier group 4 (route "UK") → carrier group 1 (route "Default Outbound Route")',
    ];
    // Once probed at the plan's instant only: nothing on a Monday morning, the move on a Sunday.
    expect(impact(BASE, office, MONDAY_10)).toEqual(moved);
    expect(impact(BASE, office, SUNDAY_10)).toEqual(moved);
  });

  it('a change at a long prefix meets the timed rule of a shorter one: its windows come from that recurrence', () => {
    const day = { name: 'Day', prefix: '2', gwgroupid: '2', timerec: '20260101T090000|8H|daily' };
    const found = routingImpact(rules([], [day, { name: 'R', prefix: '21', gwgroupid: '1' }]), rules([], [day]), MONDAY_10);
    expect(found.entries.map(describeImpact)).toEqual([
      'calls to 21…, every day 00:00–09:00, 17:00–24:00 Europe/London: carrier group 1 (route "R") → no route',
      'calls to 21…, every day 09:00–17:00 Europe/London: carrier group 1 (route "R") → carrier group 2 (route "Day")',
    ]);
  });

  it("plan --at: pinned to one instant, the impact is that instant's", () => {
    const office = swap(BASE, 'UK', { ...UK, timerec: OFFICE });
    const pinned = (at: CallTime) => routingImpact(rules([], BASE), rules([], office), at, { pinned: true });
    expect(pinned(MONDAY_10).entries).toEqual([]);
    expect(pinned(SUNDAY_10).entries.map(describeImpact)).toEqual([
      'calls to 44…, at 2026-12-27 10:00:00 Europe/London: carrier group 4 (route "UK") → carrier group 1 (route "Default Outbound Route")',
    ]);
    expect(pinned(SUNDAY_10).horizon.words).toBe('checked at 2026-12-27 10:00:00 Europe/London only (--at)');
  });

  it('an after-hours route moved to another gateway is found when planned in the morning', () => {
    const afterHours = { name: 'After hours', prefix: '1', gwgroupid: '2', timerec: '20260101T180000|6H|weekly|||MO,TU,WE,TH,FR' };
    const found = routingImpact(rules([], [DEFAULT, afterHours]), rules([], [DEFAULT, { ...afterHours, gwgroupid: '9' }]), {
      local: '2026-12-02T07:00:00',
      tz: 'America/New_York',
    });
    expect(found.horizon.words).toBe('checked over one week from Mon 2026-11-30 00:00 America/New_York');
    expect(found.entries.map(describeImpact)).toEqual([
      'calls to 1…, Mon–Fri 18:00–24:00 America/New_York: carrier group 2 → carrier group 9 (route "After hours")',
    ]);
  });

  it('LCR promote: callers from the From-prefix keep the route, other callers lose it', () => {
    const lcr = swap(BASE, 'UK', { ...UK, from_prefix: '1555' });
    expect(impact(BASE, lcr)).toEqual(['calls to 44…: carrier group 4 (route "UK") → carrier group 1 (route "Default Outbound Route")']);
    const entries = routingImpact(rules([], BASE), rules([], lcr), MONDAY_10).entries;
    expect(entries.map((e) => [e.direction, e.from, e.to, e.from_parts])).toEqual([['outbound', undefined, '44', []]]);
  });

  it('LCR demote: other callers get the route back', () => {
    const lcr = swap(BASE, 'UK', { ...UK, from_prefix: '1555' });
    expect(impact(lcr, BASE)).toEqual(['calls to 44…: carrier group 1 (route "Default Outbound Route") → carrier group 4 (route "UK")']);
  });

  it('LCR: a change of carrier shows the From-prefix of the calls it concerns', () => {
    const uk1555 = { name: 'UK from our 1555 numbers', prefix: '44', from_prefix: '1555', gwgroupid: '5' };
    const entries = routingImpact(rules([], [...BASE, uk1555]), rules([], [...BASE, { ...uk1555, gwgroupid: '7' }]), MONDAY_10).entries;
    expect(entries.map(describeImpact)).toEqual([
      'calls to 44… from …1555: carrier group 5 → carrier group 7 (route "UK from our 1555 numbers")',
    ]);
    expect(entries[0]).toMatchObject({ direction: 'outbound', prefix: '44', from_parts: ['1555'], from: '1555', to: '44', when: 'always' });
    expect(entries[0]!.before).toMatchObject({ result: 'routed', gwlist: '#5', rule: { key: 'UK from our 1555 numbers' } });
    // Decided at the start of its window: here the whole horizon, from the start of the plan's day.
    expect(entries[0]!.after).toMatchObject({ result: 'routed', gwlist: '#7', at: '2026-12-28T00:00:00 Europe/London' });
  });

  it('LCR: a change of From-prefix moves both groups of callers', () => {
    const uk1555 = { name: 'UK from 1555', prefix: '44', from_prefix: '1555', gwgroupid: '5' };
    expect(impact([...BASE, uk1555], [...BASE, { ...uk1555, from_prefix: '1666' }])).toEqual([
      'calls to 44… from …1555: carrier group 5 (route "UK from 1555") → carrier group 4 (route "UK")',
      'calls to 44… from …1666: carrier group 4 (route "UK") → carrier group 5 (route "UK from 1555")',
    ]);
  });

  it('a caller holding a longer From part of another LCR route is a class of its own, which the change leaves alone', () => {
    const a = { name: 'A', prefix: '44', from_prefix: '1555', gwgroupid: '5' };
    const b = { name: 'B', prefix: '44', from_prefix: '15550', gwgroupid: '6' };
    const entries = routingImpact(rules([], [...BASE, a, b]), rules([], [...BASE, { ...a, gwgroupid: '7' }, b]), MONDAY_10).entries;
    expect(entries.map((e) => [e.from, e.from_parts])).toEqual([['1555', ['1555']]]);
  });

  it('a class leaves out the longer prefixes of other rules', () => {
    const taken = Array.from({ length: 3 }, (_, d) => ({ name: `UK ${d}`, prefix: `44${d}`, gwgroupid: '9' }));
    const entries = routingImpact(
      rules([], [...BASE, ...taken]),
      rules([], [...swap(BASE, 'UK', { ...UK, gwgroupid: '7' }), ...taken]),
      MONDAY_10,
    ).entries;
    expect(entries.map((e) => [e.prefix, e.except, e.to])).toEqual([['44', ['440', '441', '442'], '44']]);
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

  it('orders by direction, prefix, From and lists each class once', () => {
    const before = rules([{ did: '2', servers: ['1'] }], [US, UK]);
    const after = rules(
      [{ did: '1', servers: ['1'] }],
      [
        { ...US, gwgroupid: '3' },
        { ...UK, gwgroupid: '3' },
        { ...UK, name: 'UK', gwgroupid: '3' },
      ],
    );
    const entries = routingImpact(before, after, MONDAY_10).entries;
    expect(entries.map((e) => `${e.direction} ${e.to}`)).toEqual(['inbound 1', 'inbound 2', 'outbound 1', 'outbound 44']);
  });
});
