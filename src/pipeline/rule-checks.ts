import { DEFAULT_POLICY, type DesiredMapping, type DesiredRoute, type DesiredState } from '../model/desired.js';
import type { GatewayGroup } from '../model/group.js';
import { danglingReferences } from '../plan/check-refs.js';
import { lintRules } from '../routing/lint.js';
import { ruleSetFromState } from '../routing/rule-set.js';

// The checks `dsipform plan` makes, for a front end that sees its rules one at a time (the
// Terraform provider plans each resource alone): the reference check buildPlan makes
// (plan/check-refs.ts) and the routing lints (routing/lint.ts) that need no other rule.

/** One rule as a front end declares it, names already resolved where they could be. */
export type OneRule = { readonly mapping: DesiredMapping } | { readonly route: DesiredRoute };

/** What the rule's references are judged against. */
export interface RuleCheckOptions {
  /** The platform's carrier and endpoint groups; without them references are not judged. */
  readonly groups?: readonly GatewayGroup[];
  /** Carrier groups (by id) the plan deletes. */
  readonly deleted?: ReadonlySet<number>;
  /** How many gateways a carrier group (by name) will hold once planned changes to it are made. */
  readonly declared?: ReadonlyMap<string, number>;
  /** A dangling reference does not stop the plan (`--allow-dangling`, the provider's `allow_dangling`). */
  readonly allowDangling?: boolean;
}

/** Which part of the rule a check is about, for a front end that points at attributes. */
export type RuleField = 'gateways' | 'priority' | 'timerec';

/** One finding about one rule, and whether it stops the plan. */
export interface RuleCheck {
  /** `dangling` for a reference the proxy drops; else the routing lint's code (`negative_priority`, …). */
  readonly code: string;
  readonly field: RuleField;
  /** The words `dsipform plan` uses, naming the rule. */
  readonly message: string;
  readonly hint: string;
  /** It stops the plan: an error; else a warning. */
  readonly blocks: boolean;
}

/** The lints about a rule alone, by the part of the rule each is about; the others need other rules. */
const FIELD_OF_LINT: Readonly<Record<string, RuleField>> = { negative_priority: 'priority' };

/**
 * The checks of one rule, as `dsipform plan` makes them for every rule of the files: a group or
 * gateway it names that the proxy would not find (judged only with `groups`; it stops the plan
 * unless `allowDangling`), then the routing lints that concern the rule alone (a negative priority,
 * a time recurrence the proxy reads other than written), which are warnings. A list whose shape
 * the proxy drops is the normaliser's to refuse, not judged here. Pure.
 */
export function checkRule(rule: OneRule, options: RuleCheckOptions = {}): RuleCheck[] {
  const state: DesiredState =
    'mapping' in rule
      ? { inbound_mappings: [rule.mapping], policy: DEFAULT_POLICY, files: [] }
      : { outbound_routes: [rule.route], policy: DEFAULT_POLICY, files: [] };
  const out: RuleCheck[] = [];
  if (options.groups) {
    const allowed = options.allowDangling === true;
    for (const issue of danglingReferences(state, options.groups, options.deleted ?? new Set(), options.declared ?? new Map()))
      out.push({ code: 'dangling', field: 'gateways', message: issue.message, hint: issue.hint, blocks: !allowed });
  }
  for (const f of lintRules(ruleSetFromState(state), { inbound: false, outbound: false })) {
    // A dropped rule without an inventory is a list's shape: the normaliser refuses it already.
    if (f.code === 'dropped') continue;
    out.push({ code: f.code, field: FIELD_OF_LINT[f.code] ?? 'timerec', message: f.message, hint: f.hint, blocks: false });
  }
  return out;
}
