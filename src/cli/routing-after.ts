import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { RoutingState } from '../routing/types.js';
import { compileIgnore } from '../plan/ignore.js';
import { resolveGroupNames } from '../plan/resolve-groups.js';

/**
 * The mappings and routes the platform holds once a plan is applied, for the routing lints: for
 * each collection the files manage, the desired entries (with their origins; a route keeps the
 * live LCR group of the route it matches, by pinned ruleid or name) plus the live entries
 * `policy.ignore` keeps. A collection the files do not manage is left out (it was not read).
 * References to groups by name are resolved against the live groups first, so a name the
 * platform knows lints like its id (a name only a carrier group of this plan has stays unresolved).
 */
export function routingAfterPlan(files: DesiredState, live: LiveState): RoutingState {
  const desired = resolveGroupNames(files, live.groups).desired;
  const out: { -readonly [K in keyof RoutingState]: RoutingState[K] } = {};
  if (desired.inbound_mappings) {
    const ignored = compileIgnore(desired.policy.ignore.inbound_mappings);
    const liveByDid = new Map((live.inbound_mappings ?? []).map((m) => [m.did, m]));
    out.inbound_mappings = [
      ...desired.inbound_mappings.map((m) => {
        const was = liveByDid.get(m.did);
        return was ? { ...m, ruleid: was.ruleid } : m;
      }),
      ...(live.inbound_mappings ?? []).filter((m) => ignored(m.did) && !desired.inbound_mappings!.some((d) => d.did === m.did)),
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
