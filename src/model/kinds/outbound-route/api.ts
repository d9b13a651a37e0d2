import type { KindApi } from '../../kind-api.js';
import type { OutboundRoute, OutboundRouteInput, OutboundRoutePatch } from '../../outbound-route.js';
import { bareGwgroupid } from '../../rules.js';
import { routeFromWire } from './wire.js';

/** A route's fields, in sorted order: live records hold exactly these, all flat (see `MAPPING_CHECKSUM_FIELDS`). */
export const ROUTE_CHECKSUM_FIELDS = [
  'from_prefix',
  'groupid',
  'gwgroupid',
  'name',
  'prefix',
  'priority',
  'routeid',
  'ruleid',
  'timerec',
] as const satisfies readonly (keyof OutboundRoute)[];
// A field added to the record must be added above, or it would be left out of the checksum.
const everyFieldListed: [Exclude<keyof OutboundRoute, (typeof ROUTE_CHECKSUM_FIELDS)[number]>] extends [never] ? true : never = true;
void everyFieldListed;

/** The outbound-routes collection path. */
const ROUTES = '/outboundroutes';
const at = (id: number | undefined): string => `${ROUTES}/${encodeURIComponent(id ?? '')}`;

/**
 * The outbound-routes API (`/outboundroutes`, a route at `/outboundroutes/<ruleid>`). Its
 * irregularities: a create's answer names only the rule id, so after an ambiguous failure the list
 * is read for the newest route of this name and these fields; the platform needs `prefix` beside
 * a non-empty `from_prefix`, so an update that promotes without one reads the route first; the
 * deployed platform answers an update `data: []` (the specified one the route), so no update's
 * answer is read; a route is always named by its path (`/outboundroutes/<ruleid>`), which both
 * profiles take, never by a `?ruleid=` query, which the deployed platform merges into the body.
 */
export const ROUTE_API: KindApi<OutboundRoute, OutboundRoute> = {
  list: { call: () => ({ method: 'GET', path: ROUTES }), read: (record, ctx) => routeFromWire(record, ctx.read) },
  live: { from: 'list' },
  idOf: (r) => r.ruleid,
  get: {
    calls: (ref) => [{ method: 'GET', path: at(ref.id) }],
    read: ([data], [ctx]) => (data && ctx && data.length > 0 ? routeFromWire(data[0], ctx.read) : null),
  },
  create: {
    call: (input) => ({ method: 'POST', path: ROUTES, body: { ...input } }),
    answer: (data, ctx) => ({ id: ctx.read.int(ctx.first(data) as Record<string, unknown>, 'ruleid') }),
    keyOfInput: (input) => (input as OutboundRouteInput).name,
    recover: {
      by: 'list',
      same: (r, input) => {
        const asked = input as OutboundRouteInput;
        return (
          r.name === asked.name &&
          r.prefix === asked.prefix &&
          r.gwgroupid === bareGwgroupid(asked.gwgroupid) &&
          (r.from_prefix ?? '') === (asked.from_prefix ?? '')
        );
      },
    },
  },
  update: {
    call: (ref, patch, _profile, _members, current) => {
      const body: Record<string, unknown> = { ...patch };
      if (current) body.prefix = current.prefix;
      return { method: 'PUT', path: at(ref.id), body };
    },
    needsCurrent: (patch) => {
      const p = patch as OutboundRoutePatch;
      return Boolean(p.from_prefix) && p.prefix === undefined;
    },
  },
  delete: (ref) => ({ method: 'DELETE', path: at(ref.id) }),
};
