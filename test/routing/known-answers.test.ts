import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invariant } from '../../src/model/invariant.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import { decisionTables } from '../../src/routing/prepared.js';
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';
import { timerecMatches } from '../../src/model/time/timerec-match.js';
import { rules, type TestRoute } from './build.js';
import { BOOK, minuteWindows, START } from './invariant-fixtures.js';

/**
 * A sweep of the horizon decides each combination of matching recurrences at a moment where it
 * knows which match (routing/stretch-sweep.ts); the simulation is told them (routing/known-answers.ts)
 * instead of asking each rule's recurrence again (issue 36 §2: 25,761 questions for 320
 * combinations of 160 one-minute windows). Counted as questions to the rules' matchers, not timed.
 */
// Counts how often a rule's matcher (made by the loader, routing/load.ts) is asked at a call's time.
const questions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/model/time/timerec-match.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/timerec-match.js')>();
  return {
    ...real,
    timerecMatcher: (parsed: Parameters<typeof real.timerecMatcher>[0]) => {
      const made = real.timerecMatcher(parsed);
      return made === null
        ? null
        : (local: string, tz: string) => {
            questions.count++;
            return made(local, tz);
          };
    },
  };
});

// Counts the rules a simulation tries (each asked whether its recurrence holds, told or not).
const tried = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/routing/known-answers.js', async (original) => {
  const real = await original<typeof import('../../src/routing/known-answers.js')>();
  return {
    ...real,
    holds: (...args: Parameters<typeof real.holds>) => {
      tried.count++;
      return real.holds(...args);
    },
  };
});

/** K routes on prefix 1 under the catch-all: K - 1 one-minute daily windows and a leap day. */
const minutes = (k: number): TestRoute[] => minuteWindows(k - 1);

const PREMIUM: Invariant = {
  name: 'premium',
  kind: 'never',
  set: { direction: 'outbound', to_prefix: '1900', from_prefix: '', during: '' },
};
const EVERY_HOUR: Invariant = {
  name: 'every hour',
  kind: 'always',
  set: { direction: 'outbound', to_prefix: '1', from_prefix: '', during: '' },
};
const OFFICE: Invariant = {
  name: 'office hours',
  kind: 'always',
  set: { direction: 'outbound', to_prefix: '1', from_prefix: '2005', during: '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR' },
};
const DEAD: Invariant = { name: 'dead', kind: 'builtin', builtin: 'no_dead_rule' };

function rec(text: string): Timerec {
  const parsed = parseTimerec(text);
  if (!('value' in parsed) || parsed.value === null) throw new Error(text);
  return parsed.value;
}

describe('a sweep tells the simulation which recurrences match', () => {
  beforeEach(() => {
    questions.count = 0;
  });

  it("40 one-minute windows and a leap day over four years: no rule's recurrence asked, the same counterexample", () => {
    const results = checkInvariants(rules([], minutes(40)), [DEAD, PREMIUM, EVERY_HOUR, OFFICE], START, BOOK);
    // Every combination the sweeps met was simulated asking the rules' recurrences on 7633faa (1,640
    // questions; it fails there); none now: the sweeps say which match.
    expect(questions.count).toBe(0);
    expect(results.map((r) => r.status)).toEqual(['held', 'violated', 'held', 'held']);
    const c = results[1]?.counterexample;
    // The first call of the horizon to 1900, at the first moment of its stretch, by the first window's route.
    expect({ to: c?.to, from: c?.from, at: c?.at, took: c?.took, when: c?.when }).toEqual({
      to: '1900',
      from: '',
      at: { local: '2026-01-01T00:00:00', tz: 'America/New_York' },
      took: 'route "Minute 0" (prefix "1", priority 1) to #1',
      when: 'Thu 2026-01-01 00:00–00:01:01; daily Fri 2026-01-02 to Mon 2029-12-31 00:00–00:01 America/New_York',
    });
    // The combination's decision replays through the simulation asked at that moment.
    questions.count = 0;
    const replay = routeCall(rules([], minutes(40)), { direction: 'outbound', from: '', to: '1900', at: c!.at }, { explain: false });
    expect(replay.rule?.key).toBe('Minute 0');
    expect(c?.decision.rule?.key).toBe('Minute 0');
    expect(questions.count).toBeGreaterThan(0);
  });
});

describe('routeCall with known answers', () => {
  const set = rules([], minutes(6));
  const table = decisionTables(set);
  const recs = [...table.groups.get(8000)!.values()].flat().flatMap((r) => (r.rec === null ? [] : [r.rec]));

  beforeEach(() => {
    questions.count = 0;
  });

  it.each([
    ['2026-12-01T00:09:00', 'in the second window'],
    ['2026-12-01T00:09:59', 'at its last second'],
    ['2026-12-01T00:10:00', 'just after it'],
    ['2028-02-29T00:00:30', 'on the leap day, in the first window'],
    ['2028-02-29T12:00:00', 'on the leap day, no window'],
  ])('decides at %s (%s) as when asking', (local) => {
    const at = { local, tz: 'America/New_York' };
    const matching = new Set(recs.filter((r) => timerecMatches(r, local, at.tz)));
    questions.count = 0;
    const told = routeCall(
      set,
      { direction: 'outbound', from: '', to: '1555', at },
      { explain: false, answers: { known: new Set(recs), matching } },
    );
    expect(questions.count).toBe(0);
    expect(told).toEqual(routeCall(set, { direction: 'outbound', from: '', to: '1555', at }, { explain: false }));
  });

  it('asks a recurrence it is not told about, and believes what it is told', () => {
    const at = { local: '2026-12-01T00:09:00', tz: 'America/New_York' };
    const second = rec('20260101T000900|1M|daily');
    // Told of the others only: the second window is asked, and matches.
    const told = routeCall(
      set,
      { direction: 'outbound', from: '', to: '1555', at },
      { explain: false, answers: { known: new Set(recs.filter((r) => r !== second)), matching: new Set() } },
    );
    expect(questions.count).toBeGreaterThan(0);
    expect(told.rule?.key).toBe('Minute 1');
    // Told that nothing matches, the catch-all takes it: the answers are the sweep's, not asked again.
    const none = routeCall(
      set,
      { direction: 'outbound', from: '', to: '1555', at },
      { explain: false, answers: { known: new Set(recs), matching: new Set() } },
    );
    expect(none.rule?.key).toBe('Default');
  });

  it('tries only the rules that may hold: 160 one-minute windows by priority, none or one open', () => {
    const many = rules([], minutes(160));
    const all = [...decisionTables(many).groups.get(8000)!.values()].flat().flatMap((r) => (r.rec === null ? [] : [r.rec]));
    const known = new Set(all);
    const at = { local: '2026-12-01T00:09:30', tz: 'America/New_York' };
    const call = { direction: 'outbound', from: '', to: '1555', at } as const;
    const open = new Set(all.filter((r) => timerecMatches(r, at.local, at.tz)));
    expect(open.size).toBe(1);
    tried.count = 0;
    const told = routeCall(many, call, { explain: false, answers: { known, matching: open } });
    // The window open and nothing else at prefix 1; then the catch-all's prefixless level. Every
    // rule of prefix 1 above the open one was tried before (158 on 7761bfc; it fails there).
    expect(tried.count).toBeLessThanOrEqual(2);
    expect(told).toEqual(routeCall(many, call, { explain: false }));
    tried.count = 0;
    const none = routeCall(many, call, { explain: false, answers: { known, matching: new Set() } });
    expect(tried.count).toBeLessThanOrEqual(1);
    expect(none.rule?.key).toBe('Default');
  });
});
