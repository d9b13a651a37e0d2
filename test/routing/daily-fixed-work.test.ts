import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandidateOutcome, DecidedRule, RouteDecision } from '../../src/model/routing.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { decisionKey, sameDecision } from '../../src/routing/stretch-sweep.js';
import { rules } from './build.js';
import { benchBlock, BOOK, customers, START } from './invariant-fixtures.js';

/**
 * What the invariant check does once per customer on K per-customer LCR routes with a daily window
 * each (issue 36 §2, the bench's `lcrTimed` shape), beyond deciding the customer: work that does
 * not depend on the customer, or that its answer does not need, done again for each. Counted, not
 * timed (the cuts' and decisions' results are held to the day-by-day sweep in stretch-sweep.test.ts
 * and periodic-points.test.ts, the counterexamples replayed in invariant-daily.test.ts):
 * - the horizon's start read as a call's moment (its wall time written, parsed and placed in the
 *   zone) for each window asked whether it matches there (routing/start-answers.ts);
 * - a window's change points over a day found after working out where it repeats and where real
 *   time enters (model/time/change-points.ts `piecesOf`): over two periods or less nothing repeats;
 * - lists sorted and joined for one or two items: the parts a From holds (routing/callers.ts
 *   `partsIn`, each From of `from_prefix` 2007's list), the key of a combination of one recurrence
 *   or none (decision-memo.ts `comboOf`, each decision), a caller's outcomes written as keys to be
 *   told apart (flat-sweep.ts), a caller's recurrences met in order (caller-recs.ts).
 */
const asked = vi.hoisted(() => ({ startRead: 0, repeats: 0 }));
vi.mock('../../src/model/time/timerec-match.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/timerec-match.js')>();
  return {
    ...real,
    // Each reads a call's local time as a moment of the zone.
    timerecMatches: (...args: Parameters<typeof real.timerecMatches>) => {
      asked.startRead++;
      return real.timerecMatches(...args);
    },
    matchesAtCall: (...args: Parameters<typeof real.matchesAtCall>) => {
      asked.startRead++;
      return real.matchesAtCall(...args);
    },
  };
});
vi.mock('../../src/model/time/periodic-points.js', async (original) => {
  const real = await original<typeof import('../../src/model/time/periodic-points.js')>();
  return {
    ...real,
    // A recurrence's change points cut where real time enters and repeated between (change-points.ts).
    periodicPieces: (...args: Parameters<typeof real.periodicPieces>) => {
      asked.repeats++;
      return real.periodicPieces(...args);
    },
  };
});

const INVARIANTS = benchBlock();

/** The check of K customers, with the runtime's sorts counted. */
function check(k: number): { statuses: string[]; counterexamples: unknown[]; sorts: number; joins: number } {
  const set = rules([], customers(k));
  asked.startRead = 0;
  asked.repeats = 0;
  const sort = vi.spyOn(Array.prototype, 'sort');
  const join = vi.spyOn(Array.prototype, 'join');
  const results = checkInvariants(set, INVARIANTS, START, BOOK);
  const sorts = sort.mock.calls.length;
  const joins = join.mock.calls.length;
  sort.mockRestore();
  join.mockRestore();
  return {
    statuses: results.map((r) => r.status),
    counterexamples: results.map((r) => r.counterexample && [r.counterexample.to, r.counterexample.from, r.counterexample.at.local]),
    sorts,
    joins,
  };
}

describe('a daily window each: work per customer that is not the customer', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([200, 400])('K = %i: the horizon start read once, change points found at once, two parts not sorted', (k) => {
    const { statuses, counterexamples, sorts, joins } = check(k);
    expect(statuses).toEqual(['held', 'held', 'held', 'held', 'violated', 'violated', 'violated', 'held']);
    expect(counterexamples).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      ['1900', '', '2026-11-30T00:00:00'],
      ['1', '2000', '2026-11-30T01:00:00'],
      ['1', '2005', '2026-11-30T09:00:00'],
      undefined,
    ]);
    // The base read the start once per window (K, and the tables' two); now once per horizon.
    expect(asked.startRead).toBeLessThan(10);
    // The base worked out where each window repeats over a day (once per window not met before in
    // this process: 202 at K = 200); now only over a horizon of more than two periods (none here).
    expect(asked.repeats).toBeLessThan(10);
    // The base sorted some 9 lists per customer (the parts of each From of 2007's list, a caller's
    // recurrences, a combination of one); now some 4.
    expect(sorts).toBeLessThan(5 * k);
    // The base joined some 11 lists per customer (a key per combination of one recurrence or none,
    // one per outcome met); now some 5.
    expect(joins).toBeLessThan(8 * k);
  });
});

/** A rule as a decision names it. */
const rule = (key: string, kind: DecidedRule['kind'] = 'outbound_route'): DecidedRule => ({
  kind,
  key,
  group: 9000,
  prefix: '1',
  priority: 0,
});
/** A decision of the call from 2000 to 1, its other fields as given. */
const decision = (d: Partial<RouteDecision> & Pick<RouteDecision, 'result'>): RouteDecision => ({
  direction: 'outbound',
  from: '2000',
  to: '1',
  at: '2026-11-30T00:00:00 America/New_York',
  candidates: [],
  steps: [],
  ...d,
});
const A = rule('a');
const B = rule('b');
const tie = (outcomes: CandidateOutcome[]): RouteDecision =>
  decision({ result: 'ambiguous', candidates: outcomes.map((o) => o.candidate), outcomes });

describe('outcomes told apart field by field, as their keys tell them apart', () => {
  // Pairs that are one outcome and pairs that are not: the comparison is the keys' equality.
  it.each<[string, RouteDecision, RouteDecision]>([
    [
      'the same rule and gateways, other calls',
      decision({ result: 'routed', rule: A, gwlist: '1' }),
      decision({ result: 'routed', rule: A, gwlist: '1', from: '2001', at: 'x' }),
    ],
    [
      'other words for the same gateways',
      decision({ result: 'routed', rule: A, gwlist: '1', gwlist_words: 'one' }),
      decision({ result: 'routed', rule: A, gwlist: '1' }),
    ],
    ['another rule', decision({ result: 'routed', rule: A, gwlist: '1' }), decision({ result: 'routed', rule: B, gwlist: '1' })],
    [
      'another kind of rule',
      decision({ result: 'routed', rule: A, gwlist: '1' }),
      decision({ result: 'routed', rule: rule('a', 'inbound_mapping'), gwlist: '1' }),
    ],
    ['other gateways', decision({ result: 'routed', rule: A, gwlist: '1' }), decision({ result: 'routed', rule: A, gwlist: '2' })],
    ['no gateways and empty ones', decision({ result: 'no_route' }), decision({ result: 'no_route', gwlist: '' })],
    ['routed and not', decision({ result: 'routed', rule: A, gwlist: '1' }), decision({ result: 'no_route', rule: A, gwlist: '1' })],
    [
      'a tie of the same outcomes',
      tie([{ candidate: A, result: 'routed', rule: A, gwlist: '1' }]),
      tie([{ candidate: A, result: 'routed', rule: A, gwlist: '1' }]),
    ],
    [
      'a tie of other candidates',
      tie([{ candidate: A, result: 'routed', rule: A, gwlist: '1' }]),
      tie([{ candidate: B, result: 'routed', rule: A, gwlist: '1' }]),
    ],
    [
      'a tie with another outcome',
      tie([{ candidate: A, result: 'routed', rule: A, gwlist: '1' }]),
      tie([{ candidate: A, result: 'no_route' }]),
    ],
    [
      'a tie of other gateways',
      tie([{ candidate: A, result: 'routed', rule: A, gwlist: '1' }]),
      tie([{ candidate: A, result: 'routed', rule: A, gwlist: '3' }]),
    ],
    [
      'a tie of more candidates',
      tie([{ candidate: A, result: 'no_route' }]),
      tie([
        { candidate: A, result: 'no_route' },
        { candidate: B, result: 'no_route' },
      ]),
    ],
    ['a tie without its outcomes', decision({ result: 'ambiguous', candidates: [A] }), tie([{ candidate: A, result: 'no_route' }])],
  ])('%s', (_, a, b) => {
    expect(sameDecision(a, b)).toBe(decisionKey(a) === decisionKey(b));
    expect(sameDecision(b, a)).toBe(decisionKey(a) === decisionKey(b));
  });
});
