/**
 * The routing simulation held to the real proxy: Kamailio with drouting and the LCR walk as the
 * platform sets them up (test/proxy/kamailio/routing.cfg), loaded with the rows dsipform writes
 * through the emulated platform, answering INVITEs over loopback UDP at instants fixed by
 * libfaketime. First a few hand-written facts about the proxy (they check the harness itself),
 * then generated scenarios, each call compared with `dsipform route --live`'s decision.
 *
 * Without Kamailio the file skips with one line saying what to install; under CI=true it fails.
 * `npm run test:proxy` runs it alone; DSIPFORM_PROXY_SEED and DSIPFORM_PROXY_RUNS repeat or widen a run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioArbitrary } from './helpers/arbitraries.js';
import { describeDisagreements } from './helpers/report.js';
import { runScenario, toGroup } from './helpers/run.js';
import { expectProxy, inboundCall as inb, outboundCall as out, proxyPlan, proxySuite, scenarioRoute as route } from './helpers/suite.js';

const plan = proxyPlan();

const SEED = Number(process.env.DSIPFORM_PROXY_SEED ?? 20270104);
const RUNS = Number(process.env.DSIPFORM_PROXY_RUNS ?? 60);
/** The fewest calls one run of the generated scenarios must place. */
const MIN_CALLS = 2000;

const MONDAY_NOON = '2027-01-04T12:00:30';

describe.skipIf(!plan.run)('the routing simulation against the real proxy (Kamailio 5.6, drouting)', () => {
  /** Scenarios with defaults: no fresh-install rows, New York, one instant. */
  const suite = proxySuite(plan, {
    freshInstall: false,
    tz: 'America/New_York',
    groups: [1, 2],
    mappings: [],
    routes: [],
    instants: [MONDAY_NOON],
  });
  const { run } = suite;

  describe('facts about the proxy that the harness must reproduce', () => {
    it('ranks priority unsigned: -1 beats 0', async () => {
      const r = await run({ routes: [route('44', 0), route('44', 1, { priority: -1 })], calls: [out('4499')] });
      expectProxy(r, [toGroup(r, 1)]);
    });

    it('routes 44a1 by a rule at 44; a character the walk reaches leaves only the prefixless rules', async () => {
      const r = await run({ routes: [route('44', 0), route('', 1)], calls: [out('44a1'), out('a44'), out('4a')] });
      expectProxy(r, [toGroup(r, 0), toGroup(r, 1), toGroup(r, 1)]);
      // An inbound DID 441 grows the shared tree below 44: the walk now meets the "a" and gives up on prefixes.
      const deeper = await run({
        mappings: [{ did: '441', servers: [{ group: 0 }] }],
        routes: [route('4', 0), route('', 1)],
        calls: [out('44a1')],
      });
      expectProxy(deeper, [toGroup(deeper, 1)]);
    });

    it('drops a rule naming a gateway that does not exist, so the call falls to a shorter prefix', async () => {
      const r = await run({
        mappings: [
          { did: '12', servers: [{ missingGateway: true }] },
          { did: '1', servers: [{ group: 1 }] },
        ],
        calls: [inb('123')],
      });
      expectProxy(r, [toGroup(r, 1)]);
    });

    it('routes an inbound call by its request user first, and retries once with the To-user when nothing routes it', async () => {
      const r = await run({
        mappings: [
          { did: '44', servers: [{ group: 0 }] },
          { did: '1', servers: [{ group: 1 }] },
        ],
        calls: [inb('12', '441'), inb('12', '999'), inb('999', '888'), { direction: 'outbound', from: '1', to: '12', ruri: '441' }],
      });
      // The request user wins over the To-user; the retry takes the To-user; outbound has no retry.
      expectProxy(r, [toGroup(r, 0), toGroup(r, 1), 'no route', 'no route']);
    });

    it('reads a bare-day duration (1D) as 0: always, from dtstart on', async () => {
      const r = await run({
        routes: [route('', 0, { timerec: '20270104T090000|1D' }), route('5', 1, { timerec: '20270104T090000|P1D' })],
        calls: [out('1'), out('5')],
        instants: ['2027-01-03T12:00:00', '2027-03-01T12:00:00'],
      });
      // Before dtstart neither; two months on, 1D still matches while P1D (no freq) has ended and 5 falls to the prefixless rule.
      expectProxy(r, ['no route', 'no route', toGroup(r, 0), toGroup(r, 0)]);
    });

    it('matches an LCR From-prefix anywhere in the From-user, followed only by digits, with no fallback', async () => {
      const r = await run({
        routes: [route('1', 0, { from_prefix: '555', timerec: '20270104T090000|8H|daily' }), route('', 1)],
        calls: [out('1999', '4415551234'), out('1999', '5551a'), out('2999', '5551')],
        instants: [MONDAY_NOON, '2027-01-04T20:00:00'],
      });
      // At night the LCR route's window is closed: the call fails rather than take the simple route.
      expectProxy(r, [toGroup(r, 0), toGroup(r, 1), toGroup(r, 1), 'no route', toGroup(r, 1), toGroup(r, 1)]);
    });

    it('commits to one of two tied LCR patterns, even when its rule does not route the number then', async () => {
      const r = await run({
        routes: [route('44', 0, { from_prefix: '5' }), route('4', 1, { from_prefix: '55', timerec: '20270104T090000|1H|daily' })],
        calls: [out('4499', '555')],
        instants: ['2027-01-04T09:30:00', '2027-01-04T20:00:00'],
      });
      // 5-44 and 55-4 are as long as each other: the proxy takes whichever its table yields first.
      expect(r.verdicts[0]?.proxy).toMatch(/^gateways /);
      expect(r.verdicts[1]?.allowed).toContain('no route');
      expectProxy(
        r,
        r.verdicts.map((v) => v.proxy),
      );
    });

    it('reads bymonth one month late: drouting compares the 0-based month, so 2 is March and 12 is January', async () => {
      const r = await run({
        tz: 'UTC',
        routes: [
          route('1', 0, { timerec: '20270101T000000|PT23H|daily|||||||2' }),
          route('2', 0, { timerec: '20270101T000000|PT23H|daily|||||||12' }),
        ],
        calls: [out('1'), out('2')],
        instants: ['2027-02-01T12:00:00', '2027-03-01T12:00:00', '2027-01-18T12:00:00'],
      });
      expectProxy(r, ['no route', 'no route', toGroup(r, 0), 'no route', 'no route', toGroup(r, 0)]);
    });

    it('never matches a weekday without an ordinal under a monthly frequency (past the first window)', async () => {
      const r = await run({
        tz: 'UTC',
        routes: [
          route('1', 0, { timerec: '20270101T000000|PT23H|monthly|||MO' }),
          route('2', 0, { timerec: '20270101T000000|PT23H|monthly|||1MO' }),
        ],
        calls: [out('1'), out('2')],
        // Mondays: the 4th is the month's first, the 18th its third.
        instants: ['2027-01-04T12:00:00', '2027-01-18T12:00:00'],
      });
      expectProxy(r, ['no route', toGroup(r, 0), 'no route', 'no route']);
    });

    /** One route per time recurrence (prefixes 1, 2, …), and what the proxy does at each instant: `x` routed, `.` no route, per route. */
    const timerecTable = async (timerecs: string[], table: Record<string, string>): Promise<void> => {
      const r = await run({
        tz: 'UTC',
        routes: timerecs.map((timerec, i) => route(String(i + 1), 0, { timerec })),
        calls: timerecs.map((_, i) => out(String(i + 1))),
        instants: Object.keys(table),
      });
      expectProxy(
        r,
        Object.values(table).flatMap((row) => [...row].map((c) => (c === 'x' ? toGroup(r, 0) : 'no route'))),
      );
    };
    // A window 12:00-13:00 from Tuesday 1 December 2026; the calls at 12:30, past the first window.
    const FROM = '20261201T120000|PT1H|';

    it("reads bymonth from 0 under yearly (repeating on dtstart's day of the month) and with several values; -1 is December", async () => {
      await timerecTable([`${FROM}yearly|||||||3`, `${FROM}daily|||||||1,6,-1`], {
        '2027-03-01T12:30:00': '..',
        '2027-04-01T12:30:00': 'x.',
        '2027-06-30T12:30:00': '..',
        '2027-07-01T12:30:00': '.x',
        '2027-12-14T12:30:00': '.x',
      });
    });

    it('reduces bymonthday and numbered weekdays modulo their count, counts byyearday from 0, ignores a number under weekly and byweekno under monthly', async () => {
      // bymonthday 31; -1FR monthly; 2MO weekly; byyearday 1; byweekno 10 monthly (every Tuesday).
      await timerecTable(
        [`${FROM}daily||||31`, `${FROM}monthly|||-1FR`, `${FROM}weekly|||2MO`, `${FROM}daily|||||1`, `${FROM}monthly||||||10`],
        {
          '2027-01-22T12:30:00': '.x...',
          '2027-01-29T12:30:00': '.....',
          '2027-01-31T12:30:00': '.....',
          '2027-04-01T12:30:00': 'x....',
          '2027-01-04T12:30:00': '..x..',
          '2027-01-02T12:30:00': '...x.',
          '2027-01-05T12:30:00': '....x',
        },
      );
    });

    it('never matches SA,SU under monthly past the first window, in New York at midnight (the shrunk case of seed 2)', async () => {
      const r = await run({
        routes: [route('', 0, { timerec: '20270104T000000|8H|monthly|||SA,SU' })],
        calls: [out('5')],
        instants: ['2027-01-04T01:00:00', '2027-01-10T00:00:00', '2027-02-06T00:30:00'],
      });
      expectProxy(r, [toGroup(r, 0), 'no route', 'no route']);
    });

    it('adds up the digits of an interval: 10 is every day, 12 every third', async () => {
      await timerecTable([`${FROM}daily||10`, `${FROM}daily||12`, `${FROM}weekly||10`], {
        // From Tuesday 1 December: the 6th of January is 36 days on; weekly repeats on Tuesdays.
        '2027-01-04T12:30:00': 'x..',
        '2027-01-05T12:30:00': 'x.x',
        '2027-01-06T12:30:00': 'xx.',
        '2027-01-08T12:30:00': 'x..',
      });
    });

    it('reads dtstart, the first window and until in real time across a clock change; a skipped dtstart moves on', async () => {
      const recs = [
        '20270313T220000|PT8H',
        '20271106T230000|PT4H',
        '20270314T023000|PT1H|daily',
        '20270301T030000|PT2H|daily|20270314T013000',
      ];
      const r = await run({
        routes: recs.map((timerec, i) => route(String(i + 1), 0, { timerec })),
        calls: recs.map((_, i) => out(String(i + 1))),
        instants: ['2027-03-14T03:45:00', '2027-03-14T06:30:00', '2027-03-14T07:00:01', '2027-11-07T02:30:00', '2027-03-15T03:45:00'],
      });
      const x = toGroup(r, 0);
      const no = 'no route';
      // 8 real hours from 22:00 end at 07:00 summer time; 4 from 23:00 end at 02:00 winter time; 02:30 on
      // 14 March does not exist, so the daily window is 03:30-04:30; until 01:30 + 2 h ends at 04:30.
      expectProxy(r, [x, no, x, x, x, no, no, no, no, no, no, no, no, no, no, no, no, no, x, no]);
    });

    it("routes by the lints' suggestions: the last Friday of a month, 1 January, weekends every week", async () => {
      await timerecTable([`${FROM}daily|||FR|-7,-6,-5,-4,-3,-2,-1`, `${FROM}daily||||1|||-12`, `${FROM}weekly|||SA,SU`], {
        '2027-01-29T12:30:00': 'x..',
        '2027-01-22T12:30:00': '...',
        '2028-01-01T12:30:00': '.xx',
        '2027-01-03T12:30:00': '..x',
      });
    });

    it('stops a recurring window at midnight past its first (midnight_cut), and routes by the two rules the lint writes', async () => {
      await timerecTable(['20261201T180000|PT14H|daily', '20261201T180000|PT6H|daily', '20261202T000000|PT8H|daily'], {
        // The first window matches whole; the second rule's own first window is that night too.
        '2026-12-02T02:00:00': 'x.x',
        '2027-01-05T20:00:00': 'xx.',
        '2027-01-06T02:00:00': '..x',
        '2027-01-06T09:00:00': '...',
      });
    });
  });

  it(`agrees with dsipform on generated scenarios (seed ${SEED}, ${RUNS} scenarios, at least ${MIN_CALLS} calls)`, async () => {
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const result = await runScenario(suite.tools, suite.sip(), scenario);
        calls += result.verdicts.length;
        const bad = result.verdicts.filter((v) => !v.agrees);
        if (bad.length > 0) throw new Error(describeDisagreements(bad, result.log));
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 150_000 },
    );
    expect(calls).toBeGreaterThanOrEqual(MIN_CALLS);
  }, 180_000);
});
