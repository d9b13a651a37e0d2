import type { PlanInvariant } from '../model/invariant.js';
import type { PlanIssue } from '../model/plan.js';
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
  /** The files' routing invariants decided against the rules after the plan (`plan.invariants`); empty when the files hold none. */
  readonly invariants: readonly PlanInvariant[];
  /**
   * The calls whose route the plan changes (`plan.routing_impact`), always present: empty when no
   * call changes its route, and when the plan manages no mapping or route (the plan then has none).
   */
  readonly routing_impact: readonly ImpactEntry[];
}
