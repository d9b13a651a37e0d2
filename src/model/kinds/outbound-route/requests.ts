import type { OutboundRoutePatch } from '../../outbound-route.js';
import { isPendingRoute, type RouteFields } from '../../plan.js';
import type { RouteChange } from './change.js';
import { InternalError } from '../../errors.js';
import type { KindRequest } from '../../kind-execution.js';
import { pickFields } from '../compare.js';

/** The changed fields of a route to send: `""` demotes; a non-empty from_prefix needs prefix beside it on the deployed platform. */
function routePatch(after: RouteFields, fields: readonly string[]): OutboundRoutePatch {
  const { from_prefix, ...rest } = pickFields(after, fields);
  if (!fields.includes('from_prefix')) return rest;
  return { ...rest, from_prefix: from_prefix ?? '', ...(from_prefix ? { prefix: after.prefix } : {}) };
}

/** The requests of one route change: an update, promote or demote sends only the changed fields. */
export function routeRequests(change: RouteChange): readonly KindRequest[] {
  switch (change.action) {
    case 'create': {
      // The name (carrier_group) is the plan's, not the platform's: only the id is sent.
      const { from_prefix, carrier_group: _name, ...rest } = change.after;
      return [{ op: 'create', input: { ...rest, ...(from_prefix ? { from_prefix } : {}) } }];
    }
    case 'update':
    case 'promote':
    case 'demote':
      return [{ op: 'update', id: change.ruleid, patch: routePatch(change.after, change.fields) }];
    case 'delete':
      return [{ op: 'delete', id: change.ruleid }];
    default:
      throw new InternalError(`unknown change action ${JSON.stringify(change satisfies never)}`);
  }
}

/** A route's fields with the id of a carrier group this apply created filled in (unchanged otherwise). */
export function routeWithCreatedGroup(after: RouteFields, idOf: (name: string, who: string) => number): RouteFields {
  if (!isPendingRoute(after)) return after;
  return { ...after, gwgroupid: String(idOf(after.carrier_group!, `outbound route ${JSON.stringify(after.name)}`)) };
}
