/**
 * A caller's sweep over the horizon repeats one period where every recurrence repeats
 * (routing/stretch-sweep.ts, model/time/repeat-segments.ts): held equal to sweeping every change
 * point of every day, as the analysis did before, in zones with clock changes. Compared whole: the
 * routing table (classes, decisions, windows, words) and the invariants (verdicts, counterexamples
 * with their instant and words, messages), the second copy of the modules loaded with the sweep
 * replaced by the day-by-day one written here. Cases with nothing to repeat (a week of office
 * hours, a day of the month) take the sweep change point by change point (routing/flat-sweep.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import type { RouteDecision } from '../../src/model/routing.js';
import type { Timerec } from '../../src/model/time/timerec.js';
import { timerecMatches } from '../../src/model/time/timerec-match.js';
import { parseTimerec } from '../../src/model/time/timerec.js';
import { expandStretches } from '../../src/model/time/stretch-runs.js';
import { exactChangePoints, horizonFor, windowOf, type Examined, type Stretch } from '../../src/model/time/windows.js';
import { routingTable } from '../../src/routing/classes.js';
import { decisionKey } from '../../src/routing/decide-class.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { stretchesOf } from '../../src/routing/stretch-sweep.js';
import { rules, type TestRoute } from './build.js';
import { BOOK, pad } from './invariant-fixtures.js';

type Modules = { classes: typeof import('../../src/routing/classes.js'); invariants: typeof import('../../src/routing/invariants.js') };

/** How many callers the day-by-day sweep cut: the second copy of the modules does call it. */
let sweptDayByDay = 0;

/** The sweep as it was: every change point of every recurrence over the whole horizon, in order, each a stretch. */
function dayByDay(recs: readonly Timerec[], examined: Examined, decide: (start: number, active: Iterable<number>) => RouteDecision[]) {
  sweptDayByDay++;
  const { from, to } = examined;
  const tz = examined.horizon.tz;
  const active = recs.map((r) => timerecMatches(r, windowOf({ from, to: from }).start, tz));
  const events = recs.flatMap((r, i) => exactChangePoints(r, tz, from, to).map((at) => ({ at, i }))).sort((a, b) => a.at - b.at);
  type Group = { decisions: RouteDecision[]; stretches: Stretch[] };
  const byCombination = new Map<string, Group>();
  const byKey = new Map<string, Group>();
  let last: Group | null = null;
  const stretch = (start: number, end: number): void => {
    const combination = active.map((a) => (a ? 1 : 0)).join('');
    let group = byCombination.get(combination);
    if (!group) {
      // The recurrences matching, by index: the shared decisions are keyed by them (decision-memo.ts).
      const decisions = decide(
        start,
        active.flatMap((a, i) => (a ? [i] : [])),
      );
      const key = decisions.map(decisionKey).join('\u0001');
      group = byKey.get(key) ?? { decisions, stretches: [] };
      byKey.set(key, group);
      byCombination.set(combination, group);
    }
    if (group === last) {
      const prev = group.stretches.pop() as Stretch;
      group.stretches.push({ from: prev.from, to: end });
    } else group.stretches.push({ from: start, to: end });
    last = group;
  };
  let start = from;
  for (let e = 0; e < events.length;) {
    const at = (events[e] as { at: number }).at;
    stretch(start, at);
    for (; e < events.length && (events[e] as { at: number }).at === at; e++) {
      const i = (events[e] as { i: number }).i;
      active[i] = !active[i];
    }
    start = at;
  }
  stretch(start, to);
  return [...byKey.values()];
}

let old: Modules;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('../../src/routing/stretch-sweep.js', async (original) => ({
    ...(await original<typeof import('../../src/routing/stretch-sweep.js')>()),
    stretchesOf: dayByDay,
  }));
  old = { classes: await import('../../src/routing/classes.js'), invariants: await import('../../src/routing/invariants.js') };
});
afterAll(() => {
  vi.doUnmock('../../src/routing/stretch-sweep.js');
});

/** K short daily windows by priority (minutes of several lengths), and the extra routes of a case. */
function routes(k: number, extra: readonly TestRoute[]): TestRoute[] {
  const daily = Array.from({ length: k }, (_, i) => {
    const minute = (i * 97 + 55) % 1440;
    return {
      name: `window ${i}`,
      prefix: '1',
      gwgroupid: String(1 + (i % 3)),
      priority: i + 1,
      timerec: `20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|${1 + (i % 3) * 29}M|daily`,
    };
  });
  return [...daily, ...extra, { name: 'default', prefix: '', gwgroupid: '1' }];
}

const leap: TestRoute = { name: 'leap day', prefix: '1', gwgroupid: '4', timerec: '20280229T000000|24H|yearly||4' };
const CASES: [string, TestRoute[]][] = [
  ['one-minute windows and a leap day', routes(5, [leap])],
  [
    'office hours on weekdays',
    routes(4, [{ name: 'office', prefix: '1', gwgroupid: '5', timerec: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' }]),
  ],
  [
    'a night across the hour the clocks skip, every other week, a leap day',
    routes(3, [
      { name: 'night', prefix: '1', gwgroupid: '5', timerec: '20260101T013000|2H|daily' },
      { name: 'fortnight', prefix: '1', gwgroupid: '6', timerec: '20270328T010000|2H|weekly||2' },
      leap,
    ]),
  ],
  [
    'windows that start and end within the horizon, a yearly day',
    routes(3, [
      { name: 'starts', prefix: '1', gwgroupid: '5', timerec: '20260308T020000|30M|daily' },
      { name: 'ends', prefix: '1', gwgroupid: '6', timerec: '20261101T013000|2H|daily|20281201T000000' },
      { name: 'july 4', prefix: '1', gwgroupid: '7', timerec: '20260704T000000|24H|yearly' },
    ]),
  ],
  [
    'a day of the month (no period)',
    routes(4, [{ name: 'mid-month', prefix: '1', gwgroupid: '5', timerec: '20260115T000000|24H|monthly' }]),
  ],
  [
    'a caller of its own, every third day, weekends',
    routes(3, [
      { name: 'area 2005', prefix: '1', from_prefix: '2005', gwgroupid: '5', timerec: '20270310T013000|90M|daily||3' },
      { name: 'weekends', prefix: '1', gwgroupid: '6', timerec: '20260103T220000|4H|daily|||SA,SU' },
      leap,
    ]),
  ],
];
// Per-customer LCR routes whose customers share their hours: the callers of one window share one
// cut of the horizon (routing/flat-sweep.ts), each decided by its own rules.
CASES.push([
  'customers sharing daily hours (a day: nothing to repeat)',
  routes(
    2,
    Array.from({ length: 6 }, (_, i) => ({
      name: `customer ${i}`,
      prefix: '1',
      from_prefix: String(2000 + i),
      gwgroupid: String(4 + (i % 3)),
      timerec: `20260101T${pad(8 + (i % 2))}3000|90M|daily`,
    })),
  ),
]);
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe'];
const INVARIANTS: Invariant[] = [
  { name: 'dead', kind: 'builtin', builtin: 'no_dead_rule' },
  { name: 'unreached', kind: 'builtin', builtin: 'no_unreached_group' },
  { name: 'premium', kind: 'never', set: { direction: 'outbound', to_prefix: '1900', from_prefix: '', during: '' } },
  {
    name: '2005 in office hours',
    kind: 'always',
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '2005', during: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' },
  },
  {
    name: 'never to group 2 at night',
    kind: 'never',
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '20260101T000000|6H|daily', reaches: { gateways: ['#2'] } },
  },
];

describe('the sweep that repeats one period gives what the day-by-day sweep gives', () => {
  describe.each(ZONES)('in %s', (tz) => {
    const start = { local: '2026-11-30T10:00:00', tz };
    it.each(CASES)('%s: the routing table, windows and words included', (_, list) => {
      const set = rules([], list);
      const now = routingTable(set, start);
      const swept = sweptDayByDay;
      expect(JSON.parse(JSON.stringify(now))).toEqual(JSON.parse(JSON.stringify(old.classes.routingTable(set, start))));
      expect(sweptDayByDay).toBeGreaterThan(swept);
    });
    it.each(CASES)('%s: the invariants, counterexamples and words included', (_, list) => {
      const set = rules([], list);
      const now = checkInvariants(set, INVARIANTS, start, BOOK);
      expect(JSON.parse(JSON.stringify(now))).toEqual(
        JSON.parse(JSON.stringify(old.invariants.checkInvariants(set, INVARIANTS, start, BOOK))),
      );
      // The cases break something: a counterexample compared, not two lists of `held`.
      expect(now.some((r) => r.counterexample !== undefined)).toBe(true);
    });
  });
});

describe('the sweep of one caller', () => {
  it.each(ZONES)('writes the days between clock changes as one period repeated, standing for the same stretches, in %s', (tz) => {
    const recs = routes(5, [leap]).flatMap((r) => {
      const parsed = r.timerec ? parseTimerec(r.timerec) : null;
      return parsed && 'value' in parsed && parsed.value ? [parsed.value] : [];
    });
    const examined = horizonFor(recs, '2026-11-30T10:00:00', tz);
    // Each combination of matching windows its own outcome: the moment it was first met.
    const decide = (at: number): RouteDecision[] => [
      { result: 'routed', rule: { kind: 'first met', key: String(at) } } as unknown as RouteDecision,
    ];
    const now = stretchesOf(recs, examined, decide);
    const before = dayByDay(recs, examined, decide);
    expect(now.map((g) => g.decisions)).toEqual(before.map((g) => g.decisions));
    expect(now.map((g) => expandStretches(g.stretches))).toEqual(before.map((g) => g.stretches));
    // Written shorter: some 1,460 stretches a group, a few dozen pieces.
    const pieces = now.reduce((n, g) => n + g.stretches.length, 0);
    expect(pieces * 20).toBeLessThan(before.reduce((n, g) => n + g.stretches.length, 0));
    expect(now.some((g) => g.stretches.some((p) => 'pattern' in p))).toBe(true);
  });
});

describe('a timeline swept again with the same outcomes', () => {
  it("takes the first sweep's stretches, standing for the same times, with its own decisions", () => {
    const recs = routes(5, [leap]).flatMap((r) => {
      const parsed = r.timerec ? parseTimerec(r.timerec) : null;
      return parsed && 'value' in parsed && parsed.value ? [parsed.value] : [];
    });
    const examined = horizonFor(recs, '2026-11-30T10:00:00', 'America/New_York');
    // Two tables deciding the same combinations alike, one decision apart (a probe set beside the rules).
    const decide =
      (tag: string) =>
      (_: number, active: Iterable<number>): RouteDecision[] => [
        { result: 'routed', rule: { kind: tag, key: [...active].join(',') } } as unknown as RouteDecision,
      ];
    const first = stretchesOf(recs, examined, decide('first'));
    const again = stretchesOf(recs, examined, decide('again'));
    expect(again.map((g) => g.decisions[0]?.rule?.kind)).toEqual(first.map(() => 'again'));
    expect(again.map((g) => expandStretches(g.stretches))).toEqual(first.map((g) => expandStretches(g.stretches)));
    // Not swept again (b682208 swept each, writing pieces of its own; it fails there): the same pieces.
    again.forEach((g, i) => g.stretches.forEach((p, k) => expect(p).toBe(first[i]?.stretches[k])));
    // Other outcomes, another sweep: each combination alone its own outcome but two merged.
    const merged = stretchesOf(recs, examined, (_, active) => [
      { result: 'routed', rule: { kind: 'merged', key: [...active].filter((i) => i !== 0).join(',') } } as unknown as RouteDecision,
    ]);
    expect(merged.length).toBeLessThan(first.length);
    expect(merged[0]?.stretches[0]).not.toBe(first[0]?.stretches[0]);
  });
});
