/**
 * The proxy's routing tables for a desired or live state (docs/routing-model.md "The tables the proxy reads"):
 * inbound mappings are rules of group 9000, simple routes of 8000, an LCR route a rule of its own
 * group plus an LCR record. Pure.
 */
import type { DeclaredGroup } from './gateway-words.js';
import type { GatewayGroup, GatewayLabel } from '../model/group.js';
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
  /**
   * `false` when `gateways` holds only the members of the groups: a gateway outside every group
   * cannot be seen, so a plain id no group holds counts as missing, and the reason says why.
   */
  readonly allGateways?: boolean;
}

/**
 * The inventory the proxy holds for these gateway lists (carrier and endpoint groups). `gateways`,
 * when given, is every gateway id the platform has; without it the inventory knows the groups'
 * members only and says so (`allGateways: false`): a plain gateway id no group holds is judged
 * missing, with a reason that says the API shows no gateway outside a group. The groups' names and
 * types, and the names and addresses of `labels` (the gateways whose details were read), are kept
 * for the words of a decision (`gwlist_words`); they never change a decision.
 */
export function inventoryOf(
  groups: readonly GatewayGroup[],
  gateways?: Iterable<string>,
  labels?: Iterable<GatewayLabel>,
): PartialInventory {
  const lists = new Map<string, readonly string[]>();
  const groupNames = new Map<string, { readonly name: string; readonly type: GatewayGroup['type']; readonly pending?: boolean }>();
  for (const g of groups) {
    lists.set(String(g.gwgroupid), [...g.gwids]);
    groupNames.set(
      String(g.gwgroupid),
      g.pending === true ? { name: g.name, type: g.type, pending: true } : { name: g.name, type: g.type },
    );
  }
  const gatewayNames = new Map<string, GatewayLabel>();
  for (const l of labels ?? []) gatewayNames.set(String(l.gwid), l);
  const words = gatewayNames.size > 0 ? { groupNames, gatewayNames } : { groupNames };
  if (gateways !== undefined) return { gateways: new Set(gateways), lists, allGateways: true, ...words };
  return { gateways: new Set(groups.flatMap((g) => g.gwids)), lists, allGateways: false, ...words };
}

/** The same rules with more gateways named (`labels`, read after the inventory was made): only the words of a decision change. */
export function withGatewayLabels(set: RuleSet, labels: Iterable<GatewayLabel>): RuleSet {
  if (set.inventory === undefined) return set;
  const gatewayNames = new Map(set.inventory.gatewayNames ?? []);
  for (const l of labels) gatewayNames.set(String(l.gwid), l);
  return { ...set, inventory: { ...set.inventory, gatewayNames } };
}

/**
 * The names and addresses of the gateways of carrier and endpoint groups read with their endpoints
 * (a plan's live groups of the collections the files manage): endpoint i is gateway `gwids[i]`.
 */
export function gatewayLabelsOf<
  G extends { readonly gwids: readonly number[]; readonly endpoints: readonly { readonly name: string; readonly hostname: string }[] },
>(groups: readonly G[]): GatewayLabel[] {
  return groups.flatMap((g) =>
    g.endpoints.flatMap((e, i) => (g.gwids[i] === undefined ? [] : [{ gwid: g.gwids[i], name: e.name, address: e.hostname }])),
  );
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
    rules.push(
      rule(
        'inbound_mapping',
        m.did,
        m.ruleid,
        INBOUND_GROUP,
        m.did,
        0,
        '',
        m.group !== undefined && m.servers.length === 0 ? nameReference(m.group) : m.servers.join(','),
        undefined,
        m.origin,
      ),
    );
  }
  const routes = state.outbound_routes ?? [];
  const patterns = routes.map((r) => lcrPatternOf(r));
  const used = new Set<number>();
  for (const r of routes) if (r.groupid !== undefined) used.add(r.groupid);
  const standIns = new Map<string, number>();
  let next = LCR_GROUP_MIN;
  const unplaced = patterns.filter((p, i): p is string => p !== null && routes[i]!.groupid === undefined).sort();
  for (const pattern of unplaced) {
    while (used.has(next) && next < LCR_GROUP_END - 1) next++;
    standIns.set(pattern, next);
    used.add(next);
  }
  routes.forEach((r, i) => {
    const pattern = patterns[i]!;
    const groupid = r.groupid ?? (pattern !== null ? (standIns.get(pattern) ?? LCR_GROUP_MIN) : OUTBOUND_GROUP);
    const bare = r.gwgroupid.charCodeAt(0) === 35 /* # */ ? r.gwgroupid.slice(1) : r.gwgroupid;
    const gwlist = r.carrier_group !== undefined && r.gwgroupid === '' ? nameReference(r.carrier_group) : `#${bare}`;
    rules.push(rule('outbound_route', r.name, r.ruleid, groupid, r.prefix, r.priority, r.timerec, gwlist, pattern ?? undefined, r.origin));
    if (pattern !== null) lcr.push({ pattern, groupid, key: r.name });
  });
  const declared = declaredGroupsOf(state);
  const named = declared ? { declared } : {};
  return inventory ? { rules, lcr, inventory, ...named } : { rules, lcr, ...named };
}

/**
 * The groups a state declares by name (the files' carrier and endpoint groups), for the words of a
 * rule that names one whose id is not known here; `undefined` when it declares none. A name both
 * kinds hold is worded as the endpoint group (a mapping's `group:` resolves to either).
 */
function declaredGroupsOf(state: RoutingState): ReadonlyMap<string, DeclaredGroup> | undefined {
  if (state.carrier_groups === undefined && state.endpoint_groups === undefined) return undefined;
  const out = new Map<string, DeclaredGroup>();
  for (const g of state.carrier_groups ?? []) out.set(g.name, { type: 'carrier', endpoints: [] });
  // Sorted by name, as a plan sends them and the platform then lists them (its order says nothing).
  const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  for (const g of state.endpoint_groups ?? []) out.set(g.name, { type: 'endpoint', endpoints: [...g.endpoints].sort(byName) });
  return out;
}

/**
 * One rule, its optional fields present only when set. Written out field by field (some 15,000
 * rules per plan): object spreads of optional fields cost several times as much.
 */
function rule(
  kind: RoutingRule['kind'],
  key: string,
  ruleid: number | undefined,
  groupid: number,
  prefix: string,
  priority: number,
  timerec: string,
  gwlist: string,
  lcrPattern: string | undefined,
  origin: RoutingRule['origin'],
): RoutingRule {
  const out: { -readonly [K in keyof RoutingRule]: RoutingRule[K] } =
    ruleid === undefined
      ? { kind, key, groupid, prefix, priority, timerec, gwlist }
      : { kind, key, ruleid, groupid, prefix, priority, timerec, gwlist };
  if (lcrPattern !== undefined) out.lcr_pattern = lcrPattern;
  if (origin) out.origin = origin;
  return out;
}
