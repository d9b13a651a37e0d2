import type { CarrierGroup } from '../model/carrier-group.js';
import type { DesiredCarrierGroup, DesiredEndpointGroup } from '../model/desired.js';
import type { EndpointGroup } from '../model/endpoint-group.js';
import { passwordKey, type PasswordCheck } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import { KNOWN_SECRET } from '../model/kinds/endpoint-group/wire.js';
import type { LiveState } from '../model/live.js';
import type { PasswordRecord } from '../model/password-record.js';
import { matchesDigest } from './password-digest.js';

/** The live groups of one name, by name. */
function byName<G extends { readonly name: string }>(groups: readonly G[]): Map<string, G[]> {
  const out = new Map<string, G[]>();
  for (const g of groups) out.set(g.name, [...(out.get(g.name) ?? []), g]);
  return out;
}

/**
 * How the password of each of the files' carrier `groups` stands against the record of the one
 * last sent to it (the platform never shows a password, so that record is all there is to compare
 * with), by `passwordKey(kind, name)` of the carrier-group kind: `same`, `changes`, or
 * `unrecorded` (no record for that group). Only the groups whose password is known here (its variable set) and whose name one
 * live group has get a check; the others are left to the planner (a create sends it anyway; a
 * variable not set here is `unset`). The digests are checked in parallel (each is slow on purpose).
 */
export async function passwordChecks(
  groups: readonly DesiredCarrierGroup[],
  live: LiveState,
  records: readonly PasswordRecord[],
): Promise<ReadonlyMap<string, PasswordCheck>> {
  const checks = new Map<string, PasswordCheck>();
  const declared = groups.filter((g) => g.auth?.auth_password !== undefined);
  if (declared.length === 0) return checks;
  const carriers = byName<CarrierGroup>(live.carrier_groups ?? []);
  const kind = KIND_SPECS.carrier_group.kind;
  await Promise.all(
    declared.map(async (g) => {
      const held = carriers.get(g.name);
      if (held?.length !== 1) return;
      const record = records.find((r) => r.gwgroupid === held[0]!.gwgroupid);
      const key = passwordKey(kind, g.name);
      if (!record) checks.set(key, 'unrecorded');
      else checks.set(key, (await matchesDigest(g.auth!.auth_password!, record.digest)) ? 'same' : 'changes');
    }),
  );
  return checks;
}

/**
 * How the password of each of the files' endpoint `groups` stands against the one the platform
 * shows, by fingerprint (`fingerprint`, the reader's keyed hash of a secret), by
 * `passwordKey(kind, name)` of the endpoint-group kind: `same` or `changes`; one it showed redacted
 * is one this run already knows as a secret, the declared one: the same. Only the groups whose password is
 * known here and whose name one live group has get a check. Pure.
 */
export function endpointPasswordChecks(
  groups: readonly DesiredEndpointGroup[],
  live: LiveState,
  fingerprint: (secret: string) => string,
): ReadonlyMap<string, PasswordCheck> {
  const checks = new Map<string, PasswordCheck>();
  const endpoints = byName<EndpointGroup>(live.endpoint_groups ?? []);
  const kind = KIND_SPECS.endpoint_group.kind;
  for (const g of groups) {
    const declared = g.auth?.auth_password;
    const held = endpoints.get(g.name);
    const print = held?.length === 1 ? held[0]!.auth?.password_fingerprint : undefined;
    if (declared === undefined || print === undefined) continue;
    checks.set(passwordKey(kind, g.name), print === KNOWN_SECRET || print === fingerprint(declared) ? 'same' : 'changes');
  }
  return checks;
}
