import type { EmptiedMappingFinding } from './coexistence.js';
import type { CarrierAuth, CarrierEndpoint, UnreadableCarrierField } from './carrier-group.js';
import type { CollectionName, DeleteLimit, Kind, SourceLocation } from './desired.js';
import type { KindRecords } from './kinds.js';
import type { MappingContent } from './inbound-mapping.js';
import type { LeaseContent } from './lease.js';
import type { RouteContent } from './outbound-route.js';
import type { PlanNames } from './group.js';
import type { PlanInvariant } from './invariant.js';
import type { PlatformEffect } from './kinds/did-number/effects.js';
import type { Direction, Horizon, ImpactEntry } from './routing.js';
import type { PlanRoutingTest } from './routing-test.js';

/**
 * Plans are data: plain JSON, frozen, no closures, colours or client handles. A plan can be
 * rendered, saved, checksummed and applied later exactly as it was reviewed.
 */

/**
 * The comparable fields of an inbound mapping. `group` is the name the files used (shown beside
 * the id, never compared); with it, `servers: []` means the group is created by this plan and its
 * id is known after apply (`isPendingMapping`).
 */
export type MappingFields = MappingContent & { readonly group?: string };

/**
 * The comparable fields of an outbound route. `carrier_group` is the name the files used (shown
 * beside the id, never compared); with it, `gwgroupid: ""` means known after apply.
 */
export type RouteFields = RouteContent & { readonly carrier_group?: string };

/** Whether a mapping's group is one this plan creates: its id is looked up at apply time. */
export function isPendingMapping(fields: MappingFields): boolean {
  return fields.group !== undefined && fields.servers.length === 0;
}

/** Whether a route's carrier group is one this plan creates: its id is looked up at apply time. */
export function isPendingRoute(fields: RouteFields): boolean {
  return fields.carrier_group !== undefined && fields.gwgroupid === '';
}

/**
 * The fields of a lease as a plan shows them: what the files ask for, and for a lease already held,
 * its id, username, domain and expiry. Never the password (renderers print `(sensitive)`).
 */
export interface LeaseFields extends LeaseContent {
  readonly lease_id?: number;
  readonly username?: string;
  readonly domain?: string;
  readonly expires_at?: string;
}

/**
 * What a plan knows of a password it never holds, when that is worth saying: `unset`, its variable
 * is not set where the plan was made (the apply reads it; nothing was compared); `changes`, it is
 * not the password dsipform last sent to the group (compared as a digest, never shown).
 */
export type PasswordState = 'unset' | 'changes';

/** A carrier group's registration auth as a plan holds it: the variable the password comes from, never the password. */
export type CarrierAuthFields = Omit<CarrierAuth, 'auth_password'> & { readonly password_state?: PasswordState };

/**
 * The comparable fields of a carrier group. `auth` is `null` when the group has none (or the
 * platform does not report it). The password is never among them: it cannot be read back.
 */
export interface CarrierGroupFields {
  readonly name: string;
  readonly lb_enabled: boolean;
  readonly endpoints: readonly CarrierEndpoint[];
  readonly auth: CarrierAuthFields | null;
  /**
   * On the live side (`before`) of an update: the fields the platform does not show, whose values
   * here are placeholders, and which the update writes anyway (plans show them as not shown).
   */
  readonly unreadable?: readonly UnreadableCarrierField[];
}

/** Field values of any kind: what the changes of the registry's kinds carry. */
export type ObjectFields = Extract<Change, { readonly after: unknown }>['after'] | Extract<Change, { readonly before: unknown }>['before'];

/**
 * What a change does. `promote`: simple → LCR; `demote`: LCR → simple; `replace`: delete, then
 * create (a mapping update on the deployed platform, which cannot update in place). Leases:
 * `obtain`, `renew` (revoke, then obtain anew) and `revoke`.
 */
export type ChangeAction = 'create' | 'update' | 'promote' | 'demote' | 'replace' | 'delete' | 'obtain' | 'renew' | 'revoke';

/** What every change carries, whatever its kind and action: each kind's change type (in its module) builds on it. */
export interface ChangeCommon<K extends Kind> {
  readonly kind: K;
  /** Identity within the kind: the DID (`""` is the default mapping), or the route, lease or carrier-group name. */
  readonly key: string;
  /** The fields whose value changes (all of them on create; none on delete). */
  readonly fields: readonly string[];
  /** Why this change sits where it does in the order, when that is not the default. */
  readonly reason?: string;
  /** Where the desired object was declared. */
  readonly origin?: SourceLocation;
  /**
   * The apply wave: changes of one step may run in parallel, steps run in order. Absent means the
   * action's default stage (creates 1, updates/promotions/demotions 2, deletes 3, then leases:
   * obtains 4, renewals 5, revocations 6; carrier groups are created and updated before stage 1
   * and deleted after stage 3).
   */
  readonly step?: number;
  /**
   * What the platform also does when this change is applied (its Numbers module: a number written
   * available empties its DID's mapping; a mapping marks its number), in apply order; absent when
   * nothing (model/kinds/did-number/effects.ts).
   */
  readonly effects?: readonly PlatformEffect[];
}

/**
 * One change of a plan: a union discriminated on `kind` and on `action`, so that each pair carries
 * exactly its own fields (a mapping's `after` holds mapping fields, a route delete has a `ruleid`):
 * the changes of every kind in the registry (src/model/kinds.ts).
 */
export type Change = KindRecords[Kind]['change'];

/** Counts per action. */
export type ActionCounts = Readonly<Record<ChangeAction, number>>;

/** Counts of a plan: per action, per kind, and how many objects need nothing. */
export interface PlanSummary {
  readonly total: ActionCounts;
  readonly by_kind: Readonly<Record<Kind, ActionCounts & { readonly unchanged: number }>>;
  readonly unchanged: number;
}

/**
 * A reason a plan is refused without `--force` because of what it deletes. A replace (delete, then
 * create: a mapping change on the deployed platform) is a delete here.
 */
export interface DeleteFinding {
  readonly collection: CollectionName;
  /** `protected`: the kind is in `policy.protect`; `threshold`: too many deletes. */
  readonly rule: 'protected' | 'threshold';
  /** Deletes (and revocations), replaces included. */
  readonly deletes: number;
  /** How many of `deletes` are replaces; absent when none. */
  readonly replaces?: number;
  /** How many live objects the collection manages (ignored ones excluded). */
  readonly live: number;
  /** The limit that was passed, e.g. `25%` or `10`. */
  readonly limit: string;
  /** Keys of the objects that would be deleted. */
  readonly keys: readonly string[];
  readonly message: string;
}

/**
 * A reason a plan is refused without `--force` because it changes more objects of a collection
 * than `policy.max_updates` allows. Updates, promotions, demotions and replaces count.
 */
export interface UpdateFinding {
  readonly collection: CollectionName;
  readonly rule: 'update_threshold';
  readonly updates: number;
  /** How many live objects the collection manages (ignored ones excluded). */
  readonly live: number;
  /** The limit that was passed, e.g. `20%` or `10`. */
  readonly limit: string;
  /** Keys of the objects that would be changed. */
  readonly keys: readonly string[];
  readonly message: string;
}

/** A class of calls of the routing impact that routes before the plan and not after it (no route, or ambiguous), in some time windows. */
export interface UnroutedCall {
  readonly direction: Direction;
  /** The class: numbers starting with `prefix` (`''`: every number no rule prefix matches). */
  readonly prefix: string;
  /** The LCR From parts its callers hold (none: no From part matters). */
  readonly from_parts: readonly string[];
  /** `two_or_more`: its callers hold two or more of `from_parts` (tied patterns of one length). */
  readonly from_holds?: 'two_or_more';
  /** With `from_holds`: the From parts of longer patterns its callers hold none of. */
  readonly from_except?: readonly string[];
  /** When, in words (`always`, `Mon–Fri 18:00–24:00 America/New_York`). */
  readonly when: string;
  /** The representative call of the class. */
  readonly from?: string;
  readonly to: string;
  /** What the call gets after the plan. */
  readonly after: 'no_route' | 'ambiguous';
}

/**
 * A reason a plan is refused without `--force` because of what it does to calls: classes of
 * `routing_impact` that route today and would have no route (or an undefined one) after the plan,
 * in any window of the time examined.
 * One finding per direction; `policy.allow_unrouting: true` turns it off.
 */
export interface UnroutingFinding {
  /** `inbound_mappings` for inbound calls, `outbound_routes` for outbound ones. */
  readonly collection: CollectionName;
  readonly rule: 'unrouting';
  /** The calls, in `routing_impact` order. */
  readonly calls: readonly UnroutedCall[];
  /** The keys of the rules that routed those calls before the plan (DIDs, route names), sorted, each once. */
  readonly keys: readonly string[];
  /**
   * The numbers (as their changes name them) whose write makes the platform empty a mapping among
   * `keys` (its Numbers module), sorted; absent when none.
   */
  readonly numbers?: readonly string[];
  readonly message: string;
}

/** One reason a plan is refused without `--force`. */
export type SafetyFinding = DeleteFinding | UpdateFinding | UnroutingFinding;

/** The policy parts a saved plan needs at apply time. */
export interface PlanPolicy {
  readonly max_deletes?: DeleteLimit;
  readonly max_updates?: DeleteLimit;
  readonly protect: readonly CollectionName[];
  /** Present (true) when the files allow plans that leave routed calls without a route. */
  readonly allow_unrouting?: true;
  /** `stack` when the policy was a CDKTF stack's `DsipformPolicy`: refusals name its properties. */
  readonly place?: 'stack';
}

/** Something that stops a plan from being made (not a file problem): e.g. two live routes with one name. */
export interface PlanIssue {
  /** The error code the refusal has when every issue of a plan has it (else `PLAN_BLOCKED`). */
  readonly code?: 'PLAN_OVERWRITES_UNREAD';
  readonly message: string;
  readonly hint: string;
  readonly origin?: SourceLocation;
}

/** A reviewed, saveable plan. */
export interface Plan {
  readonly format_version: 1;
  /** The platform base URL (never the token). */
  readonly target: string;
  /** The API profile the plan was made for: `spec`, or `current` (the deployed releases). */
  readonly api_profile?: 'spec' | 'current';
  /**
   * Whether the platform has the Numbers module (release 0.79): found when a deployed (`current`)
   * platform's profile was detected; absent when the profile was given, or is `spec`.
   */
  readonly numbers_module?: boolean;
  /** The collections the files manage, in stable order. */
  readonly managed: readonly CollectionName[];
  /** sha256 of the canonical JSON of the live state the plan was made from. */
  readonly live_checksum: string;
  /**
   * sha256 of each managed collection's part of that JSON, when the plan manages more than one:
   * a stale plan then names the collections that changed.
   */
  readonly live_checksums?: Readonly<Partial<Record<CollectionName, string>>>;
  /**
   * sha256 of the carrier and endpoint groups (ids, names, types, gateways) the plan read to resolve
   * names and check references; absent when it read none. `apply --plan` reads them again and
   * refuses the plan when they changed.
   */
  readonly groups_checksum?: string;
  readonly policy: PlanPolicy;
  readonly summary: PlanSummary;
  /** In apply order. */
  readonly changes: readonly Change[];
  /** The names of the groups and gateways the changes refer to by id, as the platform held them; absent when none is known. */
  readonly names?: PlanNames;
  /**
   * The classes of calls whose routing the plan changes, each in the time windows where it does,
   * ordered by direction, prefix, From, then time; present when the plan manages inbound mappings
   * or outbound routes (see src/routing/impact.ts).
   */
  readonly routing_impact?: readonly ImpactEntry[];
  /** The time the routing impact examined; present when the plan changes a mapping or a route. */
  readonly horizon?: Horizon;
  /** Findings that refuse the plan unless `--force`. */
  readonly safety: readonly SafetyFinding[];
  /**
   * The files' routing tests, run against the rules after the plan; present when the files hold
   * any. A failed one refuses the plan unless `--force` (PLAN_TESTS_FAILED), also when saved.
   */
  readonly routing_tests?: readonly PlanRoutingTest[];
  /**
   * The files' routing invariants, decided against the rules after the plan; present when the
   * files hold any. A violated one refuses the plan unless `--force` (PLAN_INVARIANT_FAILED), also
   * when saved.
   */
  readonly invariants?: readonly PlanInvariant[];
  /**
   * Managed inbound mappings the platform's Numbers module emptied, which the plan restores, each
   * with whether the repair holds (MAPPING_EMPTIED_BY_NUMBERS); absent when none.
   */
  readonly coexistence?: readonly EmptiedMappingFinding[];
  /** Sentences worth reading before applying (e.g. ordering explanations). */
  readonly notes: readonly string[];
  /** Names of recorded leases that expired by themselves: apply drops them from the state, no request. */
  readonly expired_leases: readonly string[];
  /** The state file (absolute): its lock is held while applying; leases are recorded in it. */
  readonly state_file?: string;
  /** The platform reported `kamreload: true` (writes not live yet): apply reloads the proxy even without a change. */
  readonly pending_reload?: true;
}

/** A plan with the sha256 of its canonical JSON, as written by `--out` and `--format json`. */
export interface SavedPlan extends Plan {
  readonly checksum: string;
  /**
   * `hmac-sha256:<hex>` of the same canonical JSON under a shared key (`--sign-key-file`,
   * `DSIPFORM_PLAN_KEY`); absent when the plan was saved without a key.
   */
  readonly signature?: string;
}
