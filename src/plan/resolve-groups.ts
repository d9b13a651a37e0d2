import { KINDS, type DesiredMapping, type DesiredRoute, type DesiredState, type SourceLocation } from '../model/desired.js';
import { InternalError } from '../model/errors.js';
import type { GatewayGroup } from '../model/group.js';
import { sharedGroupWords, shownGroup, unknownGroupWords } from '../model/group-names.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { PlanIssue } from '../model/plan.js';

/** The field the files name a group by instead of giving its id in `byId`: the rule kind's `namedBy`. */
function nameFieldOf(byId: string): string {
  const field = KINDS.map((k) => KIND_SPECS[k].namedBy[byId]).find((f) => f !== undefined);
  if (field === undefined) throw new InternalError(`no kind names the group of ${byId} by name`);
  return field;
}

/**
 * References to groups by name (`group: NAME` on a mapping, `carrier_group: NAME` on a route),
 * resolved against the live groups and the carrier and endpoint groups the same files declare. Pure.
 */

/** The desired state with every name resolved, or the issues of the names that could not be. */
export interface GroupResolution {
  readonly desired: DesiredState;
  readonly issues: readonly PlanIssue[];
}

/** Whether the files refer to any group by name. */
export function refersByName(desired: DesiredState): boolean {
  return (
    (desired.inbound_mappings ?? []).some((m) => m.group !== undefined) ||
    (desired.outbound_routes ?? []).some((r) => r.carrier_group !== undefined)
  );
}

/**
 * Whether planning these files needs the live groups: to resolve names, to check numeric
 * references (any mapping or route refers to a group or a gateway), or for declared carrier
 * groups. With `allowDangling`, numeric references are not checked, so only names need them.
 */
export function needsGroups(desired: DesiredState, allowDangling = false): boolean {
  if (refersByName(desired) || desired.carrier_groups !== undefined || desired.endpoint_groups !== undefined) return true;
  if (allowDangling) return false;
  return (desired.inbound_mappings ?? []).length > 0 || (desired.outbound_routes ?? []).length > 0;
}

/** `#5 (carrier group "Carrier A")`: one group as messages show it. */
export function describeGroup(g: GatewayGroup): string {
  return `#${g.gwgroupid} (${g.type} group ${JSON.stringify(g.name)})`;
}

/** What a name stands for: a live group, or a carrier group these files create (`pending`). */
type Candidate = { readonly live: GatewayGroup } | { readonly pending: string };

/**
 * Resolves every name: a mapping's `group` becomes `servers: ["#<id>"]`, a route's `carrier_group`
 * its `gwgroupid`; the name stays on the record (the plan shows it beside the id). A name that only
 * a carrier group of these files has (not live yet) stays unresolved (`servers: []`, `gwgroupid: ""`):
 * its id is known after apply. Unknown names, and names that more than one group has, are issues.
 * `groups` `undefined` (not read) with names in the files is an issue too.
 */
export function resolveGroupNames(desired: DesiredState, groups: readonly GatewayGroup[] | undefined): GroupResolution {
  if (!refersByName(desired)) return { desired, issues: [] };
  if (groups === undefined) {
    return {
      desired,
      issues: [
        {
          message: "the files refer to groups by name, but the platform's groups were not read",
          hint: 'read the live state with its groups: readLive(client, collections, leases, { groups: needsGroups(desired) })',
        },
      ],
    };
  }
  const issues: PlanIssue[] = [];
  const declared = new Set((desired.carrier_groups ?? []).map((g) => g.name));
  // Endpoint groups the files declare are sent to by mappings only (a route names a carrier group).
  const declaredEndpoint = new Set((desired.endpoint_groups ?? []).map((g) => g.name));
  const candidates = (name: string, carrierOnly: boolean): Candidate[] => {
    const live = groups.filter((g) => g.name === name && (!carrierOnly || g.type === 'carrier'));
    const created = declared.has(name) && !groups.some((g) => g.name === name && g.type === 'carrier');
    const createdEndpoint = !carrierOnly && declaredEndpoint.has(name) && !groups.some((g) => g.name === name && g.type === 'endpoint');
    return [...live.map((g) => ({ live: g })), ...(created ? [{ pending: name }] : []), ...(createdEndpoint ? [{ pending: name }] : [])];
  };
  const mappings = desired.inbound_mappings?.map((m): DesiredMapping => {
    if (m.group === undefined) return m;
    const found = pick(candidates(m.group, false), `inbound mapping ${JSON.stringify(m.did)}`, m.group, groups, 'servers', m.origin);
    if ('issue' in found) issues.push(found.issue);
    else if ('live' in found) return { ...m, servers: [`#${found.live.gwgroupid}`] };
    return m;
  });
  const routes = desired.outbound_routes?.map((r): DesiredRoute => {
    if (r.carrier_group === undefined) return r;
    const where = `outbound route ${JSON.stringify(r.name)}`;
    const carriers = groups.filter((g) => g.type === 'carrier');
    const found = pick(candidates(r.carrier_group, true), where, r.carrier_group, carriers, 'gwgroupid', r.origin);
    if ('issue' in found) issues.push(found.issue);
    else if ('live' in found) return { ...r, gwgroupid: String(found.live.gwgroupid) };
    return r;
  });
  return {
    desired: { ...desired, ...(mappings ? { inbound_mappings: mappings } : {}), ...(routes ? { outbound_routes: routes } : {}) },
    issues,
  };
}

/** The one candidate, or the issue: no group has the name, or several have it. */
function pick(
  found: readonly Candidate[],
  where: string,
  name: string,
  known: readonly GatewayGroup[],
  byId: 'servers' | 'gwgroupid',
  origin: SourceLocation | undefined,
): Candidate | { readonly issue: PlanIssue } {
  if (found.length === 1) return found[0]!;
  const at = origin ? { origin } : {};
  if (found.length === 0) {
    const words = unknownGroupWords(name, byId === 'gwgroupid' ? 'carrier group' : 'group', known);
    return { issue: { message: `${where}: ${words.problem}`, hint: words.remedy, ...at } };
  }
  const shown = found.map((c) => ('live' in c ? shownGroup(c.live) : 'a carrier group these files declare'));
  const first = found.find((c): c is { live: GatewayGroup } => 'live' in c)?.live.gwgroupid ?? 0;
  const example = byId === 'servers' ? `servers: ["#${first}"]` : `gwgroupid: "${first}"`;
  const words = sharedGroupWords(name, nameFieldOf(byId), shown, example);
  return { issue: { message: `${where}: ${words.problem}`, hint: words.remedy, ...at } };
}
