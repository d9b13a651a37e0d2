import { groupsByName, sharedNameIssue } from '../../group-names.js';
import type { DesiredEndpointGroup } from '../../desired.js';
import type { EndpointGroup } from '../../endpoint-group.js';
import { passwordKey, type KindDiff, type KindDiffContext } from '../../kind-spec.js';
import type { PlanIssue } from '../../plan.js';
import type { EndpointGroupChange } from './change.js';
import { changedEndpointGroupFields, endpointGroupFields, ENDPOINT_GROUP_READERS, type EndpointGroupFields } from './fields.js';

const KIND = 'endpoint_group';
const FIELD_ORDER = Object.keys(ENDPOINT_GROUP_READERS);

/** The live group's gateway ids in the order of its comparable endpoints (sorted by name). */
function gwidsInFieldOrder(group: EndpointGroup): number[] {
  const left = group.endpoints.map((e, i) => ({ name: e.name, gwid: group.gwids[i] }));
  return endpointGroupFields(group).endpoints.flatMap((e) => {
    const at = left.findIndex((l) => l.name === e.name);
    const [hit] = at >= 0 ? left.splice(at, 1) : [];
    return hit?.gwid !== undefined ? [hit.gwid] : [];
  });
}

function deleteOf(group: EndpointGroup): EndpointGroupChange {
  return { action: 'delete', kind: KIND, key: group.name, gwgroupid: group.gwgroupid, before: endpointGroupFields(group), fields: [] };
}

function uncomparedNote(name: string, auth: NonNullable<EndpointGroupFields['auth']>): string {
  const at = auth.password_origin ? ` (${auth.password_origin.file}:${auth.password_origin.line}:${auth.password_origin.col})` : '';
  return `Endpoint group "${name}": its password comes from \${${auth.password_env ?? ''}}${at}, which is not set here, so this plan did not compare it; the apply of a change to the group reads it.`;
}

/**
 * Compares declared endpoint groups with live ones, paired by name: creates, updates (only when a
 * compared field differs; the plan lists the whole endpoint set before and after, matched by name)
 * and deletes of live groups no entry declares (unless `policy.ignore` matches). Two live groups
 * with one declared name, and an update of a group with FusionPBX enabled (which dsipform does not
 * manage, and which the platform's update would switch off), are issues. Pure.
 */
export function endpointGroupDiff(
  desired: readonly DesiredEndpointGroup[],
  live: readonly EndpointGroup[],
  ctx: KindDiffContext,
): KindDiff<'endpoint_group'> {
  const changes: EndpointGroupChange[] = [];
  const matched: EndpointGroupChange[] = [];
  const issues: PlanIssue[] = [];
  const notes: string[] = [];
  const byName = groupsByName(live);
  const claimed = new Set<number>();
  let unchanged = 0;
  for (const want of desired) {
    const origin = want.origin ? { origin: want.origin } : {};
    const candidates = byName.get(want.name) ?? [];
    for (const c of candidates) claimed.add(c.gwgroupid);
    if (candidates.length > 1) {
      issues.push({ ...sharedNameIssue('endpoint groups', 'endpointgroups', want.name, candidates), ...origin });
      continue;
    }
    const have = candidates[0];
    const declared = endpointGroupFields(want);
    if (!have) {
      changes.push({ action: 'create', kind: KIND, key: want.name, after: declared, fields: Object.keys(declared), ...origin });
      continue;
    }
    if (ctx.listMatched) matched.push(deleteOf(have));
    // The platform shows the password; the pipeline compared it with the declared one by fingerprint (pipeline/password-checks.ts).
    const pwChanges = ctx.passwords?.get(passwordKey(KIND, want.name)) === 'changes' && declared.auth !== null;
    const after: EndpointGroupFields = pwChanges ? { ...declared, auth: { ...declared.auth, password_state: 'changes' } } : declared;
    const fields = changedEndpointGroupFields(endpointGroupFields(have), after);
    if (fields.length === 0) {
      unchanged += 1;
      if (!ctx.listMatched && after.auth?.password_state === 'unset') notes.push(uncomparedNote(want.name, after.auth));
    } else if (have.fusionpbx) {
      issues.push({
        message: `endpoint group "${want.name}" (gwgroupid ${have.gwgroupid}) has FusionPBX enabled, which dsipform does not manage: the platform's update would switch it off and delete its "FusionPBX Server" endpoint`,
        hint: "Change this group in the platform's GUI, or switch FusionPBX off there first; or leave the group alone with policy.ignore.endpoint_groups.",
        ...origin,
      });
    } else {
      changes.push({
        action: 'update',
        kind: KIND,
        key: want.name,
        gwgroupid: have.gwgroupid,
        gwids: gwidsInFieldOrder(have),
        before: endpointGroupFields(have),
        after,
        fields: FIELD_ORDER.filter((f) => fields.includes(f)),
        ...origin,
      });
    }
  }
  let governed = 0;
  for (const have of live) {
    if (claimed.has(have.gwgroupid)) governed += 1;
    else if (!ctx.ignored(have.name)) {
      governed += 1;
      changes.push(deleteOf(have));
    }
  }
  return { changes, matched, unchanged, governed, issues, notes, expired: [] };
}
