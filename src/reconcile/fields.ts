import type { DesiredMapping, DesiredRoute } from '../model/desired.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import type { MappingFields, RouteFields } from './types.js';

/**
 * Both sides of a comparison reduced to the same plain fields: defaults filled, server-only fields
 * (ruleid, groupid) dropped, `from_prefix` null for simple routes, gwgroupid without `#`.
 */

/** The comparable fields of a mapping, live or desired. */
export function mappingFields(m: InboundMapping | DesiredMapping): MappingFields {
  return { did: m.did, servers: [...m.servers], notes: m.notes };
}

/** The comparable fields of a route, live or desired. */
export function routeFields(r: OutboundRoute | DesiredRoute): RouteFields {
  return {
    name: r.name,
    prefix: r.prefix,
    from_prefix: r.from_prefix ? r.from_prefix : null,
    gwgroupid: r.gwgroupid.replace(/^#/, ''),
    priority: r.priority,
    timerec: r.timerec,
    routeid: r.routeid,
  };
}

/** Names of the fields whose values differ, in the fields' declared order. */
export function changedFields<T extends object>(before: T, after: T): string[] {
  const out: string[] = [];
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out.push(String(key));
  }
  return out;
}

/** The LCR pattern a route holds, or `null` for a simple route. */
export function patternOf(route: Pick<RouteFields, 'from_prefix' | 'prefix'> | undefined): string | null {
  return route && route.from_prefix ? `${route.from_prefix}-${route.prefix}` : null;
}
