/**
 * The call time as the proxy's clock shows it (`--at`, `--tz`). Pure: the current instant and the
 * machine's zone come in as inputs (the zone from Intl when not given).
 */
import { formatWallTime, wallTimeOf } from '../model/wall-clock.js';
import { wallTimeAt, zoneClock } from '../model/timerec-zone.js';
import type { CallTime } from './types.js';

const WALL = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?(?:\.\d+)?$/;
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)(Z|[+-]\d{2}:?\d{2})$/i;

/** The machine's zone, as Intl resolves it. */
export function machineZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether Intl knows this IANA zone. */
function zoneProblem(tz: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return null;
  } catch {
    return `--tz "${tz}" is not a time zone this machine knows (an IANA name like Europe/London or America/New_York)`;
  }
}

/** An instant (ms since 1970) as the wall clock in `tz` shows it: `YYYY-MM-DDTHH:MM:SS`. */
export function wallClockIn(instant: number, tz: string): string {
  // One conversion for the whole simulation: the zone clock the time recurrences are judged by.
  return formatWallTime(wallTimeAt(zoneClock(tz).wallOf(Math.floor(instant / 1000))));
}

/**
 * The call time: `at` without an offset (`2026-12-28T10:00:00`, seconds optional) is the wall clock
 * in `tz`; with one (`Z`, `+01:00`) it is that instant, shown in `tz`; absent, it is `now` (ms).
 * `tz` defaults to the machine's zone. A malformed time or an unknown zone is a problem sentence.
 */
export function callTime(at: string | undefined, tz: string | undefined, now: number): CallTime | { problem: string } {
  const zone = tz ?? machineZone();
  const bad = zoneProblem(zone);
  if (bad !== null) return { problem: bad };
  if (at === undefined) return { local: wallClockIn(now, zone), tz: zone };
  const wall = WALL.exec(at);
  if (wall) {
    const local = `${wall[1]}${wall[2] ?? ':00'}`;
    if (wallTimeOf(local) === null) return { problem: `--at "${at}" is not a real date and time` };
    return { local, tz: zone };
  }
  const offset = WITH_OFFSET.exec(at);
  if (offset) {
    const instant = Date.parse(at.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    const local = offset[1]?.slice(0, 16) ?? '';
    if (Number.isNaN(instant) || wallTimeOf(`${local}:00`) === null) return { problem: `--at "${at}" is not a real date and time` };
    return { local: wallClockIn(instant, zone), tz: zone };
  }
  return {
    problem: `--at "${at}" must be an ISO date and time: 2026-12-28T10:00:00 (wall clock in the zone) or 2026-12-28T10:00:00Z / +01:00 (an instant)`,
  };
}
