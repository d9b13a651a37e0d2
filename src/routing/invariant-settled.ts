/**
 * Whether the built-ins' table of an invariant check already settles a table of sets with a window
 * (invariant-table.ts), so that table need not be built. Such a table is screened caller by caller
 * (classes.ts `classSpansLazily`): a caller none of whose outcomes in the rules alone breaks a set
 * is not decided, and those outcomes are read from what the built-ins' table kept over the same
 * horizon (horizon-outcomes.ts). On a yearly recurrence per prefix (issue 36 §2) an office-hours
 * set's table made 1,001 number classes, their callers and a horizon only for its screen to find
 * each outcome held. Here the same outcomes are read per number the rules tell apart, without the
 * classes: when none breaks a set, every caller would be screened out and the table reads as
 * empty; otherwise (or when an outcome was not kept) the table is built as before. Pure, apart
 * from the memo it reads.
 */
import type { Invariant } from '../model/invariant.js';
import type { RouteDecision } from '../model/routing.js';
import { isDialString } from '../model/dial.js';
import { parseTimerec, type Timerec } from '../model/time/timerec.js';
import { horizonFor, periodOf } from '../model/time/windows.js';
import { keptOutcomes } from './horizon-outcomes.js';
import { directionOf } from './number-classes.js';
import type { CallTime, Direction, RuleSet } from './types.js';

/** Approximate days of a period's unit, as windows.ts compares periods. */
const UNIT_DAYS = { day: 1, week: 7, month: 31, year: 366 } as const;

/**
 * Whether every caller of the table of `members` (sets of one `during`, its window `during`) would
 * be screened out: `set` has no LCR pattern (a From then changes no decision, and no caller is a
 * tie, decision-memo.ts `callerOf`), no set reaches every number (the class of numbers no prefix
 * matches is left to the table), and for each number class the table would make (each rule prefix
 * under a set's `to_prefix`, and each `to_prefix` itself, which the probe makes a class) the
 * outcomes kept for its number over the table's horizon are known and none breaks a set holding it.
 */
export function settledByKept(
  set: RuleSet,
  members: readonly Invariant[],
  during: string,
  start: CallTime,
  breaks: (invariant: Invariant, d: RouteDecision) => boolean,
): boolean {
  if (set.lcr.length > 0) return false;
  const reach: Record<Direction, Set<string>> = { inbound: new Set(), outbound: new Set() };
  for (const m of members) {
    if (m.kind === 'builtin' || m.set.to_prefix === '') return false;
    reach[m.set.direction].add(m.set.to_prefix);
  }
  const under = (d: Direction, p: string): boolean => [...reach[d]].some((r) => p.startsWith(r));
  // The classes' numbers, and the recurrences they meet: those of the rules at their prefixes (as
  // number-classes.ts reads them, dial prefixes only) and the window's.
  const numbers: Record<Direction, Set<string>> = { inbound: new Set(reach.inbound), outbound: new Set(reach.outbound) };
  const texts = new Set<string>([during]);
  for (const r of set.rules) {
    if (!isDialString(r.prefix)) continue;
    const d = directionOf(r);
    if (under(d, r.prefix)) numbers[d].add(r.prefix);
    if (r.timerec !== '' && (under(d, r.prefix) || [...reach[d]].some((p) => p.startsWith(r.prefix)))) texts.add(r.timerec);
  }
  const recs: Timerec[] = [];
  for (const text of texts) {
    const parsed = parseTimerec(text);
    if ('value' in parsed && parsed.value !== null) recs.push(parsed.value);
  }
  // The table's horizon is its longest period's, the first met of equal length: met in another
  // order here, so only a longest period of one kind is sure to be the table's.
  const lengths = recs.map(periodOf).map((p) => ({ days: UNIT_DAYS[p.unit] * p.count, kind: `${p.unit}${p.count}` }));
  const most = Math.max(...lengths.map((l) => l.days));
  if (new Set(lengths.filter((l) => l.days === most).map((l) => l.kind)).size > 1) return false;
  const examined = horizonFor(recs, start.local, start.tz);
  for (const d of ['inbound', 'outbound'] as const)
    for (const to of numbers[d]) {
      const outcomes = keptOutcomes(set, d, '', to, examined);
      if (outcomes === undefined) return false;
      for (const m of members)
        if (m.kind !== 'builtin' && m.set.direction === d && to.startsWith(m.set.to_prefix) && outcomes.some((o) => breaks(m, o)))
          return false;
    }
  return true;
}
