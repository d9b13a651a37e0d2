import type { DesiredState } from '../model/desired.js';
import type { PlanInvariant } from '../model/invariant.js';
import type { NameBook } from './expect-names.js';
import { planInvariant } from './invariant-record.js';
import { checkInvariants } from './invariants.js';
import type { PendingNames } from './pending-names.js';
import type { CallTime, RuleSet } from './types.js';

/**
 * Decides the files' routing invariants against the rules after a plan (`set`, destinations
 * judged with `book`: routing/run-tests.ts `placeRules`, the rules and book the routing tests are
 * judged with), over the horizon from the day holding `start` (now in the proxy's zone, made by the
 * caller with its clock: the same start as the routing impact's): each as the plan records it,
 * frozen as a plan is; a group the plan creates (`pending`) shown by name. Empty when the files
 * hold none. Pure.
 */
export function planInvariants(
  desired: Pick<DesiredState, 'invariants'>,
  set: RuleSet,
  book: NameBook,
  start: CallTime,
  pending: PendingNames = new Map(),
): PlanInvariant[] {
  const invariants = desired.invariants ?? [];
  if (invariants.length === 0) return [];
  return checkInvariants(set, invariants, start, book, pending).map((r) => Object.freeze(planInvariant(r)));
}
