import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { Plan } from '../model/plan.js';
import { rulesAfterPlan } from '../plan/routing-impact.js';
import { inventoryOf } from '../routing/rule-set.js';
import type { RoutingFinding } from '../routing/types.js';
import { routingFindings } from './lints.js';

// Apart from lints.ts so that `validate`, which lints the files alone, never loads the planner.

/**
 * The routing lints of a plan: of the rules the platform holds once `plan` is applied
 * (plan/routing-impact.ts `rulesAfterPlan`, the same rules its routing impact probes), each placed
 * at its file and line. The groups after the plan judge references unless `allowDangling` (or the
 * groups were not read). Pure.
 */
export function planFindings(desired: DesiredState, live: LiveState, plan: Pick<Plan, 'changes'>, allowDangling = false): RoutingFinding[] {
  const { state, groups } = rulesAfterPlan(live, plan.changes, desired);
  const inventory = allowDangling || !groups.groups ? undefined : inventoryOf(groups.groups);
  return routingFindings(desired, state, inventory);
}
