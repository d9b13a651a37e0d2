import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { Plan } from '../model/plan.js';
import { checkedRules, type CheckedRules } from './checked-rules.js';
import type { RoutingFinding } from '../routing/types.js';
import { loadedFindings } from '../routing/findings.js';
import { numbersAfterPlan } from './numbers-after.js';
import { emptiedAfter } from '../model/kinds/did-number/effects.js';
import { KIND_SPECS } from '../model/kinds.js';

/**
 * The routing lints of a plan: of the rules the platform holds once `plan` is applied
 * (plan/routing-impact.ts `rulesAfterPlan`, the same rules its routing impact probes), each placed
 * at its file and line. The groups after the plan judge references unless `allowDangling` (or the
 * groups were not read); the number lints judge the numbers as the plan leaves them
 * (numbers-after.ts). `checked` is those rules as the planner made them ready, in the files'
 * order and loaded once (checked-rules.ts, the plan's result); without it they are made here. Pure.
 */
export function planFindings(
  desired: DesiredState,
  live: LiveState,
  plan: Pick<Plan, 'changes'>,
  allowDangling = false,
  checked?: CheckedRules,
): RoutingFinding[] {
  // The planner's part first (the rules loaded and the numbers as the plan leaves them), then the
  // simulation's: each is finished before the rules go down to be linted.
  const rules = checked ?? checkedRules(live, plan.changes, desired, allowDangling);
  const numbers = numbersAfterPlan(desired, live, plan.changes) ?? [];
  return platformDropped(loadedFindings(desired, rules, true, numbers), plan.changes);
}

/**
 * A mapping the rules after the plan hold with no servers because the platform empties it (a
 * number written available, model/kinds/did-number/effects.ts) is not the files' doing: its
 * `dropped` finding says which number does it, as a warning (the plan's unrouting refusal, which
 * names the number too, is what stops it).
 */
function platformDropped(findings: RoutingFinding[], changes: Plan['changes']): RoutingFinding[] {
  const by = emptiedAfter(changes);
  if (by.size === 0) return findings;
  return findings.map((f) => {
    const number = f.code === 'dropped' && f.kind === KIND_SPECS.inbound_mapping.kind && f.key !== undefined ? by.get(f.key) : undefined;
    if (number === undefined) return f;
    return {
      ...f,
      severity: 'warning',
      message: `mapping ${JSON.stringify(f.key)}: the platform leaves it with no servers (it empties the mapping, or creates it so) when number ${JSON.stringify(number)} is written available: the proxy drops the rule`,
      hint: `Declare number ${JSON.stringify(number)} with status: assigned (or reserved) while its mapping should route.`,
    };
  });
}
