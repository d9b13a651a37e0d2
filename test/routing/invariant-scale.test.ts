import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import type { RuleSet } from '../../src/routing/types.js';
import { rules, type TestRoute } from './build.js';
import { BOOK, customers, holidays, pad, START } from './invariant-fixtures.js';

/**
 * The invariant check at an ITSP's size (issue 36 §2) does work about linear in the rules: an
 * invariant by caller decides a tie per LCR route its callers can tie with, and each tie's
 * candidates (routing/match.ts) and each tie's gateways (no_unreached_group) used to be found by
 * scanning every rule: K ties × K rules. Counted as reads of the rule list, not timed.
 */
// Counts how often a recurrence's changes are asked for: once per recurrence each time a caller's
// horizon is cut (routing/decide-class.ts), so it counts the callers decided over time; and how many
// of those changes the sweeps read (each read was a stretch built, before one period was repeated).
// The sweeps take each recurrence's changes as a list read where asked (model/time/point-list.ts):
// the changes it stands for are counted, and those it hands out read.
const asked = vi.hoisted(() => ({ count: 0, points: 0, read: 0 }));
vi.mock('../../src/model/time/windows.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/windows.js')>();
  return {
    ...real,
    changePointList: (...args: Parameters<typeof real.changePointList>) => {
      asked.count++;
      const list = real.changePointList(...args);
      asked.points += list.length;
      return new Proxy(list, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target) as unknown;
          if (typeof value !== 'function') return value;
          return (...a: unknown[]): unknown => {
            const out = (value as (...b: unknown[]) => unknown).apply(target, a);
            if (prop === 'between' || prop === 'all') asked.read += (out as readonly number[]).length;
            return out;
          };
        },
      });
    },
  };
});

// Counts how often a recurrence is asked whether it matches at a wall second (model/time/windows.ts
// asks it at each moment its answer may change).
const questions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/model/time/timerec-match.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/timerec-match.js')>();
  return {
    ...real,
    timerecMatchesWall: (...args: Parameters<typeof real.timerecMatchesWall>) => {
      questions.count++;
      return real.timerecMatchesWall(...args);
    },
  };
});

// Counts the calls the simulation decides by their caller (routing/decide-class.ts decides each
// caller of a class through routeCall).
const routed = vi.hoisted(() => ({ froms: [] as string[], tos: [] as string[] }));
vi.mock('../../src/routing/match.js', async (original) => {
  const real = await original<typeof import('../../src/routing/match.js')>();
  return {
    ...real,
    routeCall: (...args: Parameters<typeof real.routeCall>) => {
      routed.froms.push(args[1].from);
      routed.tos.push(args[1].to);
      return real.routeCall(...args);
    },
  };
});

const INVARIANTS: Invariant[] = [
  { name: 'dead', kind: 'builtin', builtin: 'no_dead_rule' },
  { name: 'unreached', kind: 'builtin', builtin: 'no_unreached_group' },
  {
    name: 'area 2007 never to gateway 9',
    kind: 'never',
    set: { direction: 'outbound', to_prefix: '', from_prefix: '2007', during: '', reaches: { gateways: ['9'] } },
  },
];

/** The set with its rule list counting each element read. */
function counted(set: RuleSet): { set: RuleSet; reads: () => number } {
  let n = 0;
  const list = new Proxy(set.rules, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && /^\d+$/.test(prop)) n++;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { set: { ...set, rules: list }, reads: () => n };
}

describe('the invariant check reads the rules about linearly', () => {
  it.each([200, 400])('K = %i per-customer LCR routes, an invariant by caller: at most 30 reads per rule', (k) => {
    const { set, reads } = counted(rules([], customers(k)));
    const results = checkInvariants(set, INVARIANTS, START, BOOK);
    // Every rule is taken by some call (each customer's own, in its hour); none reaches a gateway 9.
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'held']);
    expect(reads()).toBeLessThan(30 * (k + 1));
  });
});

/** K one-minute daily routes on prefix 1 and one every four years (bench/lib/itsp-fixtures.mjs `minutes`), no LCR route. */
function minutes(k: number, shift = 0): TestRoute[] {
  return Array.from({ length: k }, (_, i) => {
    if (i === k - 1) return { name: 'leap day', prefix: '1', gwgroupid: '1', timerec: '20280229T000000|24H|yearly||4' };
    const minute = (i * 9 + shift) % 1440;
    return {
      name: `minute ${i}`,
      prefix: '1',
      gwgroupid: String(1 + (i % 9)),
      priority: i + 1,
      timerec: `20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`,
    };
  });
}

describe('callers that route alike are decided once', () => {
  beforeEach(() => {
    asked.count = 0;
  });

  it('a set by caller beside the built-ins: the class is cut over its horizon once, not once per caller', () => {
    const k = 12;
    const set = rules([], minutes(k));
    const byCaller: Invariant = {
      name: 'area 2007 always routed',
      kind: 'always',
      set: { direction: 'outbound', to_prefix: '1', from_prefix: '2007', during: '' },
    };
    const results = checkInvariants(set, [INVARIANTS[0]!, byCaller], START, BOOK);
    // No LCR route: the caller 2007 routes as a call with no caller does, and is decided as one; its
    // counterexample still names it, and routes as it says.
    expect(results[1]?.status).toBe('violated');
    expect(results[1]?.counterexample?.from).toBe('2007');
    expect(results[1]?.counterexample?.decision.from).toBe('2007');
    // Class 1 (K recurrences) cut once; the numbers no prefix matches meet none.
    expect(asked.count).toBe(k);
  });
});

describe('a table of sets only is decided as far as its sets read', () => {
  beforeEach(() => {
    asked.count = 0;
  });

  it('an area in office hours, broken by its first tie: a few callers decided, not one per LCR route', () => {
    const k = 60;
    const set = rules([], customers(k));
    const office: Invariant = {
      name: 'area 2005 routed in office hours',
      kind: 'always',
      set: { direction: 'outbound', to_prefix: '1', from_prefix: '2005', during: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' },
    };
    const [result] = checkInvariants(set, [office], START, BOOK);
    // The same verdict and call as when every caller was decided: 2005 itself, outside its hour.
    expect(result?.status).toBe('violated');
    expect(result?.counterexample?.from.startsWith('2005')).toBe(true);
    const c = result!.counterexample!;
    const again = routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at });
    expect([again.result, again.rule?.key, again.gwlist]).toEqual([c.decision.result, c.decision.rule?.key, c.decision.gwlist]);
    // Each caller decided asks the changes of its route's hour and of the window: K callers, 2K.
    expect(asked.count).toBeLessThan(10);
  });
});

describe('a recurrence that repeats is asked over its period, not every day of the horizon', () => {
  beforeEach(() => {
    questions.count = 0;
  });

  it('one-minute daily windows and one every four years: under 500 questions per recurrence, not a few a day for four years', () => {
    const k = 40;
    const set = rules([], minutes(k));
    const results = checkInvariants(set, [INVARIANTS[0]!], START, BOOK);
    // Every rule is taken in its minute (the leap day's on its day): the same verdict as asking every day.
    expect(results.map((r) => r.status)).toEqual(['held']);
    // The four-yearly one is still asked day by day; the K - 1 daily ones over one day between the
    // moments where real time enters (the clock changes), and around those: 128,508 questions in
    // all before, some 8,300 now.
    expect(questions.count).toBeLessThan(500 * k);
  });
});

/** K per-customer LCR routes on prefix 1, no window (bench/lib/itsp-fixtures.mjs `lcr`), and a catch-all. */
function untimed(k: number): TestRoute[] {
  return customers(k).map(({ timerec: _, ...route }) => route);
}

describe('callers of a from_prefix that the LCR routes surely tie are decided once', () => {
  beforeEach(() => {
    routed.froms = [];
    routed.tos = [];
  });

  const decidedFrom = (prefix: string): number => routed.froms.filter((f) => f.startsWith(prefix)).length;

  it.each([200, 400])('K = %i: a by-caller set that holds, beside the built-ins: a few calls from 2007, not one per LCR route', (k) => {
    const set = rules([], untimed(k));
    const together = checkInvariants(set, INVARIANTS, START, BOOK);
    const fromArea = decidedFrom('2007');
    // The built-ins' reports are those they get alone (where no caller starting with 2007 is decided).
    const alone = INVARIANTS.slice(0, 2).map((inv) => checkInvariants(set, [inv], START, BOOK)[0]);
    expect(together.slice(0, 2)).toEqual(alone);
    expect(together.map((r) => r.status)).toEqual(['held', 'held', 'held']);
    // "2007" alone, the first caller holding 2007 and another customer's part (ambiguous, as every
    // such caller is), and the class of numbers no prefix begins: K + 1 calls before.
    expect(fromArea).toBeLessThan(10);
  });

  it('a by-caller set broken by a tie: the same first call, decided by the simulation, as when every caller was decided', () => {
    const set = rules([], untimed(60));
    const always: Invariant = {
      name: 'area 2007 always routed',
      kind: 'always',
      set: { direction: 'outbound', to_prefix: '1', from_prefix: '2007', during: '' },
    };
    const [result] = checkInvariants(set, [INVARIANTS[0]!, always], START, BOOK).slice(1);
    const c = result!.counterexample!;
    // 2007 alone takes its own route; the first caller holding another customer's part too is tied.
    expect([result?.status, c.from, c.to, c.decision.result]).toEqual(['violated', '20072000', '1', 'ambiguous']);
    const again = routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at });
    expect(again.candidates?.map((r) => r.key)).toEqual(c.decision.candidates?.map((r) => r.key));
    expect(again.candidates).toHaveLength(2);
    expect(decidedFrom('2007')).toBeLessThan(10);
  });
});

describe('a set with a window is not cut by its window where the rules never break it', () => {
  beforeEach(() => {
    asked.count = 0;
  });

  const office = (kind: 'always' | 'never'): Invariant => ({
    name: `area 2005 ${kind} routed in office hours`,
    kind,
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '2005', during: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' },
  });

  it('K yearly recurrences, every call routed: each class cut at its own recurrence only, not at the office hours too', () => {
    const k = 40;
    const set = rules([], holidays(k));
    const [result] = checkInvariants(set, [office('always')], START, BOOK);
    expect(result?.status).toBe('held');
    // One cut per class (its yearly recurrence), none by the window: 2K before.
    expect(asked.count).toBeLessThanOrEqual(k + 2);
  });

  it('the same rules against a set they break: the call in office hours, as when every class was cut by the window', () => {
    const set = rules([], holidays(40));
    const [result] = checkInvariants(set, [office('never')], START, BOOK);
    const c = result!.counterexample!;
    // Class 1 (numbers under 1 but no holiday's) comes first; the window's first moment in the horizon.
    expect([result?.status, c.to, c.from, c.at.local]).toEqual(['violated', '1', '2005', '2026-01-05T09:00:00']);
    const again = routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at });
    expect([again.result, again.rule?.key]).toEqual([c.decision.result, c.decision.rule?.key]);
  });
});

describe('the class a probe makes is decided only as far as the sets read it', () => {
  beforeEach(() => {
    routed.tos = [];
  });

  it('K = 200 per-customer LCR routes, never 1900 beside the built-ins: a few calls to 1900, not one per caller', () => {
    const k = 200;
    const set = rules([], untimed(k));
    const premium: Invariant = {
      name: 'premium never',
      kind: 'never',
      set: { direction: 'outbound', to_prefix: '1900', from_prefix: '', during: '' },
    };
    const all = [...INVARIANTS, premium];
    const together = checkInvariants(set, all, START, BOOK);
    const toPremium = routed.tos.filter((t) => t === '1900').length;
    // The built-ins' reports are those they get alone (with no probe at 1900); the set breaks at its first caller.
    expect(together.slice(0, 2)).toEqual(all.slice(0, 2).map((inv) => checkInvariants(set, [inv], START, BOOK)[0]));
    expect(together.map((r) => r.status)).toEqual(['held', 'held', 'held', 'violated']);
    const c = together[3]!.counterexample!;
    expect([c.to, c.from, c.decision.result, c.decision.rule?.key]).toEqual(['1900', '', 'routed', 'default']);
    // Every caller of class 1900 (K customers, their tie and no caller) was decided for the built-ins: K + 2 before.
    expect(toPremium).toBeLessThan(10);
  });
});

describe('a caller whose recurrences repeat is swept over one period, not every day of the horizon', () => {
  beforeEach(() => {
    asked.points = 0;
    asked.read = 0;
  });

  const office: Invariant = {
    name: 'routed in office hours',
    kind: 'always',
    set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' },
  };

  // Windows of their own (`shift`): a caller's combinations of the same recurrences are found once
  // and kept (routing/combination-timeline.ts), so windows another test decided would read nothing.
  it.each([
    ['the built-ins', INVARIANTS[0]!, 'held', 1],
    ['a set in office hours', office, 'violated', 2],
  ])('one-minute daily windows and one every four years, %s: a few of the changes read, not all of them', (_, invariant, status, shift) => {
    const k = 40;
    const set = rules([], minutes(k, shift));
    const results = checkInvariants(set, [invariant], START, BOOK);
    // The same verdicts as when every day was swept: every rule taken in its minute; calls between
    // the minutes are routed by nothing (no catch-all), in office hours too.
    expect(results.map((r) => r.status)).toEqual([status]);
    // Each change of each recurrence was read and made a stretch: some 114,000 for the K - 1 daily
    // ones over four years. Now those within a day of a clock change, and one period (a day; a week
    // with the office hours' weekdays) between two clock changes, repeated unread.
    expect(asked.points).toBeGreaterThan(100_000);
    expect(asked.read).toBeLessThan(asked.points / 4);
  });
});
