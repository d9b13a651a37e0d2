import type { PlatformClient } from '../api/client.js';
import { readLive } from '../apply/read-live.js';
import type { DsipformError } from '../model/errors.js';
import type { LeaseRecord } from '../model/lease.js';
import type { SavedPlan } from '../model/plan.js';
import { groupsChecksum, liveChecksum } from '../plan/live-checksum.js';
import { staleness } from '../plan/saved-plan.js';
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
