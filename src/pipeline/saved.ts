import type { PlatformClient } from '../api/client.js';
import { readLive } from '../apply/read-live.js';
import type { DsipformError } from '../model/errors.js';
import type { LeaseRecord } from '../model/lease.js';
import type { Plan, SavedPlan } from '../model/plan.js';
import { touchesPasswordRecords } from '../apply/carrier-passwords.js';
import { savePlan } from '../plan/build-plan.js';
import { groupsChecksum, liveChecksum } from '../plan/live-checksum.js';
import { checkPlanKey, signPlan } from '../plan/plan-signature.js';
import { parseSavedPlan, staleness } from '../plan/saved-plan.js';
import { targetOf } from './plan-platform.js';

/** Where a saved plan is checked. */
export interface SavedPlanCheck {
  /** The platform's name as the plan records it; default the client's base URL. */
  readonly target?: string;
  /** The lease records held at this target, when the plan manages leases. */
  readonly leases?: readonly LeaseRecord[];
}

/**
 * Why a saved plan no longer fits the platform (PLAN_TARGET_MISMATCH, PLAN_STALE, …), or `null`
 * when it still does: reads the collections it manages (and the groups, when the plan read them,
 * since names were resolved and references checked against them) and compares their checksums
 * with the plan's. Every front end applying a saved plan checks it here first.
 */
export async function savedPlanStaleness(
  client: PlatformClient,
  saved: SavedPlan,
  where: SavedPlanCheck = {},
): Promise<DsipformError | null> {
  const live = await readLive(client, saved.managed, where.leases, { groups: saved.groups_checksum !== undefined });
  return staleness(saved, {
    target: where.target ?? targetOf(client),
    liveChecksum: liveChecksum(live, saved.managed),
    groupsChecksum: live.groups ? groupsChecksum(live.groups) : undefined,
    live,
  });
}

/** A saved plan read back, and the state an apply of it writes. */
export interface OpenedPlan {
  readonly saved: SavedPlan;
  /** It manages leases: the lease state must be read (and is written). */
  readonly leases: boolean;
  /** It sends a carrier-group password or deletes a carrier group: the state's password records change. */
  readonly passwords: boolean;
}

/**
 * Reads a saved plan's text (`file` names it in errors) as plan/saved-plan.ts checks it: strict
 * JSON, version, checksum, the signature when `key` is given, the structure; and says which state
 * an apply of it writes. Throws the coded error of the first check that fails.
 */
export function openSavedPlan(text: string, file: string, key?: Uint8Array): OpenedPlan {
  const saved = parseSavedPlan(text, file, key ? { key } : {});
  return { saved, leases: saved.managed.includes('endpoint_leases'), passwords: touchesPasswordRecords(saved) };
}

/** The plan as it is saved (`plan --out`, `--format json`): with its checksum, and signed when a key is given. */
export function savedPlanOf(plan: Plan, key?: Uint8Array): SavedPlan {
  return key ? signPlan(savePlan(plan), key) : savePlan(plan);
}

/** A signing key, checked (PLAN_KEY_*: too short); `source` names where it came from, never the key. */
export function checkedPlanKey(key: Uint8Array, source: string): Uint8Array {
  return checkPlanKey(key, source);
}
