/**
 * The call time as the proxy's clock shows it (`--at`, and the proxy's zone). Pure: the current
 * instant and the machine's zone come in as inputs (the zone from Intl when not given).
 */
import { DsipformError } from '../errors.js';
import type { DesiredState } from '../desired.js';
import type { RoutingTest } from '../routing-test.js';
import { zoneProblem } from './time-zone.js';
import { formatWallTime, wallTimeOf } from './wall-clock.js';
import { wallTimeAt, zoneClock } from './timerec-zone.js';
import type { CallTime } from '../routing.js';

const WALL = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?(?:\.\d+)?$/;
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * What to write instead of a call time or zone that cannot be read: the one hint of every
 * ROUTE_BAD_TIME (route, routes, plan, apply, drift, watch, test) and of a library plan's issue.
 */
export const CLOCK_HINT =
  'Write --at 2026-12-28T10:00:00 (wall clock in the proxy zone) or 2026-12-28T10:00:00Z (an instant), and the zone as an IANA name like America/Chicago (--tz, proxy.timezone in the files, or timezone: in the targets file).';

/** The machine's zone, as Intl resolves it (TZ, else the system's); starting ICU costs tens of ms. */
export function machineZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zones a run may be given, strongest first; the first one present is the proxy's. */
export interface ZoneDeclarations {
  /** `--tz` (or a library caller's `tz` option). */
  readonly flag?: string;
  /** The target's `timezone:` in the targets file. */
  readonly target?: string;
  /** The desired state's `proxy.timezone` (files, or a stack's `DsipformPolicy`). */
  readonly files?: string;
}

/**
 * The proxy's zone by the one precedence: `--tz`, then the target's `timezone:`, then the files'
 * `proxy.timezone`; with none of them, `machine` itself, a function, so that the machine's zone is
 * asked for (and a caller can say it was used) only when routing needs a zone.
 */
export function proxyZone(declared: ZoneDeclarations, machine: () => string = machineZone): string | (() => string) {
  return declared.flag ?? declared.target ?? declared.files ?? machine;
}

/**
 * The zone to judge rules in, from {@link proxyZone}'s answer: a declared zone as it is; with none,
 * the machine's, asked through `zone` (which says it stood in) only when `timed`, that is when a
 * time recurrence is among the rules judged. Without one, every moment is alike and no decision
 * depends on the zone (it only labels the day examined), so nothing needs declaring.
 */
export function zoneFor(zone: string | (() => string), timed: boolean): string {
  if (typeof zone === 'string') return zone;
  return timed ? zone() : machineZone();
}

/** An instant (ms since 1970) as the wall clock in `tz` shows it: `YYYY-MM-DDTHH:MM:SS`. */
export function wallClockIn(instant: number, tz: string): string {
  // One conversion for the whole simulation: the zone clock the time recurrences are judged by.
  return formatWallTime(wallTimeAt(zoneClock(tz).wallOf(Math.floor(instant / 1000))));
}

/** `--at` read without a zone: a wall-clock time (`YYYY-MM-DDTHH:MM:SS`, read in the proxy's zone) or an instant (ms). */
export type AtTime = { readonly wall: string } | { readonly instant: number };

/**
 * Reads a call time once, whatever the zone: without an offset (`2026-12-28T10:00:00`, seconds
 * optional) it is a wall-clock time; with one (`Z`, `+01:00`) an instant. A malformed or unreal
 * time is a problem sentence naming the value as `name` (`--at`, `at`).
 */
export function readAt(at: string, name = '--at'): AtTime | { problem: string } {
  const wall = WALL.exec(at);
  if (wall) {
    const local = `${wall[1]}${wall[2] ?? ':00'}`;
    return wallTimeOf(local) === null ? { problem: `${name} "${at}" is not a real date and time` } : { wall: local };
  }
  const offset = WITH_OFFSET.exec(at);
  if (offset) {
    const instant = Date.parse(at.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    const local = offset[1]?.slice(0, 16) ?? '';
    if (Number.isNaN(instant) || wallTimeOf(`${local}:00`) === null) return { problem: `${name} "${at}" is not a real date and time` };
    return { instant };
  }
  return {
    problem: `${name} "${at}" must be an ISO date and time: 2026-12-28T10:00:00 (wall clock in the zone) or 2026-12-28T10:00:00Z / +01:00 (an instant)`,
  };
}

/** A call time read by {@link readAt}, as the wall clock in `tz` shows it (a known zone). */
export function atIn(read: AtTime, tz: string): CallTime {
  return 'wall' in read ? { local: read.wall, tz } : { local: wallClockIn(read.instant, tz), tz };
}

/**
 * The call time: `at` (see {@link readAt}) in `tz`, or `now` (ms) when absent. `tz` defaults to the
 * machine's zone. A malformed time or an unknown zone is a problem sentence naming the value as
 * `--at` and `--tz` (or as `names` says).
 */
export function callTime(
  at: string | undefined,
  tz: string | undefined,
  now: number,
  names: { readonly at?: string; readonly tz?: string } = {},
): CallTime | { problem: string } {
  const zone = tz ?? machineZone();
  const bad = zoneProblem(zone, names.tz ?? '--tz');
  if (bad !== null) return { problem: bad };
  if (at === undefined) return { local: wallClockIn(now, zone), tz: zone };
  const read = readAt(at, names.at);
  return 'problem' in read ? read : atIn(read, zone);
}

/**
 * The call time of a routing test: its `at` (default `now`) in its own `tz`, else in the proxy's
 * `zone` (a function is asked only for a test without a `tz`); or CONFIG_INVALID naming it (the
 * files' checks admit only good ones).
 */
export function testTime(test: RoutingTest, now: number, zone: string | (() => string)): CallTime {
  const tz = test.tz ?? (typeof zone === 'function' ? zone() : zone);
  const at = callTime(test.at, tz, now, { at: 'at', tz: test.tz !== undefined ? 'tz' : 'the proxy zone' });
  if ('problem' in at) {
    throw new DsipformError(
      'CONFIG_INVALID',
      `${test.origin ? `${test.origin.file}:${test.origin.line}: ` : ''}${at.problem}`,
      "Fix the test's at: or tz:.",
    );
  }
  return at;
}

/** The times one run's routing tests and invariants are judged at, read once, before the platform is. */
export interface RunTimes {
  /** The instant (ms) of the run: the plan's `now`, and the call time of a test without `at`. */
  readonly now: number;
  /** Each routing test's call time ({@link testTime}), in the files' order. */
  readonly tests: readonly CallTime[];
  /** The day the invariants' horizon starts on: `now` in the proxy's zone; absent when the files hold none. */
  readonly start?: CallTime;
}

/**
 * Every time a run over `desired` judges its routing tests and invariants at, read once from its
 * clock (`now`, and the proxy's `zone`; a function is asked only when a test without `tz:` or an
 * invariant needs it, so the CLI warns that the machine's zone stands in only then). Throws what
 * {@link testTime} throws, and CLI_BAD_OPTION when a program's zone function names no zone.
 */
export function runTimes(
  desired: Pick<DesiredState, 'routing_tests' | 'invariants'>,
  now: number,
  zone: string | (() => string),
): RunTimes {
  const tests = (desired.routing_tests ?? []).map((test) => testTime(test, now, zone));
  if ((desired.invariants ?? []).length === 0) return { now, tests };
  const start = callTime(undefined, typeof zone === 'function' ? zone() : zone, now);
  if ('problem' in start) throw new DsipformError('CLI_BAD_OPTION', start.problem, 'Give the proxy zone with --tz.');
  return { now, tests, start };
}
