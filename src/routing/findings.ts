import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import { count, plural } from '../model/words.js';
import { acknowledgeFindings } from './acknowledge.js';
import { inFindingOrder } from './finding-order.js';
import { lintLoaded } from './lint.js';
import { numberFindings, type InventoryNumber } from './number-lints.js';
import { preparedRules, type PreparedRules } from './prepared.js';
import { ruleSetFromState } from './rule-set.js';
import type { GatewayInventory, RoutingFinding, RoutingState, RuleSet } from './types.js';

/**
 * What the files manage, for the catch-all lints. From the files alone (no `live`), a collection
 * with `policy.ignore` globs is left out: a live rule kept by them may be the catch-all.
 */
function manages(desired: DesiredState, withLive: boolean): { inbound: boolean; outbound: boolean } {
  const ignore = desired.policy.ignore;
  return {
    inbound: desired.inbound_mappings !== undefined && (withLive || ignore.inbound_mappings.length === 0),
    outbound: desired.outbound_routes !== undefined && (withLive || ignore.outbound_routes.length === 0),
  };
}

/** A rule set and the set as the proxy's loader leaves it (routing/prepared.ts), made ready before the lints read it. */
export interface LoadedSet {
  readonly set: RuleSet;
  readonly loaded: PreparedRules;
}

/**
 * The routing lints of the files' rules (validate), or with `after` of the rules as they stand
 * after the plan (the files' rules and the live ones `policy.ignore` keeps); with `inventory`, a
 * rule naming a missing or empty group is a dropped rule too. Those the files' `policy.accept`
 * acknowledges are marked `acknowledged`, and an acknowledgement that matches nothing is one more
 * warning (`accept_unused`; routing/acknowledge.ts). The number lints (routing/number-lints.ts) judge
 * `numbers`, the inventory as it stands after the plan, or from the files alone the numbers they
 * declare; a number no mapping routes only when the files manage inbound mappings (`manages`).
 */
export function routingFindings(
  desired: DesiredState,
  after?: RoutingState,
  inventory?: GatewayInventory,
  numbers?: readonly InventoryNumber[],
): RoutingFinding[] {
  const set = ruleSetFromState(after ?? desired, inventory);
  // From the files alone, the numbers they declare; after a plan, those the caller says it leaves.
  return loadedFindings(
    desired,
    { set, loaded: preparedRules(set) },
    after !== undefined,
    numbers ?? (after === undefined ? desired.numbers : undefined),
  );
}

/**
 * The lints of {@link routingFindings} on rules made ready by the caller (`rules`: the planner
 * loads the rules after a plan once, plan/checked-rules.ts): read, not loaded again. `afterPlan`
 * says they are the rules after a plan (the live ones the files only ignore among them);
 * `numbers` are those the number lints judge, none when absent.
 */
export function loadedFindings(
  desired: DesiredState,
  rules: LoadedSet,
  afterPlan: boolean,
  numbers?: readonly InventoryNumber[],
): RoutingFinding[] {
  // What the files manage is read before the rules are: the files' part goes down with the rules.
  const scope = manages(desired, afterPlan);
  const found = lintLoaded(rules.set, rules.loaded, scope);
  if (!numbers) return acknowledgeFindings(found, desired.policy.accept);
  // The number lints join the rules' in the one order (a number's place among the rules').
  for (const f of numberFindings(rules.set, numbers, scope.inbound)) found.push(f);
  return acknowledgeFindings(inFindingOrder(found), desired.policy.accept);
}

/** A finding with the decision whether it stops the command. */
export interface JudgedFinding {
  readonly finding: RoutingFinding;
  /** It stops the command: the front end shows it as an error. */
  readonly blocks: boolean;
}

/** The findings judged, and the refusal when any stops the command. */
export interface FindingsVerdict {
  readonly findings: readonly JudgedFinding[];
  /** ROUTING_LINT_FAILED, counting the findings that stop the command; absent when none does. */
  readonly refusal?: DsipformError;
}

/**
 * Decides which findings stop the command: an error about a rule of the files (a live rule the files
 * only ignore cannot be fixed in them, so its error is a warning), or any finding when `strict`.
 * Warnings alone never stop it unless `strict`; an acknowledged one never does.
 */
export function judgeFindings(findings: readonly RoutingFinding[], strict = false): FindingsVerdict {
  const judged = findings.map((finding) => ({
    finding,
    blocks: finding.acknowledged !== true && (strict || (finding.severity === 'error' && finding.origin !== undefined)),
  }));
  const stopping = judged.filter((j) => j.blocks).length;
  if (stopping === 0) return { findings: judged };
  return {
    findings: judged,
    refusal: new DsipformError(
      'ROUTING_LINT_FAILED',
      `${count(stopping, 'routing problem')} ${plural(stopping, 'stops', 'stop')} the command${strict ? ' (--strict makes warnings errors)' : ''}`,
      'Fix the rules each line above names (its hint says how); nothing was sent to the platform.',
    ),
  };
}
