import type { CarrierGroup, UnreadableCarrierField } from '../model/carrier-group.js';
import { passwordVariableFor } from '../model/kinds/carrier-group/fields.js';
import type { GatewayGroup } from '../model/group.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { serverListProblem } from '../model/rules.js';
import { referenceJudge } from './check-refs.js';

/** One exported mapping: defaults left out. */
interface ExportedMapping {
  readonly did: string;
  readonly servers?: readonly string[];
  /** Instead of `servers: ["#<id>"]`, when no other group has the name. */
  readonly group?: string;
  readonly notes?: string;
}

/** One exported route: defaults left out; `ruleid` only where the name alone is ambiguous. */
interface ExportedRoute {
  readonly name: string;
  readonly ruleid?: number;
  readonly prefix: string;
  readonly from_prefix?: string;
  readonly gwgroupid?: string;
  /** Instead of `gwgroupid`, when no other carrier group has the name. */
  readonly carrier_group?: string;
  readonly priority?: number;
  readonly timerec?: string;
  readonly routeid?: string;
}

/** One exported carrier group: defaults left out; a password as the variable it must come from. */
interface ExportedCarrierGroup {
  readonly name: string;
  readonly lb_enabled?: true;
  readonly endpoints: readonly { name: string; hostname: string; strip?: number; prefix?: string; weight?: number }[];
  readonly auth?: Readonly<Record<string, string>>;
}

/** A desired-state document that describes the live state exactly. */
export interface ExportDocument {
  readonly version: 1;
  readonly inbound_mappings: readonly ExportedMapping[];
  readonly outbound_routes: readonly ExportedRoute[];
  /** Present when the carrier groups were read; groups sharing a name are left out (see `sharedGroupNames`). */
  readonly carrier_groups?: readonly ExportedCarrierGroup[];
  /**
   * What the file cannot describe, ignored so that planning it keeps those objects instead of
   * deleting them: names carrier groups share, and the rules the proxy drops (see `droppedRules`).
   */
  readonly policy?: {
    readonly ignore: {
      readonly carrier_groups?: readonly string[];
      readonly inbound_mappings?: readonly string[];
      readonly outbound_routes?: readonly string[];
    };
  };
}

/** Live rules a desired-state file cannot hold: the proxy drops them, and validate or plan refuses them. */
export interface DroppedRules {
  /** Mappings by DID, each with why. */
  readonly mappings: ReadonlyMap<string, string>;
  /** Routes by name (every route of that name: an ignore entry keeps them all), each with why. */
  readonly routes: ReadonlyMap<string, string>;
}

/**
 * The live rules that an exported file cannot describe, because the proxy drops them and so
 * `validate` or `plan` refuses them (the platform's API accepts them): a mapping whose servers mix
 * gateway ids and a group or name two groups; with the live `groups`, a mapping or route naming a
 * group that does not exist or holds no gateway, or a gateway no group holds (plan's reference check).
 */
export function droppedRules(
  mappings: readonly InboundMapping[],
  routes: readonly OutboundRoute[],
  groups: readonly GatewayGroup[] | undefined,
): DroppedRules {
  const judge = groups && groups.length > 0 ? referenceJudge(groups) : undefined;
  const dropped = new Map<string, string>();
  for (const m of mappings) {
    const why = serverListProblem(m.servers) ?? m.servers.map((s) => judge?.server(s) ?? null).find((w) => w !== null) ?? null;
    if (why !== null) dropped.set(m.did, why);
  }
  const droppedRoutes = new Map<string, string>();
  for (const r of routes) {
    const why = judge && /^#?[0-9]+$/.test(r.gwgroupid) ? judge.gwgroupid(r.gwgroupid) : null;
    if (why !== null && !droppedRoutes.has(r.name)) droppedRoutes.set(r.name, why);
  }
  return { mappings: dropped, routes: droppedRoutes };
}

/** A glob that matches exactly `name` (its glob characters escaped). */
export function literalGlob(name: string): string {
  return name.replace(/[\\*?[\]{}()!+@]/g, (c) => `\\${c}`);
}

/** Names that two or more live carrier groups share, with their ids: an entry cannot name one of them. */
export function sharedGroupNames(groups: readonly CarrierGroup[]): Map<string, number[]> {
  const ids = new Map<string, number[]>();
  for (const g of groups) ids.set(g.name, [...(ids.get(g.name) ?? []), g.gwgroupid]);
  return new Map([...ids].filter(([, list]) => list.length > 1));
}

/**
 * One live group as an entry: every field the read could know. `lb_enabled` and `auth` are written
 * only when the read knew them (this API never shows them: see `unreadCarrierFields`); a readable
 * `userpwd` auth gets its password as `${<NAME>_PASSWORD}`, which only the user can supply.
 */
function exportGroup(g: CarrierGroup): ExportedCarrierGroup {
  const auth = g.auth && !g.unreadable?.includes('auth') ? g.auth : undefined;
  const { auth_password: _secret, password_env: _env, password_origin: _at, ...authRest } = auth ?? { type: 'ip' };
  return {
    name: g.name,
    ...(g.lb_enabled && !g.unreadable?.includes('lb_enabled') ? { lb_enabled: true as const } : {}),
    endpoints: g.endpoints.map((e) => ({
      name: e.name,
      hostname: e.hostname,
      ...(e.strip !== 0 ? { strip: e.strip } : {}),
      ...(e.prefix !== '' ? { prefix: e.prefix } : {}),
      ...(e.weight !== 1 ? { weight: e.weight } : {}),
    })),
    ...(auth ? { auth: { ...authRest, ...(auth.type === 'userpwd' ? { auth_password: `\${${passwordVariableFor(g.name)}}` } : {}) } } : {}),
  };
}

/**
 * The fields of each exported carrier group (by name) that the read could not know and the file
 * therefore leaves out: the user must say them before a plan may change the group (an update writes
 * them; see model/kinds/carrier-group/diff.ts). Groups left out of the file (shared names) are not listed.
 */
export function unreadCarrierFields(groups: readonly CarrierGroup[]): Map<string, readonly UnreadableCarrierField[]> {
  const shared = sharedGroupNames(groups);
  const out = new Map<string, readonly UnreadableCarrierField[]>();
  for (const g of [...groups].sort((a, b) => a.gwgroupid - b.gwgroupid)) {
    if (!shared.has(g.name) && g.unreadable && g.unreadable.length > 0) out.set(g.name, g.unreadable);
  }
  return out;
}

/** The name of each group whose name no other group (of `groups`) has, by id. */
function uniqueNames(groups: readonly GatewayGroup[]): Map<number, string> {
  const count = new Map<string, number>();
  for (const g of groups) count.set(g.name, (count.get(g.name) ?? 0) + 1);
  return new Map(groups.filter((g) => count.get(g.name) === 1 && g.name.trim() !== '').map((g) => [g.gwgroupid, g.name]));
}

/**
 * Turns the live state into a desired-state document that plans to no changes: fields at their
 * default are left out, routes sharing a name are pinned by ruleid, order is by DID and ruleid.
 * Carrier groups (when given) in gwgroupid order, with what the read could know (`exportGroup`);
 * groups sharing a name cannot be told apart by name and are left out,
 * their name in `policy.ignore.carrier_groups` so that the plan keeps them (and the rules that refer to them).
 *
 * With the live `groups` (carrier and endpoint groups), a rule refers to its group by name (`group:` for a mapping whose one
 * server is `#<id>`, `carrier_group:` for a route) where the name is unique (the same rule as the
 * planner's resolution: among all groups for a mapping, among carrier groups for a route); by id
 * otherwise.
 */
export function exportDocument(
  mappings: readonly InboundMapping[],
  routes: readonly OutboundRoute[],
  carrierGroups?: readonly CarrierGroup[],
  groups: readonly GatewayGroup[] = [],
): ExportDocument {
  const shared = carrierGroups ? sharedGroupNames(carrierGroups) : new Map<string, number[]>();
  const dropped = droppedRules(mappings, routes, groups);
  const ignore = {
    ...(shared.size > 0 ? { carrier_groups: [...shared.keys()].map(literalGlob) } : {}),
    ...(dropped.mappings.size > 0 ? { inbound_mappings: [...dropped.mappings.keys()].sort().map(literalGlob) } : {}),
    ...(dropped.routes.size > 0 ? { outbound_routes: [...dropped.routes.keys()].sort().map(literalGlob) } : {}),
  };
  const anyName = uniqueNames(groups);
  const carrierName = uniqueNames(groups.filter((g) => g.type === 'carrier'));
  const groupOf = (servers: readonly string[]): string | undefined =>
    servers.length === 1 && /^#[0-9]+$/.test(servers[0]!) ? anyName.get(Number(servers[0]!.slice(1))) : undefined;
  const nameCount = new Map<string, number>();
  for (const r of routes) nameCount.set(r.name, (nameCount.get(r.name) ?? 0) + 1);
  return {
    version: 1,
    inbound_mappings: mappings
      .filter((m) => !dropped.mappings.has(m.did))
      .sort((a, b) => (a.did < b.did ? -1 : a.did > b.did ? 1 : 0))
      .map((m) => {
        const group = groupOf(m.servers);
        return { did: m.did, ...(group !== undefined ? { group } : { servers: [...m.servers] }), ...(m.notes ? { notes: m.notes } : {}) };
      }),
    outbound_routes: routes
      .filter((r) => !dropped.routes.has(r.name))
      .sort((a, b) => a.ruleid - b.ruleid)
      .map((r) => ({
        name: r.name,
        ...((nameCount.get(r.name) ?? 0) > 1 ? { ruleid: r.ruleid } : {}),
        prefix: r.prefix,
        ...(r.from_prefix ? { from_prefix: r.from_prefix } : {}),
        ...(/^[0-9]+$/.test(r.gwgroupid) && carrierName.has(Number(r.gwgroupid))
          ? { carrier_group: carrierName.get(Number(r.gwgroupid))! }
          : { gwgroupid: r.gwgroupid }),
        ...(r.priority !== 0 ? { priority: r.priority } : {}),
        ...(r.timerec ? { timerec: r.timerec } : {}),
        ...(r.routeid ? { routeid: r.routeid } : {}),
      })),
    ...(carrierGroups
      ? {
          carrier_groups: [...carrierGroups]
            .filter((g) => !shared.has(g.name))
            .sort((a, b) => a.gwgroupid - b.gwgroupid)
            .map(exportGroup),
        }
      : {}),
    ...(Object.keys(ignore).length > 0 ? { policy: { ignore } } : {}),
  };
}
