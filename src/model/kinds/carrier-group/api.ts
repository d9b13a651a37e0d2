import type { CarrierGroup, CarrierGroupContent } from '../../carrier-group.js';
import { DsipformError } from '../../errors.js';
import type { GatewayGroup } from '../../group.js';
import type { KindApi, ObjectRef } from '../../kind-api.js';
import { CARRIER_GROUPS, ENDPOINT_GROUPS, everyMemberNamed, GROUP_API, groupAnswer, groupFromWire, groupPath } from '../group-api.js';
import { carrierGroupFromWire, carrierGroupToWire, weightsFromWire } from './wire.js';

/**
 * The platform's update writes lb_enabled and the registration every time (a value left out of the
 * body is written as "off" and "none"), and its API never shows them, so no caller can send back
 * what the group holds: content that leaves them out (`unstated`) would overwrite them blind. Every
 * front end's update goes through here; plans refuse such an update earlier, with the entry's place.
 */
function refuseBlindOverwrite(ref: ObjectRef, content: CarrierGroupContent): void {
  const blind = content.unstated ?? [];
  if (blind.length === 0) return;
  const effects = blind.map((f) => (f === 'auth' ? 'clear its registration (auth)' : 'set lb_enabled to false'));
  throw new DsipformError(
    'PLAN_OVERWRITES_UNREAD',
    `refusing to update carrier group "${content.name}" (gwgroupid ${ref.id}): the update writes ${blind.join(' and ')}, which the platform's API never shows and which were left out, so it would ${effects.join(' and ')}`,
    'Say what the group holds: lb_enabled true or false, and its registration (auth type userpwd with its username, domain and password) or none (auth type ip).',
  );
}

/**
 * The carrier-group API (`/carriergroups`). Its irregularities: the list holds no endpoints (the
 * live state reads each group); a group's weights show only at `GET /endpointgroups/<id>` (a
 * second read); the platform swallows a failed write (a 200 without an id, or with one and
 * without some gateways: apply reads back); the update cannot remove a gateway, and writes
 * lb_enabled and the registration blind (refused when they are left out).
 */
export const CARRIER_GROUP_API: KindApi<CarrierGroup, GatewayGroup> = {
  ...GROUP_API,
  secretsOf: (content) => [(content as CarrierGroupContent).auth?.auth_password],
  list: { call: () => ({ method: 'GET', path: CARRIER_GROUPS }), read: (record, ctx) => groupFromWire(record, ctx, 'carrier') },
  live: { from: 'each', listedId: (g) => g.gwgroupid },
  idOf: (g) => g.gwgroupid,
  get: {
    calls: (ref) => [
      { method: 'GET', path: groupPath(CARRIER_GROUPS, ref.id) },
      { method: 'GET', path: groupPath(ENDPOINT_GROUPS, ref.id) },
    ],
    read: ([one, weights], [ctx, wctx]) => {
      if (!one || !ctx || !wctx || one.length === 0) return null;
      const byGwid = weights && weights.length > 0 ? weightsFromWire(weights[0], wctx.read) : new Map<number, number>();
      return carrierGroupFromWire(one[0], byGwid, ctx.read);
    },
  },
  create: {
    call: (content) => ({ method: 'POST', path: CARRIER_GROUPS, body: carrierGroupToWire(content as CarrierGroupContent, '') }),
    answer: groupAnswer,
    keyOfInput: (content) => (content as CarrierGroupContent).name,
  },
  update: {
    call: (ref, patch, _profile, members) => {
      const content = patch as CarrierGroupContent;
      const body = carrierGroupToWire(content, ref.id ?? '', members);
      return { method: 'PUT', path: groupPath(CARRIER_GROUPS, ref.id), body, idempotent: everyMemberNamed(content.endpoints, members) };
    },
    refuse: (ref, patch) => refuseBlindOverwrite(ref, patch as CarrierGroupContent),
    answer: groupAnswer,
  },
  delete: (ref) => ({ method: 'DELETE', path: groupPath(CARRIER_GROUPS, ref.id) }),
};
