import type { CarrierGroup } from '../model/carrier-group.js';
import { carrierGroupFields, changedCarrierGroupFields } from '../model/carrier-group-fields.js';
import type { DesiredCarrierGroup } from '../model/desired.js';
import type { CarrierGroupChange, PlanIssue } from '../model/plan.js';

/** What the carrier-group differ found. */
export interface CarrierGroupDiff {
  readonly changes: CarrierGroupChange[];
  /** Live groups paired with an entry, as deletes (what `destroy` deletes). */
  readonly matched: CarrierGroupChange[];
  readonly unchanged: number;
  /** Live groups the plan governs (ignored ones excluded). */
  readonly governed: number;
  readonly issues: PlanIssue[];
}

/**
 * The live group's gateway ids in the order of its comparable endpoints (sorted by name), so that
 * `gwids[i]` is the gateway of `before.endpoints[i]`.
 */
export function gwidsInFieldOrder(group: CarrierGroup): number[] {
  const fields = carrierGroupFields(group).endpoints;
  const left = group.endpoints.map((e, i) => ({ name: e.name, gwid: group.gwids[i] }));
  return fields.flatMap((e) => {
    const at = left.findIndex((l) => l.name === e.name);
    const [hit] = at >= 0 ? left.splice(at, 1) : [];
    return hit?.gwid !== undefined ? [hit.gwid] : [];
  });
}

function deleteOf(group: CarrierGroup): CarrierGroupChange {
  return {
    action: 'delete',
    kind: 'carrier_group',
    key: group.name,
    gwgroupid: group.gwgroupid,
    before: carrierGroupFields(group),
    fields: [],
  };
}

/**
 * Compares declared carrier groups with live ones, paired by name. The platform lets two groups
 * share a name: when the files declare such a name, the entry cannot tell which group it means,
 * which is an issue naming both ids (never a guess). The platform cannot remove a gateway from a
 * group, so an update that drops an endpoint (by name) is an issue too. Live groups that no entry
 * declares are deleted unless an ignore glob matches their name. Pure.
 */
export function diffCarrierGroups(
  desired: readonly DesiredCarrierGroup[],
  live: readonly CarrierGroup[],
  ignored: (name: string) => boolean,
  listMatched: boolean,
): CarrierGroupDiff {
  const out: CarrierGroupDiff = { changes: [], matched: [], unchanged: 0, governed: 0, issues: [] };
  const byName = new Map<string, CarrierGroup[]>();
  for (const g of live) byName.set(g.name, [...(byName.get(g.name) ?? []), g]);
  const claimed = new Set<number>();
  let unchanged = 0;
  for (const want of desired) {
    const origin = want.origin ? { origin: want.origin } : {};
    const candidates = byName.get(want.name) ?? [];
    for (const c of candidates) claimed.add(c.gwgroupid);
    if (candidates.length > 1) {
      const ids = candidates.map((g) => g.gwgroupid).sort((a, b) => a - b);
      out.issues.push({
        message: `the platform has ${candidates.length} carrier groups named "${want.name}" (gwgroupids ${ids.join(', ')}), so the entry cannot tell which one it means`,
        hint: `Rename or delete all but one of them on the platform (DELETE /api/v1/carriergroups/${ids[ids.length - 1]!} removes the newest), then plan again.`,
        ...origin,
      });
      continue;
    }
    const after = carrierGroupFields(want);
    const have = candidates[0];
    if (!have) {
      out.changes.push({ action: 'create', kind: 'carrier_group', key: want.name, after, fields: Object.keys(after), ...origin });
      continue;
    }
    if (listMatched) out.matched.push(deleteOf(have));
    const before = carrierGroupFields(have);
    const fields = changedCarrierGroupFields(before, after, have.unreadable);
    const dropped = before.endpoints.filter((e) => !after.endpoints.some((w) => w.name === e.name));
    if (fields.length === 0) unchanged += 1;
    else if (dropped.length > 0) {
      out.issues.push({
        message: `carrier group "${want.name}" (gwgroupid ${have.gwgroupid}) would lose ${dropped.length === 1 ? 'endpoint' : 'endpoints'} ${dropped.map((e) => `"${e.name}"`).join(', ')}, but the platform's carrier-group API cannot remove a gateway from a group`,
        hint: 'Keep the endpoint (an endpoint is matched by its name), or give the group a new name: dsipform then creates the new group before the rules change and deletes the old one after them.',
        ...origin,
      });
    } else {
      out.changes.push({
        action: 'update',
        kind: 'carrier_group',
        key: want.name,
        gwgroupid: have.gwgroupid,
        gwids: gwidsInFieldOrder(have),
        before,
        after,
        fields,
        ...origin,
      });
    }
  }
  let governed = 0;
  for (const have of live) {
    if (claimed.has(have.gwgroupid)) governed += 1;
    else if (!ignored(have.name)) {
      governed += 1;
      out.changes.push(deleteOf(have));
    }
  }
  return { ...out, unchanged, governed };
}
