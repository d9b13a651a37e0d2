import type { CarrierGroup } from '../model/carrier-group.js';
import type { DesiredCarrierGroup } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { PasswordRecord } from '../model/password-record.js';
import type { PasswordCheck } from '../model/kind-spec.js';
import { matchesDigest } from './password-digest.js';

/**
 * How the password of each of the files' carrier `groups` stands against the record of the one
 * last sent to it (the platform never shows a password, so that record is all there is to compare
 * with), by group name: `same`, `changes`, or `unrecorded` (no record for that group). Only the groups whose
 * password is known here (its variable set) and whose name one live group has get a check; the
 * others are left to the planner (a create sends it anyway; a variable not set here is `unset`).
 * The digests are checked in parallel (each is slow on purpose).
 */
export async function passwordChecks(
  groups: readonly DesiredCarrierGroup[],
  live: LiveState,
  records: readonly PasswordRecord[],
): Promise<ReadonlyMap<string, PasswordCheck>> {
  const checks = new Map<string, PasswordCheck>();
  const declared = groups.filter((g) => g.auth?.auth_password !== undefined);
  if (declared.length === 0) return checks;
  const byName = new Map<string, CarrierGroup[]>();
  for (const g of live.carrier_groups ?? []) byName.set(g.name, [...(byName.get(g.name) ?? []), g]);
  await Promise.all(
    declared.map(async (g) => {
      const held = byName.get(g.name);
      if (held?.length !== 1) return;
      const record = records.find((r) => r.gwgroupid === held[0]!.gwgroupid);
      if (!record) checks.set(g.name, 'unrecorded');
      else checks.set(g.name, (await matchesDigest(g.auth!.auth_password!, record.digest)) ? 'same' : 'changes');
    }),
  );
  return checks;
}
