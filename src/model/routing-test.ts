import { ZONE_HINT, zoneProblem } from './time/time-zone.js';
import type { SourceLocation } from './desired.js';
import type { Direction, RouteDecision, RouteResult } from './routing.js';

/**
 * A routing test as the files declare it (`routing_tests:`): a call and what should happen to it.
 * `dsipform test` runs them against the files (or the live rules); `plan` and `apply` run them
 * against the rules after the plan and refuse when one fails. They never reach the platform. Pure data.
 */

/** What a test expects; every key given must hold (at least one is given). */
export interface RoutingExpectation {
  /** Outbound: the name of the winning route. */
  readonly route?: string;
  /** Outbound: the winning route's carrier group, without `#` (`"5"`). */
  readonly gwgroupid?: string;
  /** Inbound: the DID of the winning mapping (`""` is the default mapping). */
  readonly did?: string;
  /** Inbound: the winning mapping's servers, in order (`["66", "67"]`, `["#22"]`). */
  readonly servers?: readonly string[];
  /** The carrier group the winning rule sends to, by name (resolved where the test runs); either direction. */
  readonly carrier_group?: string;
  /** The group (endpoint or carrier) the winning rule sends to, by name; either direction. */
  readonly group?: string;
  /** The gateways the call is sent to, in the order tried: each a gateway id (`"61"`), name or address. */
  readonly gateways?: readonly string[];
  /** What the proxy does with the call. */
  readonly result?: RouteResult;
}

/** One routing test, checked and with its place in the files. */
export interface RoutingTest {
  /** The test's name; `<direction> call to <to>` when the file gives none. */
  readonly name: string;
  readonly direction: Direction;
  /** The dialled number (To-user, request user). */
  readonly to: string;
  /** The caller (From-user); `""` when not given. */
  readonly from: string;
  /** The call time (`2026-12-28T10:00:00`, wall clock in the test's zone); now when absent. */
  readonly at?: string;
  /**
   * The proxy's time zone for this test alone (IANA); absent, the run's proxy zone (`--tz`, the
   * target's `timezone:`, the files' `proxy.timezone`, else the machine's).
   */
  readonly tz?: string;
  readonly expect: RoutingExpectation;
  /** The test's list entry in the files. */
  readonly origin?: SourceLocation;
  /** Where each expectation by name is written, so a name that matches no group (or several) is placed. */
  readonly expect_origins?: Readonly<Partial<Record<NamedExpectation, SourceLocation>>>;
}

/** The expectation keys that name groups or gateways: resolved against the groups where the test runs. */
export const NAMED_EXPECTATIONS = ['carrier_group', 'group', 'gateways'] as const;

/** One of {@link NAMED_EXPECTATIONS}. */
export type NamedExpectation = (typeof NAMED_EXPECTATIONS)[number];

/** The expectation keys that describe an outbound decision. */
const OUTBOUND_EXPECTATIONS = ['route', 'gwgroupid'] as const;
/**
 * The expectation keys that describe an inbound decision. `carrier_group`, `group` and `gateways`
 * fit both directions: a mapping may send to a carrier group, a route to any group.
 */
const INBOUND_EXPECTATIONS = ['did', 'servers'] as const;

/** One problem of a routing test beyond its schema: the field it is about, in words, and what to do. */
export interface RoutingTestProblem {
  /** The field inside the test: `['at']`, `['expect', 'did']`. */
  readonly field: readonly string[];
  readonly message: string;
  readonly hint: string;
}

const AT_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** Whether `at` reads as a call time (`callTime` in model/time/call-time.ts reads it); the date must be real. */
function atProblem(at: string): string | null {
  if (!AT_FORM.test(at)) return `at "${at}" is not an ISO date and time`;
  const [date = '', rest = ''] = at.split('T');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = rest.split(':').map((s) => Number(s.slice(0, 2))) as [number, number];
  const ss = Number(rest.split(':')[2]?.slice(0, 2) ?? '0');
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (m < 1 || m > 12 || d < 1 || d > days || hh > 23 || mm > 59 || ss > 59) return `at "${at}" is not a real date and time`;
  return null;
}

/**
 * The problems of one routing test that its schema cannot see: expectations for the other
 * direction (`did:` on an outbound test), a `result` other than `routed` combined with a rule, an
 * `at` that is not a real date and time, an unknown `tz`. Values of the wrong type are left to the
 * schema. Pure (the zone check asks Intl, as the simulation does).
 */
export function routingTestProblems(entry: Readonly<Record<string, unknown>>): RoutingTestProblem[] {
  const out: RoutingTestProblem[] = [];
  if (typeof entry.at === 'string') {
    const problem = atProblem(entry.at);
    if (problem)
      out.push({
        field: ['at'],
        message: problem,
        hint: 'write at: "2026-12-28T10:00:00" (wall clock in tz), or with an offset: "2026-12-28T10:00:00Z"',
      });
  }
  if (typeof entry.tz === 'string') {
    const problem = zoneProblem(entry.tz, 'tz');
    if (problem) out.push({ field: ['tz'], message: problem, hint: ZONE_HINT });
  }
  const expect = entry.expect;
  if (expect === null || typeof expect !== 'object' || Array.isArray(expect)) return out;
  const given = Object.keys(expect).filter((k) => (expect as Record<string, unknown>)[k] !== undefined);
  const direction = entry.direction;
  const wrong =
    direction === 'outbound' ? INBOUND_EXPECTATIONS : direction === 'inbound' ? OUTBOUND_EXPECTATIONS : ([] as readonly string[]);
  for (const key of given.filter((k) => wrong.includes(k))) {
    const own = direction === 'outbound' ? 'route: or gwgroupid:' : 'did: or servers:';
    out.push({
      field: ['expect', key],
      message: `expect.${key} is about ${direction === 'outbound' ? 'inbound' : 'outbound'} calls, but this test is ${String(direction)}`,
      hint: `expect ${own} for an ${String(direction)} test, or change its direction`,
    });
  }
  const result = (expect as Record<string, unknown>).result;
  if ((result === 'no_route' || result === 'ambiguous') && given.length > 1) {
    const others = given.filter((k) => k !== 'result');
    out.push({
      field: ['expect', 'result'],
      message: `expect.result ${result} cannot go with ${others.join(', ')}: ${result === 'no_route' ? 'a call with no route takes no rule' : 'an ambiguous call has no single winner'}`,
      hint: `keep result: ${result} alone, or expect the rule (${others.join(', ')}) with result: routed`,
    });
  }
  return out;
}

/**
 * A test as the checks admitted it (schema and `routingTestProblems` found nothing), with its place
 * and, through `locate`, the place of each expectation by name (`expect.carrier_group`).
 */
export function toRoutingTest(
  entry: Readonly<Record<string, unknown>>,
  origin?: SourceLocation,
  locate?: (field: NamedExpectation) => SourceLocation,
): RoutingTest {
  const e = entry as {
    name?: string;
    direction: Direction;
    to: string;
    from?: string;
    at?: string;
    tz?: string;
    expect: RoutingExpectation & Record<string, unknown>;
  };
  const { route, gwgroupid, did, servers, carrier_group, group, gateways, result } = e.expect;
  const expect: RoutingExpectation = {
    ...(route !== undefined ? { route } : {}),
    ...(gwgroupid !== undefined ? { gwgroupid: gwgroupid.replace(/^#/, '') } : {}),
    ...(carrier_group !== undefined ? { carrier_group } : {}),
    ...(did !== undefined ? { did } : {}),
    ...(servers !== undefined ? { servers: [...servers] } : {}),
    ...(group !== undefined ? { group } : {}),
    ...(gateways !== undefined ? { gateways: [...gateways] } : {}),
    ...(result !== undefined ? { result } : {}),
  };
  const named = NAMED_EXPECTATIONS.filter((k) => expect[k] !== undefined);
  return {
    name: e.name ?? `${e.direction} call to ${e.to}`,
    direction: e.direction,
    to: e.to,
    from: e.from ?? '',
    ...(e.at !== undefined ? { at: e.at } : {}),
    ...(e.tz !== undefined ? { tz: e.tz } : {}),
    expect,
    ...(origin ? { origin } : {}),
    ...(locate && named.length > 0 ? { expect_origins: Object.fromEntries(named.map((k) => [k, locate(k)])) } : {}),
  };
}

/** One test's run: passed or failed, why it failed (`expected …, but …`), and the decision taken. */
export interface RoutingTestOutcome {
  readonly test: RoutingTest;
  readonly status: 'passed' | 'failed';
  /** Empty when the test passed. */
  readonly failures: readonly string[];
  readonly decision: RouteDecision;
}

/**
 * One routing test as a plan carries it (a plan's `routing_tests`, saved and checksummed with it):
 * the call, the expectation, whether it held against the rules after the plan, why not, and what
 * the proxy would do. `apply --plan` judges a saved plan by these, never by running the tests again.
 */
export interface PlanRoutingTest {
  readonly name: string;
  readonly origin?: SourceLocation;
  readonly direction: Direction;
  readonly from: string;
  readonly to: string;
  readonly expect: RoutingExpectation;
  readonly status: 'passed' | 'failed';
  /** Empty when the test passed. */
  readonly failures: readonly string[];
  /** What the proxy would do, in words: `route "UK" (prefix "44", priority 0) to #5`. */
  readonly took: string;
  /** The decision, as `dsipform route --format json` writes it (its `at` is the call time the test ran at). */
  readonly decision: RouteDecision;
}
