/**
 * The proxy's clock of one run, read once into one value for every front end (the CLI's verbs and
 * the library's `planDesired`): the declared zones by the one precedence (`--tz` or a caller's
 * `tz`, a target's `timezone:`, the files' `proxy.timezone`, else the machine's) and `--at` read in
 * that zone. A zone or time that cannot be read is ROUTE_BAD_TIME, in one wording, wherever it was
 * given.
 */
import { DsipformError } from '../model/errors.js';
import { zoneProblem } from '../model/time/time-zone.js';
import { atIn, CLOCK_HINT, machineZone, proxyZone, readAt, wallClockIn, type AtTime } from '../model/time/call-time.js';
import type { CallTime } from '../routing/types.js';

/** What a run is told of the clock before any file is read: `--tz`, a target's `timezone:`, `--at`. */
export interface ClockGiven {
  /** `--tz` (a library caller's `tz`): the proxy's zone, beating every declaration. */
  readonly tz?: string;
  /** The target's `timezone:` (checked with the targets file); the files' `proxy.timezone` yields to it. */
  readonly target?: string;
  /** `--at`: one call time, wall clock in the proxy's zone or an instant with an offset. */
  readonly at?: string;
}

/** The clock as read before the files are: the declared zones, and `--at` read without a zone. */
export interface ClockReading {
  /** `--tz`, a zone this machine knows. */
  readonly flag?: string;
  /** The target's `timezone:`. */
  readonly target?: string;
  /** `--at`, read without a zone (its zone may be the files', read later). */
  readonly at?: AtTime;
}

/** The proxy's clock of one run: its zone by precedence, and `--at` read in it. */
export interface ProxyClock {
  /**
   * The zone: its name when it is declared; otherwise the function that gives this machine's zone,
   * asked only when routing needs a zone (starting ICU costs tens of ms).
   */
  readonly tz: string | (() => string);
  /** `--at`, read in the zone; absent, each use of the clock takes the time it is used at. */
  readonly pinned?: CallTime;
}

/** ROUTE_BAD_TIME: a call time or zone that cannot be read, with the one hint of every front end. */
function badTime(problem: string): DsipformError {
  return new DsipformError('ROUTE_BAD_TIME', problem, CLOCK_HINT);
}

/**
 * Reads `--tz` and `--at` once, before any file or platform is read, so a bad value says so before
 * anything else; throws ROUTE_BAD_TIME naming the value as `--tz` or `--at`.
 */
export function readClock(given: ClockGiven): ClockReading {
  const problem = given.tz === undefined ? null : zoneProblem(given.tz, '--tz');
  if (problem !== null) throw badTime(problem);
  const at = given.at === undefined ? undefined : readAt(given.at);
  if (at !== undefined && 'problem' in at) throw badTime(at.problem);
  return {
    ...(given.tz !== undefined ? { flag: given.tz } : {}),
    ...(given.target !== undefined ? { target: given.target } : {}),
    ...(at !== undefined ? { at } : {}),
  };
}

/**
 * The clock of a run over files declaring `filesZone` (undefined when it reads none): `--tz`, else
 * the target's, else the files', else this machine's zone, asked only when needed, and then told to
 * `standsIn` (the CLI's warning that nothing declared the proxy's zone); `--at` read in that zone.
 */
export function clockOf(reading: ClockReading, filesZone: string | undefined, standsIn?: (machine: string) => void): ProxyClock {
  const machine = (): string => {
    const zone = machineZone();
    standsIn?.(zone);
    return zone;
  };
  const tz = proxyZone({ flag: reading.flag, target: reading.target, files: filesZone }, machine);
  if (reading.at === undefined) return { tz };
  const zone = typeof tz === 'function' ? tz() : tz;
  return { tz: zone, pinned: atIn(reading.at, zone) };
}

/** The zone of the clock, asking the machine when nothing declared it. */
export function zoneOf(clock: ProxyClock): string {
  return typeof clock.tz === 'function' ? clock.tz() : clock.tz;
}

/** The call time of the clock: `--at` as read, or `now` (ms) in the proxy's zone. */
export function clockTime(clock: ProxyClock, now: number): CallTime {
  if (clock.pinned) return clock.pinned;
  const tz = zoneOf(clock);
  return { local: wallClockIn(now, tz), tz };
}

/** How a pipeline is told the clock: a library caller's `tz` and `at`, or the CLI's flags as read. */
export interface ClockOptions {
  /** The proxy's zone (a library caller's, as `--tz`); a function is asked only when a zone is needed. */
  readonly tz?: string | (() => string);
  /** One instant to decide the routing impact at (as `--at`). */
  readonly at?: string;
  /** The CLI's flags as {@link readClock} read them (`--tz`, a target's `timezone:`, `--at`); beats `tz` and `at`. */
  readonly clock?: ClockReading;
  /** Told this machine's zone when nothing declares the proxy's and a zone is needed (the CLI's warning). */
  readonly standsIn?: (machine: string) => void;
}

/**
 * The clock of a pipeline over files declaring `filesZone`, read once and in the words of the CLI's
 * flags: the CLI's reading, else a `tz` naming a zone (checked as `--tz` is; a `tz` function is
 * asked only when `at` needs a zone) and an `at` read as `--at` is. Throws ROUTE_BAD_TIME before
 * anything is read.
 */
export function clockOfOptions(filesZone: string | undefined, options: ClockOptions): ProxyClock {
  const { tz, at } = options;
  if (options.clock) return clockOf(options.clock, filesZone, options.standsIn);
  const reading = readClock({ ...(typeof tz === 'string' ? { tz } : {}), ...(at !== undefined ? { at } : {}) });
  if (typeof tz !== 'function') return clockOf(reading, filesZone, options.standsIn);
  if (reading.at === undefined) return { tz };
  const zone = tz();
  return { tz: zone, pinned: atIn(reading.at, zone) };
}
