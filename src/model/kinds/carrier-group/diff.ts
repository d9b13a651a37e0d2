import { groupsByName, sharedNameIssue } from '../../group-names.js';
import type { CarrierGroup, UnreadableCarrierField } from '../../carrier-group.js';
import type { DesiredCarrierGroup } from '../../desired.js';
import { passwordKey, type KindDiff, type KindDiffContext, type PasswordCheck } from '../../kind-spec.js';
import type { CarrierAuthFields, CarrierGroupFields, PlanIssue } from '../../plan.js';
import type { CarrierGroupChange } from './change.js';
import { CARRIER_GROUP_READERS, carrierGroupFields, changedCarrierGroupFields, passwordVariableFor } from './fields.js';

/** The kind, as its changes carry it. */
const KIND = 'carrier_group';

/** What the carrier-group differ found. */
export interface CarrierGroupDiff {
  readonly changes: CarrierGroupChange[];
  /** Live groups paired with an entry, as deletes (what `destroy` deletes). */
  readonly matched: CarrierGroupChange[];
  readonly unchanged: number;
  /** Live groups the plan governs (ignored ones excluded). */
  readonly governed: number;
  readonly issues: PlanIssue[];
  /** Sentences for the plan's notes: what it could not compare (a password whose variable is not set here). */
  readonly notes: string[];
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

const REBUILD_HINT =
  'Give the group a new name: dsipform then creates the new group before the rules change and deletes the old one after them (rules that name the group by id need the new id).';

/**
 * What the platform's carrier-group API cannot do to a live group's endpoints (matched by name):
 * remove a gateway, or move one to a new address (it rewrites the gateway but its load-balancer
 * entry keeps routing to the old address). Null when the update can be made in place.
 */
function endpointProblem(before: CarrierGroupFields, after: CarrierGroupFields): string | null {
  const dropped = before.endpoints.filter((e) => !after.endpoints.some((w) => w.name === e.name));
  if (dropped.length > 0) {
    const names = dropped.map((e) => `"${e.name}"`).join(', ');
    return `would lose ${dropped.length === 1 ? 'endpoint' : 'endpoints'} ${names}, but the platform's carrier-group API cannot remove a gateway from a group`;
  }
  const moved = after.endpoints.flatMap((w) => {
    const e = before.endpoints.find((b) => b.name === w.name);
    return e && e.hostname !== w.hostname ? [`"${w.name}" from ${e.hostname} to ${w.hostname}`] : [];
  });
  if (moved.length > 0) {
    return `would move ${moved.length === 1 ? 'endpoint' : 'endpoints'} ${moved.join(', ')}, but the platform's carrier-group API changes a gateway's address without its load-balancer entry, which keeps sending calls to the old address`;
  }
  return null;
}

/** The fields of a carrier group in the order plans show them (its kind module's). */
const CARRIER_GROUP_FIELD_ORDER = Object.keys(CARRIER_GROUP_READERS);

/**
 * The refusal of an update that would write, over values the platform never shows, defaults the
 * files did not say: no `auth` clears the group's registration, no `lb_enabled` turns load
 * balancing off. The platform's update cannot keep them, and dsipform cannot send back what it
 * cannot read, so the files must say them.
 */
function blindOverwrite(name: string, gwgroupid: number, changed: readonly string[], unsaid: readonly UnreadableCarrierField[]): PlanIssue {
  const effects = unsaid.map((f) => (f === 'auth' ? "clear the group's registration (auth)" : 'set lb_enabled to false'));
  const fixes = unsaid.map((f) =>
    f === 'auth'
      ? `auth: {type: userpwd, auth_username: ..., auth_domain: ..., auth_password: \${${passwordVariableFor(name)}}} for the registration it has, or auth: none to have none`
      : 'lb_enabled: true or lb_enabled: false',
  );
  return {
    code: 'PLAN_OVERWRITES_UNREAD',
    message:
      `carrier group "${name}" (gwgroupid ${gwgroupid}): the update of ${changed.join(', ')} also writes ${unsaid.join(' and ')}, ` +
      `which the platform's API never shows and the files leave out, so the apply would ${effects.join(' and ')}`,
    hint: `Say what the group holds in its entry: ${fixes.join('; and ')}. Then plan again.`,
  };
}

/** What a plan made without a group's password variable says of that password (it compared nothing). */
function uncomparedNote(name: string, auth: CarrierAuthFields): string {
  const at = auth.password_origin ? ` (${auth.password_origin.file}:${auth.password_origin.line}:${auth.password_origin.col})` : '';
  return `Carrier group "${name}": its password comes from \${${auth.password_env ?? ''}}${at}, which is not set here, so this plan did not compare it; the apply of a change to the group reads it.`;
}

/** What a plan made with a group's password says when no record of the one last sent is here: it cannot tell. */
function unrecordedNote(name: string, auth: CarrierAuthFields): string {
  const from = auth.password_env === undefined ? 'its password' : `the password from \${${auth.password_env}}`;
  return `Carrier group "${name}": no record here of the password dsipform last sent it (the platform never shows one), so whether ${from} changed is not known; it is sent, and recorded in the state, with the group's next change.`;
}

/** The fields with the password marked as changing (never what to). */
function passwordChanges(fields: CarrierGroupFields): CarrierGroupFields {
  return fields.auth ? { ...fields, auth: { ...fields.auth, password_state: 'changes' } } : fields;
}

function deleteOf(group: CarrierGroup): CarrierGroupChange {
  return {
    action: 'delete',
    kind: KIND,
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
 * group nor move one to a new address, so an update that would is an issue too (`endpointProblem`). Live groups that no entry
 * declares are deleted unless an ignore glob matches their name. Pure.
 */
export function diffCarrierGroups(
  desired: readonly DesiredCarrierGroup[],
  live: readonly CarrierGroup[],
  ignored: (name: string) => boolean,
  listMatched: boolean,
  passwords: ReadonlyMap<string, PasswordCheck> = new Map(),
): CarrierGroupDiff {
  const out: CarrierGroupDiff = { changes: [], matched: [], unchanged: 0, governed: 0, issues: [], notes: [] };
  const byName = groupsByName(live);
  const claimed = new Set<number>();
  let unchanged = 0;
  for (const want of desired) {
    const origin = want.origin ? { origin: want.origin } : {};
    const candidates = byName.get(want.name) ?? [];
    for (const c of candidates) claimed.add(c.gwgroupid);
    if (candidates.length > 1) {
      out.issues.push({ ...sharedNameIssue('carrier groups', 'carriergroups', want.name, candidates), ...origin });
      continue;
    }
    const have = candidates[0];
    const check = have ? passwords.get(passwordKey(KIND, want.name)) : undefined;
    const after = check === 'changes' ? passwordChanges(carrierGroupFields(want)) : carrierGroupFields(want);
    if (!have) {
      out.changes.push({ action: 'create', kind: KIND, key: want.name, after, fields: Object.keys(after), ...origin });
      continue;
    }
    if (listMatched) out.matched.push(deleteOf(have));
    const read = carrierGroupFields(have);
    const fields = changedCarrierGroupFields(read, after, have.unreadable);
    // The platform cannot show a password: one that is not the one last sent changes the auth.
    if (check === 'changes' && !fields.includes('auth')) fields.push('auth');
    const problem = fields.includes('endpoints') ? endpointProblem(read, after) : null;
    // The update writes every field; those the platform does not show are written blind.
    const blind = CARRIER_GROUP_FIELD_ORDER.filter((f): f is UnreadableCarrierField => have.unreadable?.includes(f as never) ?? false);
    const unsaid = blind.filter((f) => want.unstated?.includes(f));
    if (fields.length === 0) {
      unchanged += 1;
      if (!listMatched && after.auth?.password_state === 'unset') out.notes.push(uncomparedNote(want.name, after.auth));
      if (!listMatched && check === 'unrecorded' && after.auth) out.notes.push(unrecordedNote(want.name, after.auth));
    } else if (problem !== null) {
      out.issues.push({ message: `carrier group "${want.name}" (gwgroupid ${have.gwgroupid}) ${problem}`, hint: REBUILD_HINT, ...origin });
    } else if (unsaid.length > 0) {
      out.issues.push({ ...blindOverwrite(want.name, have.gwgroupid, fields, unsaid), ...origin });
    } else {
      const shown = new Set([...fields, ...blind]);
      out.changes.push({
        action: 'update',
        kind: KIND,
        key: want.name,
        gwgroupid: have.gwgroupid,
        gwids: gwidsInFieldOrder(have),
        before: blind.length > 0 ? { ...read, unreadable: blind } : read,
        after,
        fields: CARRIER_GROUP_FIELD_ORDER.filter((f) => shown.has(f)),
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

/** The carrier-group differ as the kind module hands it to the generic differ. */
export function carrierGroupDiff(
  desired: readonly DesiredCarrierGroup[],
  live: readonly CarrierGroup[],
  ctx: KindDiffContext,
): KindDiff<'carrier_group'> {
  return { ...diffCarrierGroups(desired, live, ctx.ignored, ctx.listMatched, ctx.passwords), expired: [] };
}
