import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { Change } from '../model/plan.js';
import type { GatewayInventory, RoutingState } from '../routing/types.js';
import { inventoryOf } from '../routing/rule-set.js';
import { groupsAfter } from '../plan/groups-after.js';
import { compileIgnore } from '../plan/ignore.js';
import { resolveGroupNames } from '../plan/resolve-groups.js';

/**
 * The mappings and routes the platform holds once a plan is applied, for the routing lints: for
 * each collection the files manage, the desired entries (with their origins; a route keeps the
 * live LCR group of the route it matches, by pinned ruleid or name) plus the live entries
 * `policy.ignore` keeps. A collection the files do not manage is left out (it was not read).
 * References by name are resolved against the live groups; one to a carrier group the plan's
 * `changes` create points at that group's stand-in id (plan/groups-after.ts).
 */
export function routingAfterPlan(files: DesiredState, live: LiveState, changes: readonly Change[] = []): RoutingState {
  const desired = resolvedNames(files, live, changes);
  const out: { -readonly [K in keyof RoutingState]: RoutingState[K] } = {};
  if (desired.inbound_mappings) {
    const ignored = compileIgnore(desired.policy.ignore.inbound_mappings);
    const liveMappings = live.inbound_mappings ?? [];
    const liveByDid = new Map(liveMappings.map((m) => [m.did, m]));
    const declared = new Set(desired.inbound_mappings.map((m) => m.did));
    out.inbound_mappings = [
      // A mapping from the files is named by its place; only one without (made in code) needs the live ruleid.
      ...desired.inbound_mappings.map((m) => {
        const was = m.origin ? undefined : liveByDid.get(m.did);
        return was ? { ...m, ruleid: was.ruleid } : m;
      }),
      ...liveMappings.filter((m) => !declared.has(m.did) && ignored(m.did)),
    ];
  }
  if (desired.outbound_routes) {
    const ignored = compileIgnore(desired.policy.ignore.outbound_routes);
    const liveRoutes = live.outbound_routes ?? [];
    const byId = new Map(liveRoutes.map((r) => [r.ruleid, r]));
    const byName = new Map(liveRoutes.map((r) => [r.name, r]));
    const taken = new Set<number>();
    const routes = desired.outbound_routes.map((r) => {
      const was = r.ruleid !== undefined ? byId.get(r.ruleid) : byName.get(r.name);
      if (!was) return r;
      taken.add(was.ruleid);
      const group = r.from_prefix !== null && was.from_prefix !== null ? { groupid: was.groupid } : {};
      return { ...r, ruleid: was.ruleid, ...group };
    });
    out.outbound_routes = [...routes, ...liveRoutes.filter((r) => !taken.has(r.ruleid) && ignored(r.name))];
  }
  return out;
}

/** The files with every group name resolved: to the live id, or to the stand-in of a group the plan creates. */
function resolvedNames(files: DesiredState, live: LiveState, changes: readonly Change[]): DesiredState {
  const resolved = live.groups ? resolveGroupNames(files, live.groups).desired : files;
  const { standIns } = groupsAfter(live, changes);
  if (standIns.size === 0) return resolved;
  const idOf = (name: string | undefined) => (name !== undefined ? standIns.get(name) : undefined);
  return {
    ...resolved,
    ...(resolved.inbound_mappings
      ? {
          inbound_mappings: resolved.inbound_mappings.map((m) => {
            const id = m.servers.length === 0 ? idOf(m.group) : undefined;
            return id === undefined ? m : { ...m, servers: [`#${id}`] };
          }),
        }
      : {}),
    ...(resolved.outbound_routes
      ? {
          outbound_routes: resolved.outbound_routes.map((r) => {
            const id = r.gwgroupid === '' ? idOf(r.carrier_group) : undefined;
            return id === undefined ? r : { ...r, gwgroupid: String(id) };
          }),
        }
      : {}),
  };
}

/**
 * The groups the proxy holds once the plan is applied, for the routing lints: `undefined` when the
 * live groups were not read (or `--allow-dangling` asks not to judge references).
 */
export function inventoryAfterPlan(live: LiveState, changes: readonly Change[], allowDangling: boolean): GatewayInventory | undefined {
  if (allowDangling) return undefined;
  const { groups } = groupsAfter(live, changes);
  return groups ? inventoryOf(groups) : undefined;
}
