import type { DesiredState } from '../model/desired.js';
import type { PlanInvariant } from '../model/invariant.js';
import type { LiveState } from '../model/live.js';
import type { Plan, PlanIssue } from '../model/plan.js';
import type { ImpactEntry } from '../model/routing.js';
import type { RoutingTestOutcome } from '../model/routing-test.js';
import { danglingReferences, deletedGroupIds, groupsWithoutRemovedGateways } from '../plan/check-refs.js';
import { resolveGroupNames } from '../plan/resolve-groups.js';

/** What a plan's checks found beside the lints, as data, for a program (the library's plan result). */
export interface CarriedFindings {
  /**
   * The references the proxy would drop (a group or gateway the platform does not have, a group
   * without gateways or one the plan deletes) that `allowDangling` let through; the plan notes them
   * only in words. Empty without `allowDangling` (they stop the plan, PLAN_BLOCKED) and when the
   * groups were not read (the files name no group or gateway).
   */
  readonly references: readonly PlanIssue[];
  /** The files' routing tests, each run against the rules after the plan; empty when the files hold none. */
  readonly routing_tests: readonly RoutingTestOutcome[];
  /** The files' routing invariants decided against the rules after the plan (`plan.invariants`); empty when the files hold none. */
  readonly invariants: readonly PlanInvariant[];
  /**
   * The calls whose route the plan changes (`plan.routing_impact`), always present: empty when no
   * call changes its route, and when the plan manages no mapping or route (the plan then has none).
   */
  readonly routing_impact: readonly ImpactEntry[];
}

/**
 * The findings a checked plan carries (see {@link CarriedFindings}): the references are judged by
 * the check buildPlan makes (plan/check-refs.ts), on the files' names resolved against the live
 * groups. Pure.
 */
export function carriedFindings(
  desired: DesiredState,
  live: LiveState,
  plan: Pick<Plan, 'changes' | 'routing_impact' | 'invariants'>,
  outcomes: readonly RoutingTestOutcome[],
  allowDangling = false,
): CarriedFindings {
  const references =
    allowDangling && live.groups
      ? danglingReferences(
          resolveGroupNames(desired, live.groups).desired,
          groupsWithoutRemovedGateways(live.groups, plan.changes),
          deletedGroupIds(plan.changes),
        )
      : [];
  return { references, routing_tests: outcomes, invariants: plan.invariants ?? [], routing_impact: plan.routing_impact ?? [] };
}
