/**
 * The proxy's time zone as dsipform is told it: the one check of a zone name, and the one wording
 * of a zone that cannot be used, wherever it was written (`--tz`, `proxy.timezone` in the files, a
 * target's `timezone:`, a routing test's `tz:`, a stack's `DsipformPolicy`). Pure: the check asks
 * Intl, as the simulation's zone clock does, and never reads the machine's zone.
 */

/** What to write instead of a zone this machine does not know: one hint for every place. */
export const ZONE_HINT = 'write an IANA zone name, the zone of the proxy host: America/Chicago, Europe/London, UTC';

/** Zones already checked: a plan checks one zone many times (every test, every side). */
const known = new Map<string, boolean>();

/** Whether Intl knows `tz` as a time zone (an IANA name such as `America/Chicago`, or `UTC`). */
function isKnownZone(tz: string): boolean {
  let ok = known.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(tz, ok);
  }
  return ok;
}

/**
 * Null when `tz` is a zone this machine knows; otherwise the one sentence saying it is not, with
 * what the value was given as first (`--tz`, `proxy.timezone`, `target "eu" timezone`, `tz`).
 */
export function zoneProblem(tz: string, what: string): string | null {
  if (isKnownZone(tz)) return null;
  return `${what} ${JSON.stringify(tz)} is not a time zone this machine knows (an IANA name such as America/Chicago)`;
}
