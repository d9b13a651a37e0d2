/**
 * The proxy's loader (docs/routing-model.md "Loading: rules the proxy skips"): which rules
 * it keeps and which it drops with only a log line. Pure.
 */
import { parseTimerec } from '../model/timerec.js';
import { referencedName, type PartialInventory } from './rule-set.js';
import type { DroppedRule, GatewayInventory, RoutingRule, RuleSet } from './types.js';

const DIAL_CHARS = /^[0-9*#+]*$/;
/** The most gateways the proxy tries for one rule. */
export const MAX_GATEWAYS = 32;

/** The gateway ids of a plain gwlist: separators `,` and `|`, `;` between sub-lists. */
export function gatewayIdsOf(gwlist: string): string[] {
  return gwlist.split(/[,|;]/).map((s) => s.trim());
}

/** What the rule's gwlist is called in the files. */
function listName(rule: RoutingRule): string {
  return rule.kind === 'inbound_mapping' ? 'servers' : 'gwgroupid';
}

/** The fix for a server list the proxy drops. */
const SERVERS_HINT = 'list gateway ids only (servers: ["66", "67"]) or one carrier group alone (servers: ["#22"])';

/** Why the proxy drops this gwlist, or `null` when it keeps it. */
export function gwlistProblem(rule: RoutingRule, inventory: GatewayInventory | undefined): { reason: string; hint: string } | null {
  const { gwlist } = rule;
  const name = listName(rule);
  const shown = JSON.stringify(gwlist);
  const known = inventory !== undefined;
  if (gwlist.trim() === '') return { reason: `${name} is empty: the proxy drops a rule with no gateway`, hint: SERVERS_HINT };
  // A group named in the files: its id is resolved at plan time (and checked there), not here.
  if (referencedName(gwlist) !== null) return null;
  if (gwlist.startsWith('#')) {
    const rest = gwlist.slice(1);
    if (!/^[0-9]+$/.test(rest)) {
      const groups = (gwlist.match(/#/g) ?? []).length;
      const reason =
        groups > 1
          ? `${name} hold two group references (${shown}): the proxy drops a rule that names more than one group`
          : `${name} mix a group reference and gateway ids (${shown}): the proxy drops the rule`;
      return { reason, hint: rule.kind === 'inbound_mapping' ? SERVERS_HINT : 'name one carrier group: gwgroupid: "5"' };
    }
    if (!known) return null;
    const members = inventory.lists.get(String(Number(rest)));
    if (members === undefined) {
      return {
        reason: `${name} names group ${rest}, which does not exist on the platform: the proxy drops the rule`,
        hint: 'name an existing carrier or endpoint group, or create that group first',
      };
    }
    if (members.length === 0) {
      return {
        reason: `${name} names group ${rest}, which holds no gateways: the proxy drops the rule`,
        hint: 'add gateways to the group, or name another group',
      };
    }
    return null;
  }
  const ids = gatewayIdsOf(gwlist);
  if (ids.some((id) => id.startsWith('#'))) {
    return { reason: `${name} mix a gateway id and a group reference (${shown}): the proxy drops the rule`, hint: SERVERS_HINT };
  }
  if (ids.some((id) => id === ''))
    return { reason: `${name} hold an empty entry (${shown}): the proxy drops the rule`, hint: SERVERS_HINT };
  const bad = ids.find((id) => !/^[0-9]+$/.test(id));
  if (bad !== undefined)
    return { reason: `${name} entry ${JSON.stringify(bad)} is not a gateway id: the proxy drops the rule`, hint: SERVERS_HINT };
  if (known) {
    const missing = ids.filter((id) => !inventory.gateways.has(String(Number(id))));
    if (missing.length === 0) return null;
    const which = `${name} name gateway ${missing.join(', ')}`;
    // The platform's API lists gateways only through their groups: when only the groups were
    // read, a gateway no group holds cannot be told from a missing one. It counts as missing (as
    // plan's reference check counts it), and the reason says so.
    if ((inventory as PartialInventory).allGateways === false) {
      return {
        reason: `${which}, which no carrier or endpoint group holds: the proxy drops the rule when no such gateway exists (the platform's API lists gateways only through their groups, so a gateway outside every group cannot be seen and counts as missing)`,
        hint: 'name gateways of a carrier or endpoint group, or the group itself (servers: ["#22"])',
      };
    }
    return {
      reason: `${which}, which does not exist on the platform: the proxy drops the rule`,
      hint: 'name existing gateways, or create them first',
    };
  }
  return null;
}

/**
 * Why the loader drops a time recurrence, or `null`: one the parser refuses. A duration the proxy
 * cannot read is not among them (it reads 0 and keeps the rule: a warning, see lint.ts).
 */
function timerecDropped(text: string): string | null {
  const parsed = parseTimerec(text);
  return 'problem' in parsed ? `timerec "${text}": ${parsed.problem}` : null;
}

/** Why the proxy drops this rule, or `null` when it keeps it (`listProblem` judges its gateway list). */
function dropReason(
  rule: RoutingRule,
  listProblem: (rule: RoutingRule) => { reason: string; hint: string } | null,
): { reason: string; hint: string } | null {
  if (!DIAL_CHARS.test(rule.prefix)) {
    return {
      reason: `prefix ${JSON.stringify(rule.prefix)} holds a character outside 0-9 * # +: the proxy drops the rule`,
      hint: 'use only 0-9 + # * in a prefix or DID',
    };
  }
  const list = listProblem(rule);
  if (list !== null) return list;
  const timerec = timerecDropped(rule.timerec);
  if (timerec !== null)
    return {
      reason: `${timerec}: the proxy drops the rule`,
      hint: 'fix the time recurrence (see the timerec grammar in the docs), or leave it empty for always',
    };
  return null;
}

/** The first character of a prefix outside `0-9 * # +`, or -1 when there is none. */
export function firstOddChar(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // 0-9, *, #, +
    if (!((c >= 48 && c <= 57) || c === 42 || c === 35 || c === 43)) return i;
  }
  return -1;
}

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
}

/**
 * The rules the proxy keeps and those it drops, each with the reason and a hint. When the inventory
 * is known and the platform has no gateway at all, the proxy ignores every rule.
 */
export function loadRules(set: RuleSet): LoadedRules {
  const kept: RoutingRule[] = [];
  const dropped: DroppedRule[] = [];
  const stems: string[] = [];
  const inv: PartialInventory | undefined = set.inventory;
  const noGateway = inv !== undefined && inv.allGateways !== false && inv.gateways.size === 0;
  // Thousands of rules share a few gateway lists: each list of each kind is judged once.
  const verdicts = new Map<string, { reason: string; hint: string } | null>();
  const listProblem = (rule: RoutingRule) => {
    const key = `${rule.kind}\u0000${rule.gwlist}`;
    let why = verdicts.get(key);
    if (why === undefined) verdicts.set(key, (why = gwlistProblem(rule, set.inventory)));
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
    const why = dropReason(rule, listProblem);
    if (why === null) kept.push(rule);
    else {
      dropped.push({ rule, ...why });
      const odd = firstOddChar(rule.prefix);
      if (odd > 0 && listProblem(rule) === null && timerecDropped(rule.timerec) === null) stems.push(rule.prefix.slice(0, odd));
    }
  }
  return { kept, dropped, stems };
}
