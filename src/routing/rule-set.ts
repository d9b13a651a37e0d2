/**
 * The proxy's routing tables for a desired or live state (routing-semantics.md "Tables involved"):
 * inbound mappings are rules of group 9000, simple routes of 8000, an LCR route a rule of its own
 * group plus an LCR record. Pure.
 */
import type { GatewayGroup } from '../model/group.js';
import { lcrPatternOf } from '../model/outbound-route.js';
import {
  INBOUND_GROUP,
  LCR_GROUP_END,
  LCR_GROUP_MIN,
  OUTBOUND_GROUP,
  type GatewayInventory,
  type LcrRecord,
  type RoutingRule,
  type RoutingState,
  type RuleSet,
} from './types.js';

/** The gwlist of a reference by name whose id is not known here: `#"Carrier A"`. */
export function nameReference(name: string): string {
  return `#${JSON.stringify(name)}`;
}

/** The group name of a {@link nameReference}, or `null` when the gwlist is not one. */
export function referencedName(gwlist: string): string | null {
  if (!gwlist.startsWith('#"')) return null;
  try {
    const name: unknown = JSON.parse(gwlist.slice(1));
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

/** A gateway inventory that may not know every gateway: `allGateways: false` when only the groups were read. */
export interface PartialInventory extends GatewayInventory {
  /** `false` when `gateways` holds only the members of the groups (gateways outside any group unknown). */
  readonly allGateways?: boolean;
}

/**
 * The inventory the proxy holds for these gateway lists (carrier and endpoint groups). `gateways`,
 * when given, is every gateway id the platform has; without it the inventory knows the groups'
 * members only and says so (`allGateways: false`), so a plain gateway id is not judged.
 */
export function inventoryOf(groups: readonly GatewayGroup[], gateways?: Iterable<string>): PartialInventory {
  const lists = new Map<string, readonly string[]>();
  for (const g of groups) lists.set(String(g.gwgroupid), [...g.gwids]);
  if (gateways !== undefined) return { gateways: new Set(gateways), lists, allGateways: true };
  return { gateways: new Set(groups.flatMap((g) => g.gwids)), lists, allGateways: false };
}

/**
 * The rules the proxy would hold for the mappings and routes of a state. A mapping's gwlist is its
 * servers joined with `,`; a route's is `#<gwgroupid>`; a reference by name not resolved to an id
 * (the files alone) is `#"NAME"` ({@link nameReference}). A route keeps its live groupid when it has
 * one (so a live route left in an LCR group after losing its from_prefix stays there, as on the
 * platform); a desired LCR route without one gets a stand-in group: the lowest in [10000, 20000)
 * that no other route holds, in the order of the LCR patterns (stable for a given state).
 */
export function ruleSetFromState(state: RoutingState, inventory?: GatewayInventory): RuleSet {
  const rules: RoutingRule[] = [];
  const lcr: LcrRecord[] = [];
  for (const m of state.inbound_mappings ?? []) {
    rules.push({
      kind: 'inbound_mapping',
      key: m.did,
      ...(m.ruleid !== undefined ? { ruleid: m.ruleid } : {}),
      groupid: INBOUND_GROUP,
      prefix: m.did,
      priority: 0,
      timerec: '',
      gwlist: m.group !== undefined && m.servers.length === 0 ? nameReference(m.group) : m.servers.join(','),
      ...(m.origin ? { origin: m.origin } : {}),
    });
  }
  const routes = state.outbound_routes ?? [];
  const used = new Set(routes.map((r) => r.groupid).filter((g): g is number => g !== undefined));
  const standIns = new Map<string, number>();
  let next = LCR_GROUP_MIN;
  const unplaced = routes
    .map((r) => lcrPatternOf(r))
    .filter((p, i): p is string => p !== null && routes[i]?.groupid === undefined)
    .sort();
  for (const pattern of unplaced) {
    while (used.has(next) && next < LCR_GROUP_END - 1) next++;
    standIns.set(pattern, next);
    used.add(next);
  }
  for (const r of routes) {
    const pattern = lcrPatternOf(r);
    const groupid = r.groupid ?? (pattern !== null ? (standIns.get(pattern) ?? LCR_GROUP_MIN) : OUTBOUND_GROUP);
    rules.push({
      kind: 'outbound_route',
      key: r.name,
      ...(r.ruleid !== undefined ? { ruleid: r.ruleid } : {}),
      groupid,
      prefix: r.prefix,
      priority: r.priority,
      timerec: r.timerec,
      gwlist: r.carrier_group !== undefined && r.gwgroupid === '' ? nameReference(r.carrier_group) : `#${r.gwgroupid.replace(/^#/, '')}`,
      ...(pattern !== null ? { lcr_pattern: pattern } : {}),
      ...(r.origin ? { origin: r.origin } : {}),
    });
    if (pattern !== null) lcr.push({ pattern, groupid, key: r.name });
  }
  return inventory ? { rules, lcr, inventory } : { rules, lcr };
}
