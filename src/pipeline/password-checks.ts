import { secretFingerprint } from '../api/secret-fingerprint.js';
import type { CarrierGroup } from '../model/carrier-group.js';
import type { DesiredState } from '../model/desired.js';
import type { EndpointGroup } from '../model/endpoint-group.js';
import { passwordKey, type PasswordCheck } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import { KNOWN_SECRET } from '../model/kinds/endpoint-group/wire.js';
import type { LiveState } from '../model/live.js';
import type { PasswordRecord } from '../model/password-record.js';
import { matchesDigest } from '../plan/password-digest.js';

/** The live groups of one name, by name. */
function byName<G extends { readonly name: string }>(groups: readonly G[]): Map<string, G[]> {
  const out = new Map<string, G[]>();
  for (const g of groups) out.set(g.name, [...(out.get(g.name) ?? []), g]);
  return out;
}

/**
 * How each declared group's password stands, by `passwordKey(kind, name)`: `same`, `changes`, or
 * `unrecorded`. Only the groups whose password is known here (its variable set) and whose name one
 * live group has get a check; the others are left to the planner (a create sends it anyway; a
 * variable not set here is `unset`). A carrier group's password is compared with the record of the
 * one last sent to it (`records`, the state's; the platform never shows it), the digests in
 * parallel (each is slow on purpose); no records, no carrier checks. An endpoint group's is
 * compared with the one the platform shows, by fingerprint (one it showed redacted is one this run
 * already knows as a secret, the declared one: the same).
 */
export async function passwordChecks(
  desired: DesiredState,
  live: LiveState,
  records: readonly PasswordRecord[] | undefined,
): Promise<ReadonlyMap<string, PasswordCheck>> {
  const checks = new Map<string, PasswordCheck>();
  const endpointKind = KIND_SPECS.endpoint_group.kind;
  const endpointLive = byName<EndpointGroup>(live.endpoint_groups ?? []);
  for (const g of desired.endpoint_groups ?? []) {
    const declared = g.auth?.auth_password;
    const held = endpointLive.get(g.name);
    const print = held?.length === 1 ? held[0]!.auth?.password_fingerprint : undefined;
    if (declared === undefined || print === undefined) continue;
    checks.set(passwordKey(endpointKind, g.name), print === KNOWN_SECRET || print === secretFingerprint(declared) ? 'same' : 'changes');
  }
  const carrierKind = KIND_SPECS.carrier_group.kind;
  const declared = (desired.carrier_groups ?? []).filter((g) => g.auth?.auth_password !== undefined);
  if (records === undefined || declared.length === 0) return checks;
  const carriers = byName<CarrierGroup>(live.carrier_groups ?? []);
  await Promise.all(
    declared.map(async (g) => {
      const held = carriers.get(g.name);
      if (held?.length !== 1) return;
      const record = records.find((r) => r.gwgroupid === held[0]!.gwgroupid);
      const key = passwordKey(carrierKind, g.name);
      if (!record) checks.set(key, 'unrecorded');
      else checks.set(key, (await matchesDigest(g.auth!.auth_password!, record.digest)) ? 'same' : 'changes');
    }),
  );
  return checks;
}
