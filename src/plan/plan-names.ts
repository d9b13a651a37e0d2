/**
 * The names a plan carries for the ids its changes show (issue 26, part 3): the groups a route's
 * `gwgroupid` or a mapping's `servers` names, and their gateways, before and after. Pure.
 */
import type { GatewayLabel, GroupLabel, PlanNames } from '../model/group.js';
import type { LiveState } from '../model/live.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { Change } from '../model/plan.js';
import { bareGwgroupid } from '../model/rules.js';

/** The group ids and gateway ids one side of a rule change names. */
function idsOf(fields: unknown, groups: Set<string>, gateways: Set<string>): void {
  const f = fields as { readonly servers?: readonly string[]; readonly gwgroupid?: string };
  if (typeof f.gwgroupid === 'string' && f.gwgroupid !== '') groups.add(String(Number(bareGwgroupid(f.gwgroupid))));
  for (const s of f.servers ?? []) {
    if (s.startsWith('#')) groups.add(String(Number(s.slice(1))));
    else gateways.add(s);
  }
}

/**
 * The names of the groups and gateways the rule changes refer to by id, from what the plan read:
 * every group's name and type (`live.groups`), and the name and address of the gateways of the
 * carrier groups read in full (`live.carrier_groups`, when the files manage them). `undefined` when
 * it knows none, so a plan without them is as before.
 */
export function planNames(changes: readonly Change[], live: LiveState): PlanNames | undefined {
  const groupIds = new Set<string>();
  const gatewayIds = new Set<string>();
  for (const c of changes) {
    if (!KIND_SPECS[c.kind].isRule) continue;
    if ('before' in c) idsOf(c.before, groupIds, gatewayIds);
    if ('after' in c) idsOf(c.after, groupIds, gatewayIds);
  }
  const groups: Record<string, GroupLabel> = {};
  for (const g of live.groups ?? []) {
    const id = String(g.gwgroupid);
    if (groupIds.has(id)) groups[id] = { name: g.name, type: g.type };
  }
  const gateways: Record<string, Omit<GatewayLabel, 'gwid'>> = {};
  for (const g of live.carrier_groups ?? []) {
    g.endpoints.forEach((e, i) => {
      const id = g.gwids[i] === undefined ? undefined : String(g.gwids[i]);
      if (id !== undefined && gatewayIds.has(id)) gateways[id] = { name: e.name, address: e.hostname };
    });
  }
  const sorted = <T>(r: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(r).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b)));
  const out = {
    ...(Object.keys(groups).length > 0 ? { groups: sorted(groups) } : {}),
    ...(Object.keys(gateways).length > 0 ? { gateways: sorted(gateways) } : {}),
  };
  return Object.keys(out).length > 0 ? out : undefined;
}
