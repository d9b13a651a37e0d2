import type { GatewayGroup, GroupType } from '../group.js';
import type { AnswerContext, KindApi, WriteAnswer } from '../kind-api.js';
import { wireText } from '../wire-reader.js';

/**
 * What the two gateway-group kinds' APIs share (`/carriergroups`, `/endpointgroups`): how the
 * lists show a group, how a write's answer names it, and the platform's two irregularities, its
 * 404 of an unknown group that reads as an unknown path and its 200 that hides a failed write.
 */

/** The carrier-group collection path. */
export const CARRIER_GROUPS = '/carriergroups';
/** The endpoint-group collection path: `GET /endpointgroups/<id>` answers any group, carrier or endpoint. */
export const ENDPOINT_GROUPS = '/endpointgroups';

/** A group's path below its collection. */
export const groupPath = (collection: string, id: number | undefined): string => `${collection}/${encodeURIComponent(id ?? '')}`;

/** A `gwlist` (`"1,2"`, `""`) → its gateway ids, in order. */
function gwlistIds(value: unknown): string[] {
  return String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A `GET /carriergroups` or `GET /endpointgroups` record → the group as the list shows it. */
export function groupFromWire(value: unknown, ctx: AnswerContext, type: GroupType): GatewayGroup {
  const rec = ctx.read.record(value);
  return { gwgroupid: ctx.read.int(rec, 'gwgroupid'), name: wireText(rec, 'name'), type, gwids: gwlistIds(rec.gwlist) };
}

/** The `gwgroupid` a group write answered, or none (the platform swallowed the write's failure: `GROUP_API.noId`). */
export function groupAnswer<L>(data: readonly unknown[], ctx: AnswerContext): WriteAnswer<L> {
  const rec = ctx.first(data) as Record<string, unknown> | null;
  const v = rec?.gwgroupid;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? { id: n } : {};
}

/** Whether a write may be sent again after an ambiguous failure: an endpoint without its gateway id would create a second gateway. */
export const everyMemberNamed = (endpoints: readonly unknown[], members: readonly (number | undefined)[]): boolean =>
  endpoints.every((_, i) => members[i] !== undefined);

/** The parts of both group kinds' APIs that are the same. */
export const GROUP_API = {
  // "The carrier group doesn't exist", "Endpoint Group Does Not Exist": a 404 with error "http".
  absentSays: /group (doesn't|does not) exist/i,
  noId: {
    then: 'swallowed',
    message: 'the platform answered 200, but its answer holds no group id: the write failed and the platform hid why',
    hint: 'The platform swallows errors on carrier-group writes: check the group (name, auth domain) and plan again to see what was applied.',
  },
} as const satisfies Partial<KindApi>;
