import type { InboundMapping } from '../model/inbound-mapping.js';
import type { LiveState } from '../model/live.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import type { Change, PlanIssue } from '../model/plan.js';
import type { ImpactEntry } from '../model/routing.js';
import { routingImpact } from '../routing/impact.js';
import { inventoryOf, ruleSetFromState } from '../routing/rule-set.js';
import { callTime } from '../routing/time.js';
import type { RoutingState } from '../routing/types.js';

type AfterMapping = Omit<InboundMapping, 'ruleid'> & { readonly ruleid?: number };
type AfterRoute = Omit<OutboundRoute, 'ruleid' | 'groupid'> & { readonly ruleid?: number; readonly groupid?: number };

/** The routing impact of a plan, or why it cannot be worked out. */
export type PlanImpact = { readonly ok: true; readonly impact: ImpactEntry[] } | { readonly ok: false; readonly issue: PlanIssue };

/**
 * The calls whose routing a plan's changes alter, probed at `now` in the proxy's zone `tz`. Before
 * is every live mapping and route (ignored ones too: they still route calls); after is the same
 * with the plan's changes applied, so rules the plan leaves alone stay. Both sets use the live
 * carrier and endpoint groups when they were read. A plan with no mapping or route change has none.
 */
export function planRoutingImpact(live: LiveState, changes: readonly Change[], now: number, tz: string): PlanImpact {
  if (!changes.some((c) => c.kind !== 'endpoint_lease')) return { ok: true, impact: [] };
  const at = callTime(undefined, tz, now);
  if ('problem' in at) {
    return {
      ok: false,
      issue: {
        message: `cannot work out the routing impact: the time zone ${JSON.stringify(tz)} is not usable (${at.problem})`,
        hint: 'Set TZ to an IANA zone name such as Europe/London, the zone of the proxy.',
      },
    };
  }
  const inventory = live.groups ? inventoryOf(live.groups) : undefined;
  const before = ruleSetFromState(liveRouting(live), inventory);
  const after = ruleSetFromState(applied(live, changes), inventory);
  return { ok: true, impact: routingImpact(before, after, at) };
}

function liveRouting(live: LiveState): RoutingState {
  return {
    ...(live.inbound_mappings ? { inbound_mappings: live.inbound_mappings } : {}),
    ...(live.outbound_routes ? { outbound_routes: live.outbound_routes } : {}),
  };
}

/** The live mappings and routes as they stand once every change is made. */
function applied(live: LiveState, changes: readonly Change[]): RoutingState {
  const mappings = new Map<number | string, AfterMapping>((live.inbound_mappings ?? []).map((m) => [m.ruleid, m]));
  const routes = new Map<number | string, AfterRoute>((live.outbound_routes ?? []).map((r) => [r.ruleid, r]));
  const liveRoutes = new Map((live.outbound_routes ?? []).map((r) => [r.ruleid, r]));
  changes.forEach((c, i) => {
    if (c.kind === 'inbound_mapping') {
      if (c.action === 'create') mappings.set(`new ${i}`, c.after);
      else if (c.action === 'delete') mappings.delete(c.ruleid);
      else mappings.set(c.ruleid, { ...c.after, ruleid: c.ruleid });
    } else if (c.kind === 'outbound_route') {
      if (c.action === 'create') routes.set(`new ${i}`, c.after);
      else if (c.action === 'delete') routes.delete(c.ruleid);
      else {
        // An LCR route that stays LCR keeps its group; a promoted one has none until the platform gives it one.
        const was = liveRoutes.get(c.ruleid);
        const group = c.after.from_prefix !== null && was && was.from_prefix !== null ? { groupid: was.groupid } : {};
        routes.set(c.ruleid, { ...c.after, ruleid: c.ruleid, ...group });
      }
    }
  });
  return {
    ...(live.inbound_mappings || mappings.size > 0 ? { inbound_mappings: [...mappings.values()] } : {}),
    ...(live.outbound_routes || routes.size > 0 ? { outbound_routes: [...routes.values()] } : {}),
  };
}
