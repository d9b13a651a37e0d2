/**
 * Each recurrence's answer at the start of a horizon, asked once per analysis: the callers of a
 * class share its recurrences, and K LCR callers and their ties each asked their route's again
 * (flat-sweep.ts, combination-timeline.ts). Pure (a memo per horizon, dropped with it).
 */
import type { Timerec } from '../model/time/timerec.js';
import { timerecMatches } from '../model/time/timerec-match.js';
import { windowOf, type Examined } from '../model/time/windows.js';

const answersOf = new WeakMap<Examined, Map<Timerec, boolean>>();

/** Whether `rec` matches at the start of the examined horizon, asked once per horizon and recurrence. */
export function matchesAtStart(rec: Timerec, examined: Examined): boolean {
  let known = answersOf.get(examined);
  if (!known) answersOf.set(examined, (known = new Map<Timerec, boolean>()));
  let matches = known.get(rec);
  if (matches === undefined) {
    const { from } = examined;
    known.set(rec, (matches = timerecMatches(rec, windowOf({ from, to: from }).start, examined.horizon.tz)));
  }
  return matches;
}
