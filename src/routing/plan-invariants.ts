import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import type { PlanInvariant } from '../model/invariant.js';
import { callTime } from '../model/time/call-time.js';
import type { NameBook } from './expect-names.js';
import { planInvariant } from './invariant-record.js';
import { checkInvariants } from './invariants.js';
import type { PendingNames } from './pending-names.js';
import type { RuleSet } from './types.js';

/**
 * Decides the files' routing invariants against the rules after a plan (`set`, destinations
 * judged with `book`: routing/run-tests.ts `placeRules`, the rules and book the routing tests are
 * judged with), over the horizon from the day holding `now` in the proxy's `zone` (the same start
 * as the routing impact's): each as the plan records it, frozen as a plan is; a group the plan
 * creates (`pending`) shown by name. Empty when the files
 * hold none. Throws CLI_BAD_OPTION for a zone that is not one (the CLI checks the zone before; a
 * program may give any). Pure.
 */
export function planInvariants(
  desired: Pick<DesiredState, 'invariants'>,
  set: RuleSet,
  book: NameBook,
  now: number,
  zone: string | (() => string),
  pending: PendingNames = new Map(),
): PlanInvariant[] {
  const invariants = desired.invariants ?? [];
  if (invariants.length === 0) return [];
  const start = callTime(undefined, typeof zone === 'function' ? zone() : zone, now);
  if ('problem' in start) throw new DsipformError('CLI_BAD_OPTION', start.problem, 'Give the proxy zone with --tz.');
  return checkInvariants(set, invariants, start, book, pending).map((r) => Object.freeze(planInvariant(r)));
}
