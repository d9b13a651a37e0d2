import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LiveState } from '../model/live.js';
import { DsipformError } from '../model/errors.js';
import { readLive } from '../apply/read-live.js';
import { buildDestroyPlan, buildPlan, managedCollections } from '../plan/build-plan.js';
import { needsGroups } from '../plan/resolve-groups.js';
import { machineZone } from '../routing/time.js';
import type { Plan } from '../model/plan.js';
import { failOnPlanIssues } from './desired.js';
import type { CliIo } from './io.js';

/** The lease state a plan reads, when the files manage leases. */
export interface PlanLeases {
  readonly file: string;
  /** Every record of the state, of every target. */
  readonly records: readonly LeaseRecord[];
}

/**
 * Reads the live state of the managed collections and makes the plan (or prints why it cannot).
 * Only the leases recorded for `target` are held there: a lease of another platform (or of an
 * unknown one) is never renewed or revoked by this plan. The groups are read when the files refer
 * to groups or gateways (to resolve names and check references; `allowDangling` skips the check).
 * `onLive` sees the live state that was read.
 */
export async function planAgainst(
  client: PlatformClient,
  target: string,
  desired: DesiredState,
  io: CliIo,
  mode: 'apply' | 'destroy' = 'apply',
  leases?: PlanLeases,
  allowDangling = false,
  onLive?: (live: LiveState) => void,
): Promise<Plan> {
  const held = leases?.records.filter((r) => r.target === target);
  const managed = managedCollections(desired);
  const groups = mode === 'apply' && needsGroups(desired, allowDangling);
  const [live, profile] = await Promise.all([readLive(client, managed, held, { groups }), client.profile()]);
  onLive?.(live);
  // The reads just made carry the flag. A file that manages nothing (`version: 1`) asks for it, so
  // applying such a file makes pending writes live; a leases-only plan stays without a request.
  const managesNothing = managed.length === 0 && !desired.endpoint_leases;
  const pendingReload = client.lastKamreload ?? (managesNothing ? await client.pendingReload() : false);
  const input = {
    desired,
    live,
    target,
    now: io.now(),
    profile,
    pendingReload,
    allowDangling,
    // The proxy's clock is taken to run in this machine's zone (TZ), as `dsipform route` assumes;
    // asked only when the plan changes a mapping or route (resolving it starts ICU: tens of ms).
    tz: machineZone,
    // Internal: the benchmark measures the plan with and without the routing impact (docs/performance.md).
    routingImpact: io.env.DSIPFORM_ROUTING_IMPACT !== 'off',
    ...(leases ? { stateFile: leases.file } : {}),
  };
  const result = (mode === 'destroy' ? buildDestroyPlan : buildPlan)(input);
  if (!result.ok) failOnPlanIssues(result.issues, io);
  return result.plan;
}

/** Parses `--parallelism N`. */
export function parseParallelism(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--parallelism "${text}" is not a whole number from 1 to 256`,
      'For example --parallelism 8 (the default).',
    );
  }
  return n;
}

/** Checks a `--format` value against the allowed ones. */
export function checkFormat<T extends string>(value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new DsipformError('CLI_BAD_FORMAT', `--format "${value}" is not known`, `Use one of: ${allowed.join(', ')}.`);
  }
  return value as T;
}
