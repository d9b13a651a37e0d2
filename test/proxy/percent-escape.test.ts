/**
 * Percent-escaped SIP user parts held to the real proxy (issue 36, part 3): the platform's LCR
 * step unescapes the From- and To-users (`s.unescape.user`) before it matches its patterns, while
 * drouting routes on the request user as it came. The same harness as differential.test.ts: the
 * rows dsipform writes through the emulated platform, Kamailio 5.6 answering INVITEs over
 * loopback, each call compared with the simulation's decision.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapedScenarioArbitrary } from './helpers/escapes.js';
import { describeDisagreements } from './helpers/report.js';
import { runScenario, toGroup } from './helpers/run.js';
import { expectProxy, outboundCall as out, proxyPlan, proxySuite, scenarioRoute } from './helpers/suite.js';

const plan = proxyPlan();

const SEED = Number(process.env.DSIPFORM_PROXY_SEED ?? 20270136);
const RUNS = Number(process.env.DSIPFORM_PROXY_RUNS ?? 30);
const MONDAY_NOON = '2027-01-04T12:00:30';

describe.skipIf(!plan.run)('percent-escaped user parts against the real proxy (Kamailio 5.6)', () => {
  const suite = proxySuite(plan, {
    freshInstall: false,
    tz: 'UTC',
    groups: [1, 2],
    mappings: [],
    routes: [],
    instants: [MONDAY_NOON],
  });
  const { run } = suite;
  const route = (prefix: string, group: number, from_prefix = ''): ReturnType<typeof scenarioRoute> =>
    scenarioRoute(prefix, group, { from_prefix });

  it('matches an LCR From-prefix holding # against a From-user that escapes it, and drouting on the raw request user', async () => {
    const r = await run({
      routes: [route('4', 0, '#5'), route('', 1)],
      calls: [out('41', '%235'), out('41', '#5'), out('41', '%2a5'), out('41', '5')],
    });
    // %23 is # to LCR; %2a is *, which no pattern holds.
    expectProxy(r, [toGroup(r, 0), toGroup(r, 0), toGroup(r, 1), toGroup(r, 1)]);
  });

  it('matches an LCR To-prefix holding # on the unescaped To, then routes the raw request user in that group', async () => {
    const r = await run({
      routes: [route('4#', 0, '5'), route('4', 1)],
      calls: [out('4%231', '5'), out('4#1', '5'), out('4%231', '5', '4#1'), out('4%231', '9')],
    });
    // LCR picks group 0 for the first three; drouting then routes rU "4%231" in group 0, where only
    // the rule at "4#" is: "%" stops the prefix walk, so nothing routes it (no fallback). From 9
    // matches no pattern: group 8000's rule at "4" is not reached either, since the prefix tree
    // (one for every group) goes on below "4" and the walk meets the "%".
    expectProxy(r, ['no route', toGroup(r, 0), toGroup(r, 0), 'no route']);
  });

  it('reads a user whose escape it cannot unescape as empty: no LCR pattern matches the call', async () => {
    const r = await run({
      routes: [route('4', 0, '5'), route('', 1)],
      calls: [out('41', '%zz5'), out('41', '%005'), out('4%', '5'), out('41', '5%7F'), out('41', '%355')],
    });
    // Read raw, "%zz5-41", "%005-41" and "5-4%" would each hold 5-4 and take group 0.
    expectProxy(r, [toGroup(r, 1), toGroup(r, 1), toGroup(r, 1), toGroup(r, 1), toGroup(r, 0)]);
  });

  it(`agrees with dsipform on generated scenarios with escaped users (seed ${SEED}, ${RUNS} scenarios)`, async () => {
    let calls = 0;
    let escaped = 0;
    await fc.assert(
      fc.asyncProperty(escapedScenarioArbitrary, async (scenario) => {
        const result = await runScenario(suite.tools, suite.sip(), scenario);
        calls += result.verdicts.length;
        escaped += result.verdicts.filter((v) => `${v.call.from}${v.call.to}`.includes('%')).length;
        const bad = result.verdicts.filter((v) => !v.agrees);
        if (bad.length > 0) throw new Error(describeDisagreements(bad, result.log));
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 120_000 },
    );
    expect(escaped).toBeGreaterThan(calls / 3);
  }, 150_000);
});
