import type { SourceLocation } from './desired.js';

/**
 * A managed inbound mapping the platform's Numbers module emptied (issue 35 §4): its number is
 * `available`, so the platform wiped the mapping's servers and renamed it to the DID (its
 * `_sync_available_inbound_route`, docs/numbers.md). Plans and drift reports carry one per such
 * mapping the plan restores, with whether the repair holds once applied. A warning: it never stops
 * a plan. Plain JSON, no secret.
 */
export interface EmptiedMappingFinding {
  readonly code: 'MAPPING_EMPTIED_BY_NUMBERS';
  /** The mapping's DID as the files declare it (the key of the plan's change that restores it). */
  readonly key: string;
  /** The platform's id of the emptied mapping. */
  readonly ruleid: number;
  /** The number that emptied it, as the platform holds it. */
  readonly number: { readonly id: number; readonly did: string; readonly status: string };
  /**
   * Whether the plan's repair (restoring the servers) holds once applied: false when the number is
   * still `available` afterwards (or the files write it so again), so the next write to it empties
   * the mapping again.
   */
  readonly repair_holds: boolean;
  readonly message: string;
  readonly hint: string;
  /** Where the files declare the mapping. */
  readonly origin?: SourceLocation;
}
