import fc from 'fast-check';
import type { Scenario, ScenarioMapping, ScenarioRoute, ServerRef } from './scenario.js';
import type { SipCall } from './sip.js';
import { instantArbitrary, resolveInstants, timerecArbitrary, withoutRepeatedHours } from './time-arbitraries.js';

/**
 * Generated scenarios for the differential suite. The alphabets are small on purpose, so that
 * prefixes overlap, numbers meet several rules and LCR patterns tie; everything shrinks towards
 * fewer rules, shorter prefixes, priority 0 and no time recurrence. The time recurrences and the
 * instants are time-arbitraries.ts.
 */

/** Characters of prefixes: mostly digits (overlaps), and the three other characters the proxy allows. */
const PREFIX_CHAR = fc.constantFrom('1', '4', '4', '1', '2', '0', '+', '*', '#');
/** Characters outside the prefix alphabet (the platform stores them; the proxy's walk stops at them). */
const ODD_CHAR = fc.constantFrom('a', 'x', '.', '-', 'B', '_', '!');
/** Characters of dialled numbers: the prefix alphabet, a few more digits, and characters outside it. */
const NUMBER_CHAR = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('1', '4', '4', '1', '2', '0', '9', '+', '*', '#') },
  { weight: 1, arbitrary: ODD_CHAR },
);
const FROM_CHAR = fc.constantFrom('1', '5', '5', '4', '0', '2', '+', '*', '#');

const prefix = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: PREFIX_CHAR, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: PREFIX_CHAR, minLength: 4, maxLength: 6 }) },
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

/** Priorities: mostly small, and the extremes the platform can store (it holds a signed 32-bit integer). */
const priority = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.constantFrom(1, 2, -1, -2, 5) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 2 ** 31 - 2, -(2 ** 31) + 1) },
);

const routeFields = {
  group: fc.oneof({ weight: 8, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.constant('missing' as const) }),
  priority,
  timerec: timerecArbitrary,
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
    { weight: 2, arbitrary: fc.constantFrom('1', '14', '4#', '+4', '41', '444', '*4', '4*1') },
  ),
  from_prefix: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('5', '55') },
    { weight: 2, arbitrary: fc.constantFrom('1', '15', '+1', '*5', '555', '#5', '5+', '0') },
  ),
  ...routeFields,
});

const route = fc.oneof(simpleRoute, lcrRoute);

/** A number built on a rule of the scenario: its prefix, then a suffix, with an odd character maybe put in at some depth. */
interface RuleNumber {
  readonly rule: number;
  readonly suffix: string;
  /** An odd character and where it goes (counted from the start of the number), or none. */
  readonly odd: { readonly char: string; readonly at: number } | null;
}

const ruleNumber: fc.Arbitrary<RuleNumber> = fc.record({
  rule: fc.nat(11),
  suffix: fc.string({ unit: NUMBER_CHAR, maxLength: 3 }),
  odd: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.record({ char: ODD_CHAR, at: fc.nat(6) }) }),
});

/**
 * A call as generated: its numbers either free, or built on a rule of the scenario (a To on a DID
 * or a route's prefix, plus a few characters; a From holding an LCR route's From-prefix, inside
 * the number, at its end, or not at all). An inbound call's request user may differ from its
 * To-user (the proxy retries with the To-user). Resolved against the scenario's rules once they
 * are known, which keeps shrinking simple.
 */
interface CallTemplate {
  readonly direction: 'inbound' | 'outbound';
  readonly to: string | RuleNumber;
  /** The request user when it differs from the To-user; `null`: the same. */
  readonly ruri: null | string | RuleNumber;
  readonly from: string | { readonly lcr: number; readonly head: string; readonly tail: string };
}

const anyNumber = fc.oneof(fc.string({ unit: NUMBER_CHAR, minLength: 1, maxLength: 6 }), ruleNumber);

const callTemplate: fc.Arbitrary<CallTemplate> = fc.record({
  direction: fc.constantFrom('inbound' as const, 'outbound' as const, 'outbound' as const),
  to: anyNumber,
  ruri: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: anyNumber }),
  from: fc.oneof(
    fc.string({ unit: FROM_CHAR, minLength: 1, maxLength: 6 }),
    fc.record({
      lcr: fc.nat(11),
      head: fc.string({ unit: FROM_CHAR, maxLength: 3 }),
      tail: fc.string({ unit: fc.constantFrom('0', '1', '5', '5', '9', 'a', '+'), maxLength: 2 }),
    }),
  ),
});

/** A number of a template, taken from the scenario's prefixes. */
function resolveNumber(n: string | RuleNumber, prefixes: readonly string[]): string {
  if (typeof n === 'string') return n;
  const base = `${prefixes[n.rule % Math.max(1, prefixes.length)] ?? ''}${n.suffix}`;
  if (n.odd === null) return base;
  const at = Math.min(n.odd.at, base.length);
  return `${base.slice(0, at)}${n.odd.char}${base.slice(at)}`;
}

/** A template's numbers, taken from the scenario's rules (empty numbers become "0": a SIP user cannot be empty). */
function resolveCall(t: CallTemplate, mappings: readonly ScenarioMapping[], routes: readonly ScenarioRoute[]): SipCall {
  const prefixes = t.direction === 'inbound' ? mappings.map((m) => m.did) : routes.map((r) => r.prefix);
  const lcr = routes.filter((r) => r.from_prefix !== '');
  const to = resolveNumber(t.to, prefixes) || '0';
  const from =
    typeof t.from === 'string' ? t.from : `${t.from.head}${lcr[t.from.lcr % Math.max(1, lcr.length)]?.from_prefix ?? ''}${t.from.tail}`;
  const ruri = t.ruri === null ? to : resolveNumber(t.ruri, prefixes) || '0';
  return ruri === to ? { direction: t.direction, to, from: from || '0' } : { direction: t.direction, to, ruri, from: from || '0' };
}

/** The proxy host's zone: timerec's times are wall clock there (New York and London change their clocks). */
const tz = fc.constantFrom(
  'America/New_York',
  'America/New_York',
  'Europe/London',
  'Europe/London',
  'Asia/Kolkata',
  'UTC',
  'Australia/Adelaide',
);

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

/**
 * A whole scenario: groups, mappings (unique DIDs), routes (unique LCR patterns; often several at
 * one prefix), calls, and instants (free ones, and ones on the edges of the scenario's windows).
 */
export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .record({
    freshInstall: fc.boolean(),
    tz,
    groups: fc.array(fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.constant(0) }), {
      minLength: 1,
      maxLength: 4,
    }),
    mappings: fc.uniqueArray(mapping, { selector: (m) => m.did, maxLength: 5 }),
    routes: fc.array(route, { maxLength: 10 }).map(uniquePatterns),
    calls: fc.array(callTemplate, { minLength: 12, maxLength: 24 }),
    instants: fc.array(instantArbitrary, { minLength: 3, maxLength: 6 }),
  })
  .map((s): Scenario => {
    const routes = withoutRepeatedHours(s.routes, s.tz);
    return {
      ...s,
      routes,
      calls: s.calls.map((c) => resolveCall(c, s.mappings, routes)),
      instants: resolveInstants(s.instants, routes, s.tz),
    };
  });
