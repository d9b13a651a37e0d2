import type { CarrierGroupContent } from './carrier-group.js';
import type { EndpointGroupContent } from './endpoint-group.js';
import type { MappingContent } from './inbound-mapping.js';
import type { LeaseContent } from './lease.js';
import type { RouteContent } from './outbound-route.js';
import { KIND_SPECS, type KindRecords } from './kinds.js';
import type { RoutingTest } from './routing-test.js';
import type { Invariant } from './invariant.js';

/**
 * The desired state as the files declare it, after loading, schema checks and normalization:
 * every optional field holds the platform's default. Pure data; no I/O.
 */

/** The kinds of object dsipform manages: the registry's (src/model/kinds.ts). */
export type Kind = keyof KindRecords;

/** The collections of the desired-state files, one per kind. */
export type CollectionName = KindRecords[Kind]['collection'];

/** Every kind, in the stable order used to break ties: the registry's order. */
export const KINDS: readonly Kind[] = Object.keys(KIND_SPECS) as Kind[];

/** The collection that holds a kind. */
export const COLLECTION_OF: Readonly<Record<Kind, CollectionName>> = Object.fromEntries(
  KINDS.map((k) => [k, KIND_SPECS[k].collection]),
) as Record<Kind, CollectionName>;

/** Every collection, in stable order (the registry's). */
export const COLLECTIONS: readonly CollectionName[] = KINDS.map((k) => COLLECTION_OF[k]);

/** The collections the desired state manages (declared, even as `[]`), in stable order. */
export function managedCollections(desired: Pick<DesiredState, CollectionName>): CollectionName[] {
  return COLLECTIONS.filter((c) => desired[c] !== undefined);
}

/** Each kind's collection of declared entries, as `DesiredState` holds them (derived from the registry). */
export type DesiredCollections = {
  readonly [K in Kind as KindRecords[K]['collection']]?: readonly KindRecords[K]['desired'][];
};

/** Where something was declared: 1-based line and column. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** One problem found in the files, with where it is and what to do. */
export interface ConfigIssue extends SourceLocation {
  readonly message: string;
  readonly hint: string;
}

/**
 * An inbound mapping as declared (`notes` default `""`); identified by `did`. With `group: NAME`
 * in the files, `group` holds the name and `servers` is `[]` until the planner resolves the name
 * (plan/resolve-groups.ts) to `["#<id>"]`; it stays `[]` when the group is one the plan creates.
 */
export interface DesiredMapping extends MappingContent {
  /** The carrier or endpoint group the files named instead of `servers`. */
  readonly group?: string;
  readonly origin?: SourceLocation;
}

/**
 * An outbound route as declared, defaults filled (priority 0, timerec and routeid `""`,
 * from_prefix `null` when absent or `""`); identified by `name`, or by `ruleid` when pinned.
 */
export interface DesiredRoute extends RouteContent {
  /**
   * The carrier group the files named instead of `gwgroupid` (`carrier_group: NAME`); `gwgroupid`
   * is `""` until the planner resolves it, and stays `""` for a group the plan creates.
   */
  readonly carrier_group?: string;
  /** Pins the live route this entry owns (which also lets it be renamed). */
  readonly ruleid?: number;
  readonly origin?: SourceLocation;
}

/** An endpoint lease as declared, ttl and renew_before in seconds (renew_before defaulted). */
export interface DesiredLease extends LeaseContent {
  readonly origin?: SourceLocation;
}

/**
 * A carrier group as declared, identified by its name: endpoints with their hostname normalised to
 * `host:port` (`:5060` added when none is given), strip 0, prefix `""` and weight 1 by default,
 * lb_enabled false. `auth.password_env` names the environment variable that holds the password
 * (`auth_password` is its value, sent to the platform and never shown).
 */
export interface DesiredCarrierGroup extends CarrierGroupContent {
  readonly origin?: SourceLocation;
}

/**
 * An endpoint group as declared, identified by its name (kinds/endpoint-group/normalize.ts):
 * `auth.password_env` names the variable that holds the password (`auth_password` is its value,
 * sent to the platform and never shown).
 */
export interface DesiredEndpointGroup extends EndpointGroupContent {
  readonly origin?: SourceLocation;
}

/**
 * How many deletes (`policy.max_deletes`) or updates (`policy.max_updates`) of one collection a plan
 * may carry before it needs `--force`: a count, or a percentage of the managed live collection.
 */
export type DeleteLimit = { readonly count: number } | { readonly percent: number };

/**
 * The routing lints `policy.accept` can acknowledge: every warning code of the lints (an error, a
 * rule the proxy drops, cannot be acknowledged). The schema's enum is held to this list by a test.
 */
export const ACCEPTABLE_LINTS: readonly string[] = [
  'ambiguous_rules',
  'ambiguous_lcr',
  'shadowed',
  'negative_priority',
  'zero_duration',
  'bymonth_from_zero',
  'byyearday_from_zero',
  'bymonthday_wraps',
  'byday_never',
  'byday_ordinal',
  'byweekno_ignored',
  'interval_digits',
  'midnight_cut',
  'lcr_takes_simple',
  'no_default_outbound',
  'no_default_inbound',
  'number_unrouted',
  'mapping_number_available',
  'plus_did_dropped',
];

/**
 * One routing lint the files acknowledge (`policy.accept`): the lint's code, and the rules it is
 * acknowledged for, by glob (as `policy.ignore` matches): `route` for routes, `did` for mappings;
 * with neither, every finding of that lint. A finding that names several rules is acknowledged
 * only when each of them is matched.
 */
export interface LintAcceptance {
  /** The lint's code, e.g. `ambiguous_lcr`. */
  readonly lint: string;
  /** A route-name glob. */
  readonly route?: string;
  /** A DID glob. */
  readonly did?: string;
  /** Where the files wrote it (an acknowledgement that matches nothing is warned about there). */
  readonly origin?: SourceLocation;
}

/** The files' `policy` block, defaults filled. */
export interface Policy {
  /** `stack` when the policy comes from a CDKTF stack's `DsipformPolicy` (messages name it so); absent for files. */
  readonly place?: 'stack';
  /** Replaces the default limit (25% of a managed collection of 8 or more). */
  readonly max_deletes?: DeleteLimit;
  /**
   * The most objects of one collection a plan may change (update, promote, demote, replace) before
   * it needs `--force`; absent means no limit.
   */
  readonly max_updates?: DeleteLimit;
  /** Kinds never deleted without `--force`. */
  readonly protect: readonly CollectionName[];
  /**
   * Globs of live objects left alone, by the key of each kind (its module's `keyField`): DIDs for
   * mappings, names for routes, leases and carrier groups. The collections older than carrier groups
   * are always listed; any later collection may be left out (none).
   */
  readonly ignore: Readonly<Record<'inbound_mappings' | 'outbound_routes' | 'endpoint_leases', readonly string[]>> & {
    readonly [C in CollectionName]?: readonly string[];
  };
  /**
   * Whether a plan may leave calls that route today with no route (or an ambiguous one) without
   * `--force`; absent means no.
   */
  readonly allow_unrouting?: boolean;
  /** Routing lints the files acknowledge: shown as acknowledged, never stopping `--strict`; absent means none. */
  readonly accept?: readonly LintAcceptance[];
}

/**
 * The files' `proxy` block: facts about the platform's proxy that decide routing but that the API
 * does not hold. `timezone` is the zone its time recurrences are read in (IANA); `origin` is where
 * it was written (the `timezone` key).
 */
export interface ProxySettings {
  readonly timezone?: string;
  readonly origin?: SourceLocation;
}

/**
 * The merged desired state. A collection that is `undefined` is not managed: it is neither read
 * nor touched. A declared collection (even empty) is managed authoritatively.
 */
export interface DesiredState extends DesiredCollections {
  /** The files' routing tests (`dsipform test`); never planned or applied. Undefined when no file has any. */
  readonly routing_tests?: readonly RoutingTest[];
  /** The files' routing invariants (routing/invariants.ts); never planned or applied. Undefined when no file has any. */
  readonly invariants?: readonly Invariant[];
  readonly policy: Policy;
  /** The proxy's settings (`proxy:`, at most once across the files); absent when no file has them. */
  readonly proxy?: ProxySettings;
  /** The files the state came from, in load order. */
  readonly files: readonly string[];
}

/**
 * The collections a policy's `ignore` always lists, in the registry's order: those whose module
 * says so (`ignoreAlwaysListed`); `Policy['ignore']` types them as present.
 */
export const ALWAYS_IGNORED: readonly CollectionName[] = KINDS.filter((k) => KIND_SPECS[k].ignoreAlwaysListed).map(
  (k) => KIND_SPECS[k].collection,
);

/** The policy when the files give none. */
export const DEFAULT_POLICY: Policy = {
  protect: [],
  ignore: { inbound_mappings: [], outbound_routes: [], endpoint_leases: [], carrier_groups: [] },
};
