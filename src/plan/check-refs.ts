import type { DesiredState, SourceLocation } from '../model/desired.js';
import type { GatewayGroup } from '../model/group.js';
import type { Change, PlanIssue } from '../model/plan.js';
import { bareGwgroupid } from '../model/rules.js';

/**
 * Numeric references checked against the live groups: the proxy silently drops a rule whose
 * `#<id>` or gwgroupid names no gateway list or one that holds no gateway, and one whose plain
 * gateway id is no gateway (docs/routing-model.md, "Loading"). The platform lists gateways only
 * through their groups, so a gateway no group holds counts as unknown. Pure.
 */

/** The hint under every dangling reference. */
export const DANGLING_HINT =
  'refer to a group that exists and holds gateways (by id, or by name with group:/carrier_group:); ' +
  'if the group or gateway is made outside dsipform later on purpose, plan with --allow-dangling';

/** The ids of the carrier groups a plan deletes (their changes come from the carrier-group collection). */
export function deletedGroupIds(changes: readonly Change[]): Set<number> {
  const out = new Set<number>();
  for (const c of changes as readonly unknown[]) {
    const g = c as { readonly kind: string; readonly action: string; readonly gwgroupid?: number };
    if (g.kind === 'carrier_group' && g.action === 'delete' && typeof g.gwgroupid === 'number') out.add(g.gwgroupid);
  }
  return out;
}

/**
 * Every numeric reference of the desired rules (names already resolved) that the proxy would
 * drop: a group that does not exist, that this plan deletes, or that holds no gateway (for a
 * carrier group the files declare, what they declare counts); a plain gateway id no remaining group
 * holds. A reference to a group this plan creates (a name still unresolved) is fine.
 */
export function danglingReferences(desired: DesiredState, groups: readonly GatewayGroup[], deleted: ReadonlySet<number>): PlanIssue[] {
  const declared = new Map((desired.carrier_groups ?? []).map((g) => [g.name, g.endpoints.length]));
  const judge = referenceJudge(groups, deleted, declared);
  const issues: PlanIssue[] = [];
  const add = (where: string, ref: string, why: string, origin: SourceLocation | undefined): void => {
    issues.push({
      message: `${where} refers to ${ref}, but ${why}: the proxy would drop the rule`,
      hint: DANGLING_HINT,
      ...(origin ? { origin } : {}),
    });
  };
  for (const m of desired.inbound_mappings ?? []) {
    m.servers.forEach((server, i) => {
      const why = judge.server(server);
      if (why === null) return;
      const field = m.group !== undefined ? `group ${JSON.stringify(m.group)}` : `servers[${i}] ${JSON.stringify(server)}`;
      add(`inbound mapping ${JSON.stringify(m.did)}`, field, why, m.origin);
    });
  }
  for (const r of desired.outbound_routes ?? []) {
    if (r.gwgroupid === '') continue; // a carrier group this plan creates: known after apply
    const why = judge.gwgroupid(r.gwgroupid);
    const field =
      r.carrier_group !== undefined ? `carrier_group ${JSON.stringify(r.carrier_group)}` : `gwgroupid ${JSON.stringify(r.gwgroupid)}`;
    if (why) add(`outbound route ${JSON.stringify(r.name)}`, field, why, r.origin);
  }
  return issues;
}

/** Why the proxy would drop a rule for one of its references, or `null` when the reference is sound. */
export interface ReferenceJudge {
  /** One entry of a mapping's servers: `#<id>` (a group) or a gateway id. */
  server(server: string): string | null;
  /** A route's gwgroupid (`"5"` or `"#5"`). */
  gwgroupid(gwgroupid: string): string | null;
}

/**
 * Judges references against the live `groups` as a plan leaves them: a group that does not exist,
 * that the plan deletes (`deleted`), or that holds no gateway (for a carrier group the files
 * declare, `declared` gives how many endpoints they declare); a gateway id no remaining group holds
 * (named with its group when the plan deletes the group that held it).
 * Each group's verdict is worked out once (thousands of rules name the same few groups).
 */
export function referenceJudge(
  groups: readonly GatewayGroup[],
  deleted: ReadonlySet<number> = new Set(),
  declared: ReadonlyMap<string, number> = new Map(),
): ReferenceJudge {
  const byId = new Map(groups.map((g) => [g.gwgroupid, g]));
  const gateways = new Set<string>();
  // A gateway held only by groups this plan deletes goes with them: say so, not "no group holds it".
  const goneWith = new Map<string, GatewayGroup>();
  for (const g of groups) for (const id of g.gwids) if (!deleted.has(g.gwgroupid)) gateways.add(id);
  for (const g of groups) if (deleted.has(g.gwgroupid)) for (const id of g.gwids) if (!gateways.has(id)) goneWith.set(id, g);
  const verdicts = new Map<number, string | null>();
  const groupProblem = (id: number): string | null => {
    const g = byId.get(id);
    if (!g) return `the platform has no group #${id}`;
    const shown = `${g.type} group #${id} (${JSON.stringify(g.name)})`;
    if (deleted.has(id)) return `${shown} is deleted by this plan`;
    const holds = g.type === 'carrier' && declared.has(g.name) ? declared.get(g.name)! : g.gwids.length;
    return holds === 0 ? `${shown} holds no gateways` : null;
  };
  const group = (id: number): string | null => {
    let why = verdicts.get(id);
    if (why === undefined) verdicts.set(id, (why = groupProblem(id)));
    return why;
  };
  const gateway = (id: string): string | null => {
    if (gateways.has(id)) return null;
    const g = goneWith.get(id);
    return g
      ? `gateway ${id} is only in ${g.type} group #${g.gwgroupid} (${JSON.stringify(g.name)}), which is deleted by this plan`
      : `no group holds a gateway ${id}`;
  };
  return {
    server: (server) => (server.startsWith('#') ? group(Number(server.slice(1))) : gateway(server)),
    gwgroupid: (gwgroupid) => group(Number(bareGwgroupid(gwgroupid))),
  };
}
