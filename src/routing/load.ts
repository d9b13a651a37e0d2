/**
 * The proxy's loader (docs/routing-model.md "Loading: rules the proxy skips"): which rules
 * it keeps and which it drops with only a log line. Pure.
 */
import { dialHint, dialProblem, firstNonDial } from '../model/dial.js';
import { droppedFor, inventoryLookup } from '../model/dropped-rule.js';
import { timerecMatcher, type TimeMatcher } from '../model/time/timerec-match.js';
import { parseTimerec, type Timerec } from '../model/time/timerec.js';
import { referencedName, type PartialInventory } from './rule-set.js';
import type { DroppedRule, GatewayInventory, RoutingRule, RuleSet } from './types.js';

/** The most gateways the proxy tries for one rule. */
export const MAX_GATEWAYS = 32;

/** The gateway ids of a plain gwlist: separators `,` and `|`, `;` between sub-lists. */
export function gatewayIdsOf(gwlist: string): string[] {
  return gwlist.split(/[,|;]/).map((s) => s.trim());
}

/**
 * Why the proxy drops this gwlist, or `null` when it keeps it: model/dropped-rule.ts decides (and
 * words it) for every front end.
 */
export function gwlistProblem(rule: RoutingRule, inventory: GatewayInventory | undefined): { reason: string; hint: string } | null {
  // A group named in the files: its id is resolved at plan time (and checked there), not here.
  if (referencedName(rule.gwlist) !== null) return null;
  const list = rule.kind === 'inbound_mapping' ? 'servers' : 'gwgroupid';
  const why = droppedFor(gatewayIdsOf(rule.gwlist), { list, shown: JSON.stringify(rule.gwlist) }, inventory && inventoryLookup(inventory));
  return why && { reason: why.reason, hint: why.hint };
}

/**
 * Why the loader drops a time recurrence, or `null`: one the parser refuses. A duration the proxy
 * cannot read is not among them (it reads 0 and keeps the rule: a warning, see lint.ts). One it
 * accepts is kept in `read`, parsed and made into a matcher, so neither is made again.
 */
function timerecDropped(text: string, read: Map<string, ReadRecurrence>): string | null {
  const parsed = parseTimerec(text);
  if ('problem' in parsed) return `timerec "${text}": ${parsed.problem}`;
  if (!read.has(text)) read.set(text, { parsed: parsed.value, when: timerecMatcher(parsed.value) });
  return null;
}

/** A time recurrence as the loader read it: parsed (`null`: always), and as the matcher the decisions ask. */
export interface ReadRecurrence {
  readonly parsed: Timerec | null;
  readonly when: TimeMatcher;
}

/** Why the proxy drops a rule, and for a rule dropped for its prefix alone the stem it leaves in the tree. */
interface DropReason {
  readonly reason: string;
  readonly hint: string;
  /** The digits before the odd character of a rule dropped for its prefix alone (see {@link LoadedRules.stems}). */
  readonly stem?: string;
}

/**
 * Why the proxy drops this rule, or `null` when it keeps it (`listProblem` judges its gateway
 * list): its prefix, then its gateway list, then its time recurrence, each judged once.
 */
function dropReason(
  rule: RoutingRule,
  listProblem: (rule: RoutingRule) => { reason: string; hint: string } | null,
  read: Map<string, ReadRecurrence>,
): DropReason | null {
  const list = listProblem(rule);
  const timerec = timerecDropped(rule.timerec, read);
  const odd = firstNonDial(rule.prefix);
  if (odd >= 0) {
    const mapping = rule.kind === 'inbound_mapping';
    return {
      reason: `${dialProblem('prefix', rule.prefix)}: the proxy drops the rule`,
      hint: mapping ? dialHint('DID', 'did', '+15551230001') : dialHint('prefix', 'prefix', '44'),
      ...(odd > 0 && list === null && timerec === null ? { stem: rule.prefix.slice(0, odd) } : {}),
    };
  }
  if (list !== null) return list;
  if (timerec !== null)
    return {
      reason: `${timerec}: the proxy drops the rule`,
      hint: 'fix the time recurrence (see the timerec grammar in the docs), or leave it empty for always',
    };
  return null;
}

/** Why the proxy drops a gateway list, or `null` when it keeps it. */
type Verdict = { reason: string; hint: string } | null;

/** What the proxy's loader leaves: the rules it keeps, those it drops, and the stems dropped rules leave in the prefix tree. */
export interface LoadedRules {
  readonly kept: RoutingRule[];
  readonly dropped: DroppedRule[];
  /**
   * The digits before the odd character of each rule dropped for its prefix alone: the proxy adds
   * a rule to its prefix tree last (after its time recurrence and gateways are read), one node per
   * character, and stops at the odd one, so the nodes before it stay in the tree that every group
   * shares (drouting's `add_prefix`). They steer the prefix walk of a number with an odd character.
   */
  readonly stems: string[];
  /** Each time recurrence the loader accepted, parsed and as a matcher, by its text: read once, here. */
  readonly recurrences: ReadonlyMap<string, ReadRecurrence>;
}

/**
 * The rules the proxy keeps and those it drops, each with the reason and a hint. When the inventory
 * is known and the platform has no gateway at all, the proxy ignores every rule.
 */
export function loadRules(set: RuleSet): LoadedRules {
  const kept: RoutingRule[] = [];
  const dropped: DroppedRule[] = [];
  const stems: string[] = [];
  const recurrences = new Map<string, ReadRecurrence>();
  const inv: PartialInventory | undefined = set.inventory;
  const noGateway = inv !== undefined && inv.allGateways !== false && inv.gateways.size === 0;
  // Thousands of rules share a few gateway lists: each list of each kind is judged once. A map per
  // kind, looked up by the list itself: a key joined per rule was a new text to hash for each of
  // some 15,000 rules.
  const verdicts = { inbound_mapping: new Map<string, Verdict>(), outbound_route: new Map<string, Verdict>() };
  const listProblem = (rule: RoutingRule) => {
    const ofKind = verdicts[rule.kind];
    let why = ofKind.get(rule.gwlist);
    if (why === undefined) ofKind.set(rule.gwlist, (why = gwlistProblem(rule, set.inventory)));
    return why;
  };
  for (const rule of set.rules) {
    if (noGateway) {
      dropped.push({
        rule,
        reason: 'the platform has no gateway at all: the proxy ignores every rule',
        hint: 'create the gateways (carriers, endpoints) the rules send calls to',
      });
      continue;
    }
    const why = dropReason(rule, listProblem, recurrences);
    if (why === null) kept.push(rule);
    else {
      dropped.push({ rule, reason: why.reason, hint: why.hint });
      if (why.stem !== undefined) stems.push(why.stem);
    }
  }
  return { kept, dropped, stems, recurrences };
}
