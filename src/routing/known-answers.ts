/**
 * What a simulation is told of its call's moment (match.ts `routeCall`): which recurrences match
 * there, where the caller knows. Pure.
 */
import type { Timerec } from '../model/time/timerec.js';
import type { PreparedRule } from './prepared.js';

/**
 * The answers of recurrences at a call's moment that its caller already knows: a sweep of the
 * horizon (routing/stretch-sweep.ts) decides each combination of matching recurrences at a moment
 * where it knows which match, and each simulation asked every rule's matcher again until one
 * matched (issue 36 §2: 25,761 questions for 320 combinations of one-minute windows). A rule whose
 * recurrence (prepared.ts `PreparedRule.rec`, by identity) is in `known` matches exactly when it is
 * in `matching`; any other is asked.
 */
export interface KnownAnswers {
  readonly known: ReadonlySet<Timerec>;
  readonly matching: ReadonlySet<Timerec>;
}

/** Whether a prepared rule's recurrence holds at `local` in `tz`, told by `answers` where it knows. */
export function holds(r: PreparedRule, local: string, tz: string, answers: KnownAnswers | undefined): boolean {
  if (r.when === null) return true;
  if (answers !== undefined && r.rec !== null && answers.known.has(r.rec)) return answers.matching.has(r.rec);
  return r.when(local, tz);
}
