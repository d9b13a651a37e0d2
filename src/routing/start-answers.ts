/**
 * Each recurrence's answer at one moment, asked once per recurrence: at the start of a horizon
 * (the callers of a class share its recurrences, and K LCR callers and their ties each asked their
 * route's again: flat-sweep.ts, combination-timeline.ts), and at the instant a plan decided
 * (decision-memo.ts: 4,000 customers hold 1,440 windows). Pure (a memo per moment, dropped with it).
 */
import type { Timerec } from '../model/time/timerec.js';
import { matchesAtCall } from '../model/time/timerec-match.js';
import { windowOf, type Examined } from '../model/time/windows.js';

/** Per horizon: whether each recurrence matches at its start. */
const answersOf = new WeakMap<Examined, (rec: Timerec) => boolean>();

/**
 * Whether `rec` matches at the start of the examined horizon, asked once per horizon and recurrence.
 * The start is one moment for every recurrence: its wall time is written, read and placed in the
 * zone once per horizon, not once per recurrence (1,000 customers' windows each read it again).
 */
export function matchesAtStart(rec: Timerec, examined: Examined): boolean {
  let answers = answersOf.get(examined);
  if (!answers)
    answersOf.set(examined, (answers = answersAt(windowOf({ from: examined.from, to: examined.from }).start, examined.horizon.tz)));
  return answers(rec);
}

/**
 * Whether each recurrence matches at wall time `local` in `tz`, as the simulation asks it: the
 * moment read once (`matchesAtCall`), each recurrence's answer once.
 */
export function answersAt(local: string, tz: string): (rec: Timerec) => boolean {
  const ask = matchesAtCall(local, tz);
  const known = new Map<Timerec, boolean>();
  return (rec) => {
    let matches = known.get(rec);
    if (matches === undefined) known.set(rec, (matches = ask(rec)));
    return matches;
  };
}
