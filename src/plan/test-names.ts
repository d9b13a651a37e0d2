import type { GatewayLabel } from '../model/group.js';
import type { LiveState } from '../model/live.js';
import type { Change } from '../model/plan.js';
import type { GroupsAfter } from './groups-after.js';
import type { RulesAfter } from './routing-impact.js';

/** What the routing tests know of the names after a plan beyond its groups (routing/run-tests.ts `TestPlace`). */
export interface NamesAfter {
  /** Names the rules refer to whose id is not known (a group the plan creates, when groups were not read). */
  readonly referenced: readonly string[];
  /** The gateways whose names and addresses are known: `labels` read before planning, then the carrier groups'. */
  readonly labels: readonly GatewayLabel[];
}

/**
 * The names the files' routing tests may expect beyond the groups after the plan: the names the
 * rules after it refer to without an id, and the gateways of `labels` (read before planning,
 * apply/read-gateway-labels.ts) and of the carrier groups the plan read or changes. Pure.
 */
export function namesAfterPlan(
  live: LiveState,
  changes: readonly Change[],
  after: RulesAfter,
  labels: readonly GatewayLabel[],
): NamesAfter {
  return { referenced: referencedNames(after.state), labels: [...labels, ...labelsAfter(live, changes, after.groups)] };
}

/** Names the rules refer to whose id is not known (a group the plan creates, when groups were not read). */
function referencedNames(state: RulesAfter['state']): string[] {
  return [
    ...(state.inbound_mappings ?? []).flatMap((m) => (m.group !== undefined && m.servers.length === 0 ? [m.group] : [])),
    ...(state.outbound_routes ?? []).flatMap((r) => (r.carrier_group !== undefined && r.gwgroupid === '' ? [r.carrier_group] : [])),
  ];
}

/**
 * The names and addresses of the gateways of carrier groups after the plan: the live ones read with
 * their endpoints, then those the plan creates or updates (endpoint i is the group's gateway i).
 */
function labelsAfter(live: LiveState, changes: readonly Change[], groups: GroupsAfter): GatewayLabel[] {
  const byId = new Map<number, GatewayLabel>();
  for (const g of live.carrier_groups ?? [])
    g.endpoints.forEach((e, i) => {
      const gwid = g.gwids[i];
      if (gwid !== undefined) byId.set(gwid, { gwid, name: e.name, address: e.hostname });
    });
  for (const c of changes) {
    if (c.kind !== 'carrier_group' || c.action === 'delete') continue;
    const id = c.action === 'create' ? groups.standIns.get(c.key) : c.gwgroupid;
    const group = groups.groups?.find((g) => g.gwgroupid === id);
    c.after.endpoints.forEach((e, i) => {
      const gwid = Number(group?.gwids[i]);
      if (Number.isFinite(gwid)) byId.set(gwid, { gwid, name: e.name, address: e.hostname });
    });
  }
  return [...byId.values()];
}
