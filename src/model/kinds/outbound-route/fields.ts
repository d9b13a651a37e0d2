import type { DesiredRoute } from '../../desired.js';
import type { OutboundRoute } from '../../outbound-route.js';
import type { RouteFields } from '../../plan.js';
import { bareGwgroupid } from '../../rules.js';
import { changedBy, readAll, type FieldReaders } from '../compare.js';

type Side = OutboundRoute | DesiredRoute;

/**
 * An outbound route's compared fields, stated once, each read as both sides are compared:
 * `from_prefix` null for simple routes, gwgroupid without `#`. Server-only fields (ruleid, groupid)
 * are not among them.
 */
export const ROUTE_READERS = {
  name: (r: Side) => r.name,
  prefix: (r: Side) => r.prefix,
  from_prefix: (r: Side): string | null => (r.from_prefix ? r.from_prefix : null),
  gwgroupid: (r: Side) => bareGwgroupid(r.gwgroupid),
  priority: (r: Side) => r.priority,
  timerec: (r: Side) => r.timerec,
  routeid: (r: Side) => r.routeid,
} satisfies FieldReaders<Side>;

/** The comparable fields of a route, live or desired; with the carrier group the files named beside (never compared). */
export function routeFields(r: Side): RouteFields {
  const named = (r as DesiredRoute).carrier_group;
  return { ...(readAll<Side>(ROUTE_READERS, r) as unknown as RouteFields), ...(named !== undefined ? { carrier_group: named } : {}) };
}

/** The names of the compared fields whose values differ, in their order. */
export function changedRouteFields(before: Side, after: Side): string[] {
  return changedBy<Side>(ROUTE_READERS, before, after);
}
