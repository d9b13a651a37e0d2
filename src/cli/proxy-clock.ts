import type { Writable } from 'node:stream';
import type { DesiredState } from '../model/desired.js';
import type { ErrorCode } from '../model/errors.js';
import { clockOf, readClock, type ClockReading, type ProxyClock } from '../pipeline/clock.js';
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

/**
 * Reads `--tz` and `--at` once, before any file or platform is read (a bad flag says so before
 * anything else): the pipeline's one reading (pipeline/clock.ts), ROUTE_BAD_TIME in its one wording.
 */
export function readClockFlags(flags: ClockFlags): ClockReading {
  return readClock({ tz: flags.tz, at: flags.at, target: flags.targetZone });
}

/**
 * The proxy's clock for a run over `files` (undefined when the run reads none, as `route --live`):
 * `--tz`, else the target's `timezone:`, else the files' `proxy.timezone`, else this machine's zone,
 * which says once on stderr that it stands in (PROXY_ZONE_UNDECLARED); `--at` in that zone.
 */
export function proxyClock(reading: ClockReading, files: Pick<DesiredState, 'proxy'> | undefined, io: CliIo): ProxyClock {
  return clockOf(reading, files?.proxy?.timezone, (tz) => warnOnce(tz, io));
}

/**
 * The clock as the pipeline's options take it (pipeline/clock.ts `ClockOptions`): the flags as read,
 * the pipeline adding the files' zone, and the warning said once when this machine's zone stands in.
 */
export function pipelineClock(reading: ClockReading, io: CliIo): { readonly clock: ClockReading; readonly standsIn: (tz: string) => void } {
  return { clock: reading, standsIn: (tz) => warnOnce(tz, io) };
}

/** The outputs already told that the machine's zone stands in: once per run (and per target's output). */
const warned = new WeakSet<Writable>();

/** Says once on the run's stderr that nothing declared the proxy's zone, so this machine's, `tz`, stands in. */
function warnOnce(tz: string, io: CliIo): void {
  if (warned.has(io.stderr)) return;
  warned.add(io.stderr);
  writeLine(io.stderr, undeclaredZoneWarning(tz));
}

/** The one wording of PROXY_ZONE_UNDECLARED: what was assumed, and where to declare the zone. */
function undeclaredZoneWarning(tz: string): string {
  const code: ErrorCode = 'PROXY_ZONE_UNDECLARED';
  return (
    `warning (${code}): no time zone is declared for the proxy, so its time recurrences are read in this machine's zone, ${tz}\n` +
    "  hint: declare the proxy host's zone: proxy: { timezone: America/Chicago } in the files, timezone: for the target in the targets file, or --tz"
  );
}
