import type { Writable } from 'node:stream';
import type { DesiredState } from '../model/desired.js';
import { DsipformError, type ErrorCode } from '../model/errors.js';
import { zoneProblem } from '../model/time/time-zone.js';
import { atIn, CLOCK_HINT, machineZone, proxyZone, readAt, wallClockIn, type AtTime } from '../model/time/call-time.js';
import type { CallTime } from '../routing/types.js';
import { writeLine, type CliIo } from './io.js';

/** What a routing command reads the proxy's clock from. */
export interface ClockFlags {
  /** `--tz`: the proxy's zone, beating every declaration. */
  tz?: string;
  /** `--at`: one call time (route), the start of the time examined (routes), the one instant of a plan's impact. */
  at?: string;
  /**
   * The target's `timezone:` in the targets file, set by a `--target` run (targets.ts
   * `targetFlags`), never by the command line: it beats the files' `proxy.timezone`.
   */
  targetZone?: string;
}

/** The proxy's clock of one run, read once: its zone by precedence, and `--at` read in it. */
export interface ProxyClock {
  /**
   * The zone: its name when `--tz`, the target or the files declare it; otherwise a function that
   * gives this machine's zone and says once on stderr that it was used (PROXY_ZONE_UNDECLARED).
   * Asked only when routing needs a zone, so a plan that changes no rule neither pays for the
   * machine's zone (ICU's start-up) nor warns.
   */
  readonly tz: string | (() => string);
  /** `--at`, read in the zone; absent, each use of the clock takes the time it is used at. */
  readonly pinned?: CallTime;
}

/** The clock flags as read once, before any file or platform is: the declared zones and `--at`. */
export interface ClockReading {
  /** `--tz`, a zone this machine knows. */
  readonly flag?: string;
  /** The target's `timezone:` (checked with the targets file). */
  readonly target?: string;
  /** `--at`, read without a zone (its zone may be the files', read later). */
  readonly at?: AtTime;
}

/** ROUTE_BAD_TIME: a call time or zone that cannot be read, with the one hint of every command. */
function badTime(problem: string): DsipformError {
  return new DsipformError('ROUTE_BAD_TIME', problem, CLOCK_HINT);
}

/**
 * Reads `--tz` and `--at` once, before any file or platform is read (a bad flag says so before
 * anything else); throws ROUTE_BAD_TIME with the one wording of a bad zone or time.
 */
export function readClockFlags(flags: ClockFlags): ClockReading {
  const problem = flags.tz === undefined ? null : zoneProblem(flags.tz, '--tz');
  if (problem !== null) throw badTime(problem);
  const at = flags.at === undefined ? undefined : readAt(flags.at);
  if (at !== undefined && 'problem' in at) throw badTime(at.problem);
  return {
    ...(flags.tz !== undefined ? { flag: flags.tz } : {}),
    ...(flags.targetZone !== undefined ? { target: flags.targetZone } : {}),
    ...(at !== undefined ? { at } : {}),
  };
}

/**
 * The proxy's clock for a run over `files` (undefined when the run reads none, as `route --live`):
 * `--tz`, else the target's `timezone:`, else the files' `proxy.timezone`, else this machine's zone
 * with the warning; `--at` in that zone.
 */
export function proxyClock(reading: ClockReading, files: Pick<DesiredState, 'proxy'> | undefined, io: CliIo): ProxyClock {
  const tz = proxyZone({ flag: reading.flag, target: reading.target, files: files?.proxy?.timezone }, () => machineZoneOnce(io));
  if (reading.at === undefined) return { tz };
  const zone = typeof tz === 'function' ? tz() : tz;
  return { tz: zone, pinned: atIn(reading.at, zone) };
}

/** The call time of the clock: `--at` as read, or `now` in the proxy's zone. */
export function clockTime(clock: ProxyClock, now: number): CallTime {
  if (clock.pinned) return clock.pinned;
  const tz = typeof clock.tz === 'function' ? clock.tz() : clock.tz;
  return { local: wallClockIn(now, tz), tz };
}

/** The clock as the pipeline's options take it (`tz`, and `at` as the wall clock read in it). */
export function pipelineClock(clock: ProxyClock): { readonly tz: string | (() => string); readonly at?: string } {
  return { tz: clock.tz, ...(clock.pinned ? { at: clock.pinned.local } : {}) };
}

/** The outputs already told that the machine's zone stands in: once per run (and per target's output). */
const warned = new WeakSet<Writable>();

/** This machine's zone, saying once on the run's stderr that nothing declared the proxy's. */
function machineZoneOnce(io: CliIo): string {
  const tz = machineZone();
  if (!warned.has(io.stderr)) {
    warned.add(io.stderr);
    writeLine(io.stderr, undeclaredZoneWarning(tz));
  }
  return tz;
}

/** The one wording of PROXY_ZONE_UNDECLARED: what was assumed, and where to declare the zone. */
function undeclaredZoneWarning(tz: string): string {
  const code: ErrorCode = 'PROXY_ZONE_UNDECLARED';
  return (
    `warning (${code}): no time zone is declared for the proxy, so its time recurrences are read in this machine's zone, ${tz}\n` +
    "  hint: declare the proxy host's zone: proxy: { timezone: America/Chicago } in the files, timezone: for the target in the targets file, or --tz"
  );
}
