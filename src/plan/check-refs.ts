import type { DesiredState, Kind, SourceLocation } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { GatewayGroup } from '../model/group.js';
import type { ReferenceJudge } from '../model/kind-export.js';
import type { Change, PlanIssue } from '../model/plan.js';
import { droppedFor, groupsLookup, mappingDropped, routeDropped, type DropReason } from '../model/dropped-rule.js';
import { bareGwgroupid } from '../model/rules.js';

/**
 * Numeric references checked against the live groups: the proxy silently drops a rule whose
 * `#<id>` or gwgroupid names no gateway list or one that holds no gateway, and one whose plain
 * gateway id is no gateway (docs/routing-model.md, "Loading"). The platform lists gateways only
 * through their groups, so a gateway no group holds counts as unknown. The decision is
 * model/dropped-rule.ts's; this file applies it to a plan. Pure.
 */

/** The hint under every dangling reference. */
export const DANGLING_HINT =
  'refer to a group that exists and holds gateways (by id, or by name with group:/carrier_group:); ' +
  'if the group or gateway is made outside dsipform later on purpose, plan with --allow-dangling';

/**
 * The live groups without the gateways a plan's group updates remove (an endpoint of `before` that
 * no endpoint of `after` keeps by name): a rule naming one of those gateway ids is left dangling.
 */
export function groupsWithoutRemovedGateways(groups: readonly GatewayGroup[], changes: readonly Change[]): GatewayGroup[] {
  const removed = new Set<string>();
  for (const c of changes as readonly unknown[]) {
    const u = c as { readonly kind: Kind; readonly action: string; readonly gwids?: readonly number[] } & {
      readonly before?: { readonly endpoints?: readonly { readonly name: string }[] };
      readonly after?: { readonly endpoints?: readonly { readonly name: string }[] };
    };
    if (KIND_SPECS[u.kind]?.groupType === undefined || u.action !== 'update' || !u.gwids) continue;
    const kept = new Set((u.after?.endpoints ?? []).map((e) => e.name));
    (u.before?.endpoints ?? []).forEach((e, i) => {
      if (!kept.has(e.name) && u.gwids![i] !== undefined) removed.add(String(u.gwids![i]));
    });
  }
  return removed.size === 0 ? [...groups] : groups.map((g) => ({ ...g, gwids: g.gwids.filter((id) => !removed.has(id)) }));
}

/** The ids of the groups a plan deletes: the deletes of the kinds whose objects are gateway groups (their module's `groupType`). */
export function deletedGroupIds(changes: readonly Change[]): Set<number> {
  const out = new Set<number>();
  for (const c of changes as readonly unknown[]) {
    const g = c as { readonly kind: Kind; readonly action: string; readonly gwgroupid?: number };
    if (KIND_SPECS[g.kind]?.groupType !== undefined && g.action === 'delete' && typeof g.gwgroupid === 'number') out.add(g.gwgroupid);
  }
  return out;
}

/**
 * Every numeric reference of the desired rules (names already resolved) that the proxy would
 * drop: a group that does not exist, that this plan deletes, or that holds no gateway (for a
 * carrier group the files declare, what they declare counts); a plain gateway id no remaining group
 * holds. A reference to a group this plan creates (a name still unresolved) is fine. The decision
 * and its words are model/dropped-rule.ts's, which every front end shares. `declared`: how many
 * gateways each carrier group (by name) will hold; default what the files declare.
 */
export function danglingReferences(
  desired: DesiredState,
  groups: readonly GatewayGroup[],
  deleted: ReadonlySet<number>,
  declared: ReadonlyMap<string, number> = new Map(
    [...(desired.carrier_groups ?? []), ...(desired.endpoint_groups ?? [])].map((g) => [g.name, g.endpoints.length]),
  ),
): PlanIssue[] {
  const lookup = groupsLookup(groups, deleted, declared);
  const issues: PlanIssue[] = [];
  const add = (why: DropReason | null, origin: SourceLocation | undefined): void => {
    if (why === null || why.cause !== 'reference') return; // a list's shape is validate's
    issues.push({ message: why.reason, hint: why.cause === 'reference' ? DANGLING_HINT : why.hint, ...(origin ? { origin } : {}) });
  };
  // Whether a rule is dropped depends on its list (and the name it was given by), not on the rule:
  // thousands of rules share a few lists, so a list found sound is not judged again. Held by its
  // parts, not by a text joined per rule (some 15,000 per plan).
  const soundMappings = new SoundLists();
  const soundRoutes = new SoundLists();
  for (const m of desired.inbound_mappings ?? []) {
    // `[]` and `[""]` were one list when lists were joined: kept so (neither passes the file checks).
    const servers = m.servers.length === 0 ? NO_SERVERS : m.servers;
    const group = m.group ?? '';
    if (soundMappings.has(group, servers)) continue;
    const why = mappingDropped(m.did, m.servers, m.group, lookup);
    if (why === null) soundMappings.add(group, servers);
    else add(why, m.origin);
  }
  for (const r of desired.outbound_routes ?? []) {
    const group = r.carrier_group ?? '';
    if (soundRoutes.has(group, r.gwgroupid)) continue;
    const why = routeDropped(r.name, r.gwgroupid, r.carrier_group, lookup);
    if (why === null) soundRoutes.add(group, r.gwgroupid);
    else add(why, r.origin);
  }
  return issues;
}

const NO_SERVERS: readonly string[] = [''];

/**
 * Gateway lists found sound, each under the name it was given by (`""`: none): a map per part (a
 * server, or a route's one gwgroupid), so no key text is made per rule.
 */
class SoundLists {
  readonly #root = new Map<string, SoundNode>();
  /** Whether the list `parts` named by `group` was found sound. */
  has(group: string, parts: string | readonly string[]): boolean {
    let node = this.#root.get(group);
    if (typeof parts === 'string') node = node?.next?.get(parts);
    else for (const part of parts) node = node?.next?.get(part);
    return node?.sound === true;
  }
  add(group: string, parts: string | readonly string[]): void {
    let node: SoundNode | undefined = this.#root.get(group);
    if (!node) this.#root.set(group, (node = {}));
    for (const part of typeof parts === 'string' ? [parts] : parts) {
      const next: Map<string, SoundNode> = (node.next ??= new Map<string, SoundNode>());
      let child: SoundNode | undefined = next.get(part);
      if (!child) next.set(part, (child = {}));
      node = child;
    }
    node.sound = true;
  }
}

interface SoundNode {
  next?: Map<string, SoundNode>;
  sound?: boolean;
}

/**
 * Judges references against the live `groups` as a plan leaves them (see `groupsLookup`): the
 * reason, in model/dropped-rule.ts's words, or `null`.
 */
export function referenceJudge(
  groups: readonly GatewayGroup[],
  deleted: ReadonlySet<number> = new Set(),
  declared: ReadonlyMap<string, number> = new Map(),
): ReferenceJudge {
  const lookup = groupsLookup(groups, deleted, declared);
  const judge = (entry: string, list: 'servers' | 'gwgroupid', shown: string): string | null =>
    droppedFor([entry], { list, shown }, lookup)?.reason ?? null;
  return {
    server: (server) => judge(server, 'servers', JSON.stringify(server)),
    gwgroupid: (gwgroupid) => judge(`#${bareGwgroupid(gwgroupid)}`, 'gwgroupid', JSON.stringify(gwgroupid)),
  };
}
