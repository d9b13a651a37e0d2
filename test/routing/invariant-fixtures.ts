// What the invariant check's scale tests share: an empty name book, the analysis's start, and the
// bench's per-customer shape with a daily window each (bench/lib/itsp-fixtures.mjs `lcrTimed`).
// Types only from src/, so a test that mocks a routing module still loads this file first.
import type { Invariant } from '../../src/model/invariant.js';
import type { TestRoute } from './build.js';

/** No names of groups, lists or gateways: the checks word ids. */
export const BOOK = { groups: new Map(), lists: new Map(), unnumbered: new Map(), gateways: new Map() };

/** The start of every analysis of these tests, in a zone with clock changes. */
export const START = { local: '2026-11-30T00:00:00', tz: 'America/New_York' } as const;

/** Two digits. */
export const pad = (n: number): string => String(n).padStart(2, '0');

/** K per-customer LCR routes on prefix 1, each open one hour a day, and a catch-all (bench/lib/itsp-fixtures.mjs `lcrTimed`). */
export function customers(k: number): TestRoute[] {
  const out: TestRoute[] = Array.from({ length: k }, (_, i) => {
    const minute = (i * 7) % 1440;
    return {
      name: `cust ${i}`,
      prefix: '1',
      from_prefix: String(2000 + i),
      gwgroupid: String(1 + (i % 9)),
      timerec: `20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1H|daily`,
    };
  });
  return [...out, { name: 'default', prefix: '', gwgroupid: '1' }];
}

/** K per-customer LCR routes on prefix 1, customer i open one hour a day at hour i mod `hours`, and a catch-all. */
export function sharingHours(k: number, hours: number): TestRoute[] {
  const out: TestRoute[] = Array.from({ length: k }, (_, i) => ({
    name: `cust ${i}`,
    prefix: '1',
    from_prefix: String(2000 + i),
    gwgroupid: String(1 + (i % 9)),
    timerec: `20260101T${pad(8 + (i % hours))}0000|1H|daily`,
  }));
  return [...out, { name: 'default', prefix: '', gwgroupid: '1' }];
}

/** K per-customer LCR routes on prefix 1 at every hour (bench/lib/itsp-fixtures.mjs `lcr`), a catch-all, then `more`. */
export function customersAtEveryHour(k: number, more: TestRoute[] = []): TestRoute[] {
  const out: TestRoute[] = Array.from({ length: k }, (_, i) => ({
    name: `Customer ${i}`,
    prefix: '1',
    gwgroupid: String(1 + (i % 9)),
    from_prefix: String(2000 + i),
  }));
  return [...out, { name: 'Default', prefix: '', gwgroupid: '1' }, ...more];
}

/**
 * K prefixes, each with its own yearly recurrence on a day `daysApart` after the one before (from
 * 2026-01-01; `every`: the recurrence's tail, `||4` for every four years), and a catch-all
 * (bench/lib/itsp-fixtures.mjs `yearly`).
 */
export function holidays(k: number, daysApart = 1, every = ''): TestRoute[] {
  const out: TestRoute[] = Array.from({ length: k }, (_, i) => {
    const day = new Date(Date.UTC(2026, 0, 1 + i * daysApart));
    const date = `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}`;
    return {
      name: `holiday ${i}`,
      prefix: String(100_000 + i),
      gwgroupid: String(1 + (i % 9)),
      timerec: `${date}T000000|24H|yearly${every}`,
    };
  });
  return [...out, { name: 'default', prefix: '', gwgroupid: '1' }];
}

/**
 * `windows` one-minute daily routes on prefix 1, nine minutes apart, by priority, a leap day every
 * four years above them and a catch-all (bench/lib/itsp-fixtures.mjs `minutes`).
 */
export function minuteWindows(windows: number): TestRoute[] {
  const out: TestRoute[] = Array.from({ length: windows }, (_, i) => {
    const minute = (i * 9) % 1440;
    return {
      name: `Minute ${i}`,
      prefix: '1',
      gwgroupid: String(1 + (i % 9)),
      priority: i + 1,
      timerec: `20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`,
    };
  });
  return [
    ...out,
    { name: 'Leap day', prefix: '1', gwgroupid: '1', priority: 0, timerec: '20280229T000000|24H|yearly||4' },
    { name: 'Default', prefix: '', gwgroupid: '1' },
  ];
}

/** The office hours of the bench's block: weekdays 09:00-17:00. */
export const OFFICE = '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR';

/**
 * The bench's block (bench/invariants.mjs `INVARIANTS`): the four built-ins and four sets, one with
 * a window, two by caller; the office-hours set `always` or `never`, on numbers under `to`.
 */
export function benchBlock(office: 'always' | 'never' = 'always', to = '1'): Invariant[] {
  return [
    { name: 'dids', kind: 'builtin', builtin: 'every_did_routed' },
    { name: 'dead', kind: 'builtin', builtin: 'no_dead_rule' },
    { name: 'unreached', kind: 'builtin', builtin: 'no_unreached_group' },
    { name: 'inbound', kind: 'builtin', builtin: 'inbound_never_to_carrier' },
    { name: 'premium', kind: 'never', set: { direction: 'outbound', to_prefix: '1900', from_prefix: '', during: '' } },
    { name: 'us', kind: 'always', set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '' } },
    { name: 'office', kind: office, set: { direction: 'outbound', to_prefix: to, from_prefix: '2005', during: OFFICE } },
    {
      name: 'gateway 9',
      kind: 'never',
      set: { direction: 'outbound', to_prefix: '', from_prefix: '2007', during: '', reaches: { gateways: ['9'] } },
    },
  ];
}
