/**
 * Each recurrence's answer at the start of a horizon, asked once per analysis: the callers of a
 * class share its recurrences, and K LCR callers and their ties each asked their route's again
 * (flat-sweep.ts, combination-timeline.ts). Pure (a memo per horizon, dropped with it).
 */
import type { Timerec } from '../model/time/timerec.js';
import { matchesAtCall } from '../model/time/timerec-match.js';
import { windowOf, type Examined } from '../model/time/windows.js';

/** Per horizon: its start read once as a call's moment, and each recurrence's answer there. */
const answersOf = new WeakMap<Examined, { readonly ask: (rec: Timerec) => boolean; readonly known: Map<Timerec, boolean> }>();

/**
 * Whether `rec` matches at the start of the examined horizon, asked once per horizon and recurrence.
 * The start is one moment for every recurrence: its wall time is written, read and placed in the
 * zone once per horizon, not once per recurrence (1,000 customers' windows each read it again).
 */
export function matchesAtStart(rec: Timerec, examined: Examined): boolean {
  let answers = answersOf.get(examined);
  if (!answers) {
    const { from } = examined;
    answers = { ask: matchesAtCall(windowOf({ from, to: from }).start, examined.horizon.tz), known: new Map<Timerec, boolean>() };
    answersOf.set(examined, answers);
  }
  let matches = answers.known.get(rec);
  if (matches === undefined) answers.known.set(rec, (matches = answers.ask(rec)));
  return matches;
}
