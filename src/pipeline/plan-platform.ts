import type { PlatformClient } from '../api/client.js';
import { secretFingerprint } from '../api/secret-fingerprint.js';
import { gatewayNamers, readForPlan, type Naming } from '../apply/read-gateway-labels.js';
import type { ReadOptions } from '../apply/read-live.js';
import type { CollectionName, DesiredState } from '../model/desired.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LiveState } from '../model/live.js';
import type { PasswordRecord } from '../model/password-record.js';
import type { Plan, PlanIssue } from '../model/plan.js';
import type { GatewayLabel } from '../model/group.js';
import { buildDestroyPlan, buildPlan, managedCollections } from '../plan/build-plan.js';
import type { RulesAfter } from '../plan/routing-impact.js';
import type { CheckedRules } from '../plan/checked-rules.js';
import { endpointPasswordChecks, passwordChecks } from '../plan/password-checks.js';
import { needsGroups } from '../plan/resolve-groups.js';
import { endpointGroupsToName } from '../plan/groups-to-name.js';
import { proxyZone, runTimes, type RunTimes } from '../model/time/call-time.js';

/** How to read the platform and plan against it. */
export interface PlanPlatformOptions {
  /** The platform's name in the plan (its base URL, or an emulator label); default the client's base URL. */
  readonly target?: string;
  /** The instant (ms) the plan is made at; default `Date.now()`. */
  readonly now?: number;
  /** `destroy` plans to delete what the files declare; default `apply`. */
  readonly mode?: 'apply' | 'destroy';
  /** The lease records held at this target (only these are renewed or revoked). */
  readonly leases?: readonly LeaseRecord[];
  /** The lease state file (absolute), recorded in the plan for an apply of the saved plan. */
  readonly stateFile?: string;
  /** A dangling reference is a warning instead of a problem that stops the plan. Default false. */
  readonly allowDangling?: boolean;
  /**
   * The proxy's time zone for the routing impact and the routing tests; default the desired
   * state's `proxy.timezone`, else this machine's zone (`TZ`). A function is asked only when a
   * zone is needed.
   */
  readonly tz?: string | (() => string);
  /** Whether to work out the routing impact (default true); false only to measure its cost. */
  readonly routingImpact?: boolean;
  /** Whether the planner makes the rules after the plan ready for its checks (default true); false where nothing checks them (`routes`). */
  readonly checks?: boolean;
  /** `plan --at`: decide the routing impact at this one instant (wall clock in `tz`, or with an offset) instead of over a whole period. */
  readonly at?: string;
  /**
   * The digests of the carrier-group passwords last sent to this target (the state's records):
   * a declared password whose variable is set is compared with them (never shown), so a password
   * changed alone is an update. Without them, no password is compared.
   */
  readonly passwordRecords?: readonly PasswordRecord[];
}

/**
 * A plan made against a platform, with the live state it was made from, the rules after the plan
 * the impact was worked out on (`after`, build-plan.ts) and as the checks read them (`checked`), and the gateway names and addresses the files'
 * routing tests need beyond the live state (`labels`, read before planning); or the issues that stop it.
 */
export type PlatformPlan =
  | {
      readonly ok: true;
      readonly plan: Plan;
      readonly live: LiveState;
      readonly after?: RulesAfter;
      /** The rules after the plan as its checks read them, made once by the planner (plan/checked-rules.ts); absent for a destroy. */
      readonly checked?: CheckedRules;
      readonly labels: readonly GatewayLabel[];
      /** The run's `now` and the times its checks judge the routing tests and invariants at, read before the platform was; absent for a destroy or without checks. */
      readonly times?: RunTimes;
      /** The references the proxy would drop that `allowDangling` let through, judged once, by the planner. */
      readonly references: readonly PlanIssue[];
    }
  | { readonly ok: false; readonly issues: readonly PlanIssue[] };

/**
 * The proxy's zone a plan of `desired` is made in: the caller's `tz` (the CLI's `--tz`, or the
 * target's), else the desired state's `proxy.timezone`, else this machine's (as a function, asked
 * only when needed). The one precedence is `proxyZone`'s (model/time/call-time.ts).
 */
export function planZone(desired: Pick<DesiredState, 'proxy'>, options: Pick<PlanPlatformOptions, 'tz'>): string | (() => string) {
  return options.tz ?? proxyZone({ files: desired.proxy?.timezone });
}

/**
 * What is read besides the managed collections to show the Numbers module's side effects
 * (model/kinds/did-number/effects.ts): the inbound mappings when the files manage numbers (a
 * number written available empties its DID's mapping), the numbers when they manage mappings (a
 * mapping marks its number). Read only: never diffed nor written.
 */
export function sideEffectReads(managed: readonly CollectionName[]): ('inbound_mappings' | 'numbers')[] {
  const numbers = managed.includes('numbers');
  const mappings = managed.includes('inbound_mappings');
  return numbers && !mappings ? ['inbound_mappings'] : mappings && !numbers ? ['numbers'] : [];
}

/** What a plan reads besides the managed collections, and the gateway names it reads for its tests and impact. */
type PlatformReads = ReadOptions & { readonly namers: readonly Naming[]; readonly toName?: (live: LiveState) => readonly number[] };

/**
 * Every read a plan makes, decided from the files before the first request: the collections read
 * for their side effects ({@link sideEffectReads}), and for an apply the gateway names the routing
 * tests and invariants need, the groups when the files refer to groups or gateways, and the endpoint
 * groups the routing impact and the tests name, picked from the live state (issue 34 §5). A destroy
 * reads no names and no groups.
 */
function platformReads(
  desired: DesiredState,
  managed: readonly CollectionName[],
  mode: 'apply' | 'destroy',
  allowDangling: boolean,
): PlatformReads {
  const readOnly = sideEffectReads(managed);
  if (mode === 'destroy') return { namers: [], groups: false, readOnly };
  return {
    namers: gatewayNamers(desired),
    groups: needsGroups(desired, allowDangling),
    readOnly,
    toName: (live) => endpointGroupsToName(desired, live),
  };
}

/** The base URL of the platform a client talks to (its API root without `/api/v1`): safe to print. */
export function targetOf(client: PlatformClient): string {
  return client.root.replace(/\/api\/v1\/?$/, '').replace(/\/+$/, '');
}

/**
 * Reads what the platform holds of the collections the files manage (and its groups when the files
 * refer to groups or gateways), asks its API profile (detected when the client was not given one:
 * on the `current` profile a mapping edit is a replace, the only write that platform takes), and
 * makes the plan. With routing tests that expect a gateway by name, the names of the live groups'
 * gateways are read first too, and so are the endpoints of the live endpoint groups the routing
 * impact and the tests name (plan/groups-to-name.ts), so nothing is read once the plan is made.
 * The run's `now`, and with checks each routing test's call time and the invariants' start, are
 * read before the first request too (`times`), so the simulation reads no clock. Every front end plans
 * through here, so the CLI and the library plan alike. Throws
 * `ApiError` when the platform cannot be read.
 */
export async function planPlatform(
  client: PlatformClient,
  desired: DesiredState,
  options: PlanPlatformOptions = {},
): Promise<PlatformPlan> {
  const mode = options.mode ?? 'apply';
  const allowDangling = options.allowDangling ?? false;
  // Decided before the first request: the zone is a value, or a function asked only when needed.
  const tz = planZone(desired, options);
  const managed = managedCollections(desired);
  // Every read decided first, from the files alone; then the reads (apply/); then what the planner
  // compares (plan/): the data goes down.
  const reads = platformReads(desired, managed, mode, allowDangling);
  // The run's times, read once before the platform is (so the plan and its checks share one `now`):
  // the checks' call times are made where the reads are decided, from the files and the clock alone.
  const now = options.now ?? Date.now();
  const checks = options.checks ?? true;
  const times = mode === 'apply' && checks ? runTimes(desired, now, tz) : undefined;
  const [{ live, labels }, { profile, numbersModule }] = await Promise.all([
    readForPlan(client, managed, options.leases, reads),
    client.detection(),
  ]);
  // A destroy sends no password: nothing to compare. A carrier group's is compared with the state's
  // record of the one last sent (none without records), an endpoint group's with the one the platform shows.
  const passwords =
    mode === 'apply'
      ? new Map([
          ...endpointPasswordChecks(desired.endpoint_groups ?? [], live, secretFingerprint),
          ...(options.passwordRecords ? await passwordChecks(desired.carrier_groups ?? [], live, options.passwordRecords) : []),
        ])
      : undefined;
  // The reads just made carry the flag. A file that manages nothing (`version: 1`) asks for it, so
  // applying such a file makes pending writes live; a leases-only plan stays without a request.
  const managesNothing = managed.length === 0 && !desired.endpoint_leases;
  const pendingReload = client.lastKamreload ?? (managesNothing ? await client.pendingReload() : false);
  const input = {
    desired,
    live,
    target: options.target ?? targetOf(client),
    now,
    profile,
    ...(numbersModule !== undefined ? { numbersModule } : {}),
    pendingReload,
    allowDangling,
    // The machine's zone, when nothing declares the proxy's, is asked only when the plan changes
    // a mapping or route (resolving it starts ICU: tens of ms).
    tz,
    routingImpact: options.routingImpact ?? true,
    checks,
    ...(options.at !== undefined ? { at: options.at } : {}),
    ...(options.stateFile !== undefined ? { stateFile: options.stateFile } : {}),
    ...(passwords ? { passwords } : {}),
    labels,
  };
  const result = (mode === 'destroy' ? buildDestroyPlan : buildPlan)(input);
  if (!result.ok) return result;
  const references = result.references ?? [];
  const built = {
    ...(result.after ? { after: result.after } : {}),
    ...(result.checked ? { checked: result.checked } : {}),
    ...(times ? { times } : {}),
  };
  return { ok: true, plan: result.plan, live, labels, references, ...built };
}
