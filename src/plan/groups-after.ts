import type { GatewayGroup } from '../model/group.js';
import type { LiveState } from '../model/live.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { CarrierGroupChange } from '../model/kinds/carrier-group/change.js';
import type { Change } from '../model/plan.js';

/**
 * The carrier and endpoint groups as they stand once a plan's carrier-group changes are made, for
 * its routing impact. Pure.
 */
export interface GroupsAfter {
  /** The groups after the plan; `undefined` when the live groups were not read. */
  readonly groups: readonly GatewayGroup[] | undefined;
  /** Each carrier group the plan creates, by name, to the stand-in id it has here. */
  readonly standIns: ReadonlyMap<string, number>;
}

/**
 * Groups the plan creates exist with a stand-in id past every live group id (the platform numbers
 * them itself at apply), holding one stand-in gateway per declared endpoint, past every live
 * gateway id; groups it deletes are gone; groups it updates hold their new endpoints (the live
 * gateway of an endpoint kept by name, a stand-in for a new one). Stand-ins follow the order of the
 * changes, so the same plan gets the same ones.
 */
export function groupsAfter(live: LiveState, changes: readonly Change[]): GroupsAfter {
  const known = [...(live.groups ?? []), ...(live.carrier_groups ?? [])];
  let nextGroup = Math.max(0, ...known.map((g) => g.gwgroupid)) + 1;
  const gwids = [...(live.groups ?? []).flatMap((g) => g.gwids.map(Number)), ...(live.carrier_groups ?? []).flatMap((g) => g.gwids)];
  let nextGateway = Math.max(0, ...gwids.filter((n) => Number.isFinite(n))) + 1;
  const standIns = new Map<string, number>();
  const groups = new Map((live.groups ?? []).map((g) => [g.gwgroupid, g]));
  for (const change of changes) {
    const type = KIND_SPECS[change.kind].groupType;
    if (type === undefined) continue;
    // Every group kind's changes carry a group's name, endpoints and ids as a carrier group's do.
    const c = change as CarrierGroupChange;
    if (c.action === 'delete') groups.delete(c.gwgroupid);
    else if (c.action === 'create') {
      const id = nextGroup++;
      standIns.set(c.key, id);
      // Marked pending: the words say its id is known after apply, never the stand-in.
      groups.set(id, { gwgroupid: id, name: c.after.name, type, gwids: c.after.endpoints.map(() => String(nextGateway++)), pending: true });
    } else if (c.action === 'update') {
      const kept = new Map(c.before.endpoints.map((e, i) => [e.name, c.gwids[i]]));
      const ids = c.after.endpoints.map((e) => String(kept.get(e.name) ?? nextGateway++));
      groups.set(c.gwgroupid, { gwgroupid: c.gwgroupid, name: c.after.name, type, gwids: ids });
    }
  }
  return { groups: live.groups ? [...groups.values()] : undefined, standIns };
}
