import type { GatewayLabel } from '../model/group.js';
import type { LiveState } from '../model/live.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { CarrierGroupChange } from '../model/kinds/carrier-group/change.js';
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
  return { referenced: referencedNames(after.state), labels: labelsAfter(live, changes, after.groups, labels) };
}

/** Names the rules refer to whose id is not known (a group the plan creates, when groups were not read). */
function referencedNames(state: RulesAfter['state']): string[] {
  return [
    ...(state.inbound_mappings ?? []).flatMap((m) => (m.group !== undefined && m.servers.length === 0 ? [m.group] : [])),
    ...(state.outbound_routes ?? []).flatMap((r) => (r.carrier_group !== undefined && r.gwgroupid === '' ? [r.carrier_group] : [])),
  ];
}

/**
 * The names and addresses of the gateways of carrier and endpoint groups after the plan: those read
 * before planning (`read`), the live ones read with their endpoints, then those of the groups the
 * plan creates or updates (endpoint i
 * is the group's gateway i); an endpoint the plan adds has a stand-in id and is marked `pending`.
 * What the routing tests and the plan's routing impact name gateways by. Pure.
 */
export function labelsAfter(
  live: LiveState,
  changes: readonly Change[],
  groups: GroupsAfter,
  read: readonly GatewayLabel[] = [],
): GatewayLabel[] {
  const byId = new Map<number, GatewayLabel>(read.map((l) => [l.gwid, l]));
  for (const g of [...(live.carrier_groups ?? []), ...(live.endpoint_groups ?? [])])
    g.endpoints.forEach((e, i) => {
      const gwid = g.gwids[i];
      if (gwid !== undefined) byId.set(gwid, { gwid, name: e.name, address: e.hostname });
    });
  for (const change of changes) {
    if (KIND_SPECS[change.kind].groupType === undefined) continue;
    // Every group kind's changes carry a group's name, endpoints and ids as a carrier group's do.
    const c = change as CarrierGroupChange;
    if (c.action === 'delete') continue;
    const id = c.action === 'create' ? groups.standIns.get(c.key) : c.gwgroupid;
    const group = groups.groups?.find((g) => g.gwgroupid === id);
    const kept = new Set(c.action === 'update' ? c.before.endpoints.map((e) => e.name) : []);
    c.after.endpoints.forEach((e, i) => {
      const gwid = Number(group?.gwids[i]);
      if (!Number.isFinite(gwid)) return;
      byId.set(
        gwid,
        kept.has(e.name) ? { gwid, name: e.name, address: e.hostname } : { gwid, name: e.name, address: e.hostname, pending: true },
      );
    });
  }
  return [...byId.values()];
}
