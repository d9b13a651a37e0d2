import type { Change } from '../model/plan.js';
import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import { preparedRules, type PreparedRules } from '../routing/prepared.js';
import { inventoryOf, ruleSetFromState } from '../routing/rule-set.js';
import type { RuleSet } from '../routing/types.js';
import { inFilesOrderOf, rulesAfterPlan, type RulesAfter } from './routing-impact.js';

/**
 * The rules after a plan as its checks read them, made once by the planner beside the plan: the
 * rules in the files' order (each declared one with its origin: what the routing tests and the
 * invariants are placed on), those rules as the proxy holds them, judged by the groups after the
 * plan unless `allowDangling`, and that set as the proxy's loader leaves it (kept and dropped
 * rules, each recurrence parsed once: routing/prepared.ts), which the lints read.
 */
export interface CheckedRules {
  /** The rules after the plan in the files' order: what the lints, the routing tests and the invariants judge. */
  readonly after: RulesAfter;
  /** Those rules as the proxy holds them, judged by the groups after the plan unless `allowDangling`. */
  readonly set: RuleSet;
  /** The set as loaded once: the lints read it instead of loading the rules again. */
  readonly loaded: PreparedRules;
}

/**
 * The rules after a plan of `files` made ready for its checks ({@link CheckedRules}): from the
 * rules the routing impact built (`built`), else built here, so a plan builds them once whether or
 * not it has an impact to work out. Pure.
 */
export function checkedRules(
  live: LiveState,
  changes: readonly Change[],
  files: DesiredState,
  allowDangling: boolean,
  built?: RulesAfter,
): CheckedRules {
  const after = inFilesOrderOf(built ?? rulesAfterPlan(live, changes), files);
  const groups = after.groups.groups;
  // A dangling reference `allowDangling` lets through is a warning of the plan, not a dropped rule.
  const set = ruleSetFromState(after.state, allowDangling || !groups ? undefined : inventoryOf(groups));
  return { after, set, loaded: preparedRules(set) };
}
