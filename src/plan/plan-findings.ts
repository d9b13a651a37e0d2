import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { Plan } from '../model/plan.js';
import { rulesAfterPlan, type RulesAfter } from './routing-impact.js';
import { inventoryOf } from '../routing/rule-set.js';
import type { RoutingFinding } from '../routing/types.js';
import { routingFindings } from '../routing/findings.js';
import { numbersAfterPlan } from './numbers-after.js';

/**
 * The routing lints of a plan: of the rules the platform holds once `plan` is applied
 * (plan/routing-impact.ts `rulesAfterPlan`, the same rules its routing impact probes), each placed
 * at its file and line. The groups after the plan judge references unless `allowDangling` (or the
 * groups were not read); the number lints judge the numbers as the plan leaves them
 * (numbers-after.ts). `after` is those rules in the files' order when the caller built them
 * already (the pipeline builds them once per plan); without it they are built here. Pure.
 */
export function planFindings(
  desired: DesiredState,
  live: LiveState,
  plan: Pick<Plan, 'changes'>,
  allowDangling = false,
  after?: RulesAfter,
): RoutingFinding[] {
  const { state, groups } = after ?? rulesAfterPlan(live, plan.changes, desired);
  const inventory = allowDangling || !groups.groups ? undefined : inventoryOf(groups.groups);
  return routingFindings(desired, state, inventory, numbersAfterPlan(desired, live, plan.changes) ?? []);
}
