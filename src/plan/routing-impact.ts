import type { InboundMapping } from '../model/inbound-mapping.js';
import type { LiveState } from '../model/live.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { isPendingMapping, isPendingRoute, type Change, type PlanIssue } from '../model/plan.js';
import type { ImpactEntry } from '../model/routing.js';
import { routingImpact } from '../routing/impact.js';
import { inventoryOf, nameReference, ruleSetFromState } from '../routing/rule-set.js';
import { callTime } from '../routing/time.js';
import type { RoutingState } from '../routing/types.js';
import { groupsAfter } from './groups-after.js';

type AfterMapping = Omit<InboundMapping, 'ruleid'> & { readonly ruleid?: number };
type AfterRoute = Omit<OutboundRoute, 'ruleid' | 'groupid'> & { readonly ruleid?: number; readonly groupid?: number };

/** The routing impact of a plan, or why it cannot be worked out. */
export type PlanImpact = { readonly ok: true; readonly impact: ImpactEntry[] } | { readonly ok: false; readonly issue: PlanIssue };

/**
 * The calls whose routing a plan's changes alter, probed at `now` in the proxy's zone `tz`. Before
 * is every live mapping and route (ignored ones too: they still route calls); after is the same
 * with the plan's changes applied, so rules the plan leaves alone stay. Before uses the live
 * carrier and endpoint groups when they were read; after uses them as the plan leaves them
 * (groups-after.ts): a rule that names a carrier group this plan creates sends to its stand-in id,
 * and the impact shows that group by name (`gwlist: '#"New carrier"'`), its id being known after
 * apply. A plan with no mapping or route change has none. `tz` may be a function, asked only when
 * a call is probed (the machine's zone costs ICU's start-up, tens of ms, which a plan without
 * changes does not need to pay).
 */
export function planRoutingImpact(live: LiveState, changes: readonly Change[], now: number, zone: string | (() => string)): PlanImpact {
  if (!changes.some((c) => c.kind !== 'endpoint_lease')) return { ok: true, impact: [] };
  const tz = typeof zone === 'function' ? zone() : zone;
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
  const before = ruleSetFromState(liveRouting(live), live.groups ? inventoryOf(live.groups) : undefined);
  const groups = groupsAfter(live, changes);
  const after = ruleSetFromState(applied(live, changes, groups.standIns), groups.groups ? inventoryOf(groups.groups) : undefined);
  const pending = new Map([...groups.standIns].map(([name, id]) => [`#${id}`, nameReference(name)]));
  const impact = routingImpact(before, after, at).map((e) => {
    const named = e.after.gwlist !== undefined ? pending.get(e.after.gwlist) : undefined;
    // The candidates of an undefined order name a created group by name too.
    const outcomes = e.after.outcomes?.some((o) => o.gwlist !== undefined && pending.has(o.gwlist))
      ? e.after.outcomes.map((o) => (o.gwlist !== undefined && pending.has(o.gwlist) ? { ...o, gwlist: pending.get(o.gwlist)! } : o))
      : undefined;
    if (named === undefined && outcomes === undefined) return e;
    return { ...e, after: { ...e.after, ...(named !== undefined ? { gwlist: named } : {}), ...(outcomes ? { outcomes } : {}) } };
  });
  return { ok: true, impact };
}

function liveRouting(live: LiveState): RoutingState {
  return {
    ...(live.inbound_mappings ? { inbound_mappings: live.inbound_mappings } : {}),
    ...(live.outbound_routes ? { outbound_routes: live.outbound_routes } : {}),
  };
}

/**
 * The live mappings and routes as they stand once every change is made; a reference to a carrier
 * group this plan creates (known after apply) points at its stand-in id.
 */
function applied(live: LiveState, changes: readonly Change[], standIns: ReadonlyMap<string, number>): RoutingState {
  const mappings = new Map<number | string, AfterMapping>((live.inbound_mappings ?? []).map((m) => [m.ruleid, m]));
  const routes = new Map<number | string, AfterRoute>((live.outbound_routes ?? []).map((r) => [r.ruleid, r]));
  const liveRoutes = new Map((live.outbound_routes ?? []).map((r) => [r.ruleid, r]));
  changes.forEach((c, i) => {
    if (c.kind === 'inbound_mapping') {
      const id = c.action !== 'delete' && isPendingMapping(c.after) ? standIns.get(c.after.group!) : undefined;
      if (id !== undefined && c.action !== 'delete') c = { ...c, after: { ...c.after, servers: [`#${id}`] } };
      if (c.action === 'create') mappings.set(`new ${i}`, c.after);
      else if (c.action === 'delete') mappings.delete(c.ruleid);
      else mappings.set(c.ruleid, { ...c.after, ruleid: c.ruleid });
    } else if (c.kind === 'outbound_route') {
      const id = c.action !== 'delete' && isPendingRoute(c.after) ? standIns.get(c.after.carrier_group!) : undefined;
      if (id !== undefined && c.action !== 'delete') c = { ...c, after: { ...c.after, gwgroupid: String(id) } };
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
