import fc from 'fast-check';
import type { Scenario, ScenarioMapping, ScenarioRoute, ServerRef } from './scenario.js';
import type { SipCall } from './sip.js';

/**
 * Generated scenarios for the differential suite. The alphabets are small on purpose, so that
 * prefixes overlap, numbers meet several rules and LCR patterns tie; everything shrinks towards
 * fewer rules, shorter prefixes, priority 0 and no time recurrence.
 */

/** Characters of prefixes: mostly digits (overlaps), and the three other characters the proxy allows. */
const PREFIX_CHAR = fc.constantFrom('1', '4', '4', '1', '2', '+', '*', '#');
/** Characters of dialled numbers: the prefix alphabet, a few more digits, and characters outside it. */
const NUMBER_CHAR = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('1', '4', '4', '1', '2', '0', '9', '+', '*', '#') },
  { weight: 1, arbitrary: fc.constantFrom('a', 'x', '.', '-') },
);
const FROM_CHAR = fc.constantFrom('1', '5', '5', '4', '0', '+');

const prefix = fc.string({ unit: PREFIX_CHAR, maxLength: 3 });

/** Time recurrences: always, office hours, windows that cross midnight, bare-day and other durations, intervals, by-filters. */
const timerec: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .record({
        date: fc.constantFrom('20270104', '20270101', '20261228', '20270201', '20270109'),
        time: fc.constantFrom('T090000', 'T220000', 'T000000', 'T173000', 'T235900'),
        duration: fc.constantFrom('8H', 'PT8H', '4H', 'PT30M', '90M', 'P1D', '1D', 'P1W', 'PT2H30M', '3D'),
        freq: fc.constantFrom('', 'daily', 'weekly', 'monthly', 'yearly'),
        until: fc.constantFrom('', '', '', '20270110T000000'),
        interval: fc.constantFrom('', '', '', '2'),
        byday: fc.constantFrom('', '', 'MO,TU,WE,TH,FR', 'SA,SU', 'MO', '1MO', '-1FR'),
        bymonthday: fc.constantFrom('', '', '', '4', '1,15'),
        bymonth: fc.constantFrom('', '', '', '1', '2'),
      })
      .map((t) =>
        [`${t.date}${t.time}`, t.duration, t.freq, t.until, t.interval, t.byday, t.bymonthday, '', '', t.bymonth]
          .join('|')
          .replace(/\|+$/, ''),
      ),
  },
);

const server: fc.Arbitrary<ServerRef> = fc.oneof(
  { weight: 3, arbitrary: fc.nat(3).map((group) => ({ group })) },
  { weight: 3, arbitrary: fc.nat(8).map((gateway) => ({ gateway })) },
  { weight: 1, arbitrary: fc.constant({ missingGateway: true as const }) },
  { weight: 1, arbitrary: fc.constant({ missingGroup: true as const }) },
);

const mapping: fc.Arbitrary<ScenarioMapping> = fc.record({
  did: prefix,
  servers: fc.array(server, { minLength: 1, maxLength: 2 }),
});

const routeFields = {
  group: fc.oneof({ weight: 8, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.constant('missing' as const) }),
  priority: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.constantFrom(1, 2, -1, -2, 5) }),
  timerec,
};

/** A simple route (group 8000). */
const simpleRoute: fc.Arbitrary<ScenarioRoute> = fc.record({ prefix, from_prefix: fc.constant(''), ...routeFields });

/**
 * An LCR route. From- and To-prefixes come from short lists whose members nest and trade length
 * (`5-44` and `55-4`), so that two patterns of the same length often match one call: an LCR tie.
 * The platform refuses an LCR route without a prefix.
 */
const lcrRoute: fc.Arbitrary<ScenarioRoute> = fc.record({
  prefix: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('4', '44') },
    { weight: 1, arbitrary: fc.constantFrom('1', '14', '4#', '+4', '41') },
  ),
  from_prefix: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('5', '55') },
    { weight: 1, arbitrary: fc.constantFrom('1', '15', '+1', '*5') },
  ),
  ...routeFields,
});

const route = fc.oneof(simpleRoute, lcrRoute);

/**
 * A call as generated: its numbers either free, or built on a rule of the scenario (a To on a DID
 * or a route's prefix, plus a few characters; a From holding an LCR route's From-prefix, with
 * characters around it), so that calls meet the rules, their overlaps and their ties. Resolved
 * against the scenario's rules once they are known, which keeps shrinking simple.
 */
interface CallTemplate {
  readonly direction: 'inbound' | 'outbound';
  readonly to: string | { readonly rule: number; readonly suffix: string };
  readonly from: string | { readonly lcr: number; readonly head: string; readonly tail: string };
}

const callTemplate: fc.Arbitrary<CallTemplate> = fc.record({
  direction: fc.constantFrom('inbound' as const, 'outbound' as const, 'outbound' as const),
  to: fc.oneof(
    fc.string({ unit: NUMBER_CHAR, minLength: 1, maxLength: 5 }),
    fc.record({ rule: fc.nat(9), suffix: fc.string({ unit: NUMBER_CHAR, maxLength: 3 }) }),
  ),
  from: fc.oneof(
    fc.string({ unit: FROM_CHAR, minLength: 1, maxLength: 5 }),
    fc.record({
      lcr: fc.nat(9),
      head: fc.string({ unit: FROM_CHAR, maxLength: 2 }),
      tail: fc.string({ unit: fc.constantFrom('0', '1', '5', '5', 'a'), maxLength: 2 }),
    }),
  ),
});

/** A template's numbers, taken from the scenario's rules (empty numbers become "0": a SIP user cannot be empty). */
function resolveCall(t: CallTemplate, mappings: readonly ScenarioMapping[], routes: readonly ScenarioRoute[]): SipCall {
  const prefixes = t.direction === 'inbound' ? mappings.map((m) => m.did) : routes.map((r) => r.prefix);
  const lcr = routes.filter((r) => r.from_prefix !== '');
  const to = typeof t.to === 'string' ? t.to : `${prefixes[t.to.rule % Math.max(1, prefixes.length)] ?? ''}${t.to.suffix}`;
  const from =
    typeof t.from === 'string' ? t.from : `${t.from.head}${lcr[t.from.lcr % Math.max(1, lcr.length)]?.from_prefix ?? ''}${t.from.tail}`;
  return { direction: t.direction, to: to || '0', from: from || '0' };
}

/** Wall-clock instants: weekdays and weekends, around midnight, on window edges (the clock is frozen, so to the second). */
const instant = fc
  .record({
    date: fc.constantFrom(
      '2027-01-04',
      '2027-01-05',
      '2027-01-01',
      '2027-01-09',
      '2027-01-10',
      '2027-02-01',
      '2027-01-18',
      '2026-12-28',
      '2027-07-05',
      '2027-03-15',
    ),
    hour: fc.constantFrom('00', '01', '08', '09', '12', '16', '17', '21', '22', '23'),
    minute: fc.constantFrom('00', '29', '30', '59'),
    second: fc.constantFrom('00', '30', '59'),
  })
  .map((t) => `${t.date}T${t.hour}:${t.minute}:${t.second}`);

/** The proxy host's zone: timerec's times are wall clock there. */
const tz = fc.constantFrom('America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC', 'Australia/Adelaide');

/** LCR patterns are unique on the platform: keep the first route of each pattern. */
function uniquePatterns(routes: readonly ScenarioRoute[]): ScenarioRoute[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    if (r.from_prefix === '') return true;
    const pattern = `${r.from_prefix}-${r.prefix}`;
    if (seen.has(pattern)) return false;
    seen.add(pattern);
    return true;
  });
}

/** A whole scenario: groups, mappings (unique DIDs), routes (unique LCR patterns), calls and instants. */
export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .record({
    freshInstall: fc.boolean(),
    tz,
    groups: fc.array(fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.constant(0) }), {
      minLength: 1,
      maxLength: 4,
    }),
    mappings: fc.uniqueArray(mapping, { selector: (m) => m.did, maxLength: 4 }),
    routes: fc.array(route, { maxLength: 7 }).map(uniquePatterns),
    calls: fc.array(callTemplate, { minLength: 8, maxLength: 16 }),
    instants: fc.uniqueArray(instant, { minLength: 3, maxLength: 4 }),
  })
  .map((s): Scenario => ({ ...s, calls: s.calls.map((c) => resolveCall(c, s.mappings, s.routes)) }));
