import type { Plan, PlanIssue } from '../model/plan.js';
import type { ImpactEntry } from '../model/routing.js';
import type { RoutingTestOutcome } from '../model/routing-test.js';

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
  /**
   * The calls whose route the plan changes (`plan.routing_impact`), always present: empty when no
   * call changes its route, and when the plan manages no mapping or route (the plan then has none).
   */
  readonly routing_impact: readonly ImpactEntry[];
}

/**
 * The findings a checked plan carries (see {@link CarriedFindings}): the references the planner
 * judged and `allowDangling` let through (build-plan.ts, one judgement per plan), the tests'
 * outcomes, and the plan's routing impact. Pure.
 */
export function carriedFindings(
  references: readonly PlanIssue[],
  plan: Pick<Plan, 'routing_impact'>,
  outcomes: readonly RoutingTestOutcome[],
): CarriedFindings {
  return { references, routing_tests: outcomes, routing_impact: plan.routing_impact ?? [] };
}
