/**
 * The routing simulation's data (docs/routing-model.md): the proxy's rules as it loads
 * them, a call, and the decision it takes. Pure data, plain JSON; the simulation itself lives beside
 * this file and imports only model/.
 *
 * Module map (each file exports what it names; every export has TSDoc). The signatures are the
 * contract the CLI, the planner and the config checks code against:
 * - `rule-set.ts`  `ruleSetFromState(state: RoutingState, inventory?: GatewayInventory): RuleSet`:
 *                  the rules the proxy would hold for the mappings and routes of a desired or live
 *                  state (groups 9000, 8000, LCR groups; a desired LCR route without a live groupid
 *                  gets a stable stand-in group in [10000, 20000)); `inventoryOf(groups:
 *                  readonly GatewayGroup[]): GatewayInventory` (model/group.ts)
 * - `load.ts`      `loadRules(set: RuleSet): { kept; dropped; stems; recurrences }`: the proxy's loader
 * - `prepared.ts`  `preparedRules(set: RuleSet): PreparedRules`: the set loaded once (kept and dropped
 *                  rules, each recurrence parsed), read by the lints; `decisionTables(set)`: the
 *                  matcher's tables built from it on the first decision (recurrences as matchers,
 *                  the prefix tree, the LCR index)
 * - `match.ts`     `routeCall(set: RuleSet, call: Call): RouteDecision` (decides on the prepared set, step by step)
 * - `lint.ts`      `lintRules(set: RuleSet, manages: { inbound: boolean; outbound: boolean }):
 *                  RoutingFinding[]`: errors (dropped rules) and warnings (undefined order, shadowed
 *                  rules, no catch-all)
 * - `impact.ts`    `routingImpact(before: RuleSet, after: RuleSet, at: CallTime, { pinned? }): { horizon,
 *                  entries: ImpactEntry[] }`: every class of calls a rule that differs between the two
 *                  sets can reach, in every time window where its decision differs (classes.ts)
 * - `classes.ts`   `routingTable(set, start)`, `routingDifference(before, after, start)`: classes of
 *                  calls (number-classes.ts, callers.ts) × time windows (model/time/windows.ts, window-words.ts)
 * - `priority.ts`  `proxyPriority(p)`: a priority as the proxy ranks it (unsigned)
 * - the proxy's clock is model/time/ (in model/, so the one normaliser can check a recurrence):
 *                  `call-time.ts` `callTime(at: string | undefined, tz: string | undefined, now:
 *                  number): CallTime | { problem: string }` (`--at` with no offset is wall clock in
 *                  `tz`; `tz` defaults to the machine's zone); `timerec.ts` `timerecProblem(text):
 *                  string | null`, `timerecWarning(text)`, `parseTimerec(text)`; `timerec-match.ts`
 *                  `timerecMatches(parsed, local: string, tz?: string)` (as drouting's dr_time.c decides; real time
 *                  in `tz` across clock changes, timerec-zone.ts)
 * - `model/rules.ts` `serverListProblem(servers)`: the server lists the proxy drops (mixed, two groups)
 */
import type { SourceLocation } from '../model/desired.js';
import type { DeclaredGroup } from './gateway-words.js';
import type { GatewayLabel, GroupType } from '../model/group.js';
import type { CallTime, Direction } from '../model/routing.js';
import type { MappingContent } from '../model/inbound-mapping.js';
import type { RouteContent } from '../model/outbound-route.js';

export type { CallTime, DecidedRule, Direction, ImpactEntry, RouteDecision, RouteResult } from '../model/routing.js';

/** The drouting group of inbound mappings. */
export const INBOUND_GROUP = 9000;
/** The drouting group of simple outbound routes. */
export const OUTBOUND_GROUP = 8000;
/** LCR routes each hold a group in [LCR_GROUP_MIN, LCR_GROUP_END). */
export const LCR_GROUP_MIN = 10000;
/** The first group past the LCR range (call forwarding starts here; not simulated). */
export const LCR_GROUP_END = 20000;

/** One `dr_rules` row as the simulation sees it, tagged with the object it came from. */
export interface RoutingRule {
  readonly kind: 'inbound_mapping' | 'outbound_route';
  /** The DID (`""` is the default mapping) or the route name. */
  readonly key: string;
  /** The platform's id, when the rule is live. */
  readonly ruleid?: number;
  /** 9000, 8000, or the LCR route's group. */
  readonly groupid: number;
  readonly prefix: string;
  readonly priority: number;
  /** `""` means always. */
  readonly timerec: string;
  /**
   * As the proxy reads it: `"66,67"` or `"#5"`; `#"Carrier A"` for a group the files name whose id
   * is not known here (the files alone, or a group the plan creates).
   */
  readonly gwlist: string;
  /** For an LCR route: `<from_prefix>-<prefix>`. */
  readonly lcr_pattern?: string;
  /** Where the files declared it. */
  readonly origin?: SourceLocation;
}

/** An LCR record: the pattern and the group it selects. */
export interface LcrRecord {
  readonly pattern: string;
  readonly groupid: number;
  /** The route that holds it. */
  readonly key: string;
}

/**
 * The gateways and gateway lists (carrier and endpoint groups) the proxy knows. When it is not
 * known (the files alone, or groups not read), the simulation cannot tell a dangling id and
 * assumes every reference exists.
 */
export interface GatewayInventory {
  /** Every gateway id (`dr_gateways.gwid`) as text. */
  readonly gateways: ReadonlySet<string>;
  /** Each gateway list (gwgroupid as text, no `#`) to its gateway ids in order. */
  readonly lists: ReadonlyMap<string, readonly string[]>;
  /** Each group's name and type (gwgroupid as text), when the groups were read: for the words, never for the decision. */
  readonly groupNames?: ReadonlyMap<string, { readonly name: string; readonly type: GroupType; readonly pending?: boolean }>;
  /** The gateways whose name and address were read (gwid as text): for the words, never for the decision. */
  readonly gatewayNames?: ReadonlyMap<string, GatewayLabel>;
}

/**
 * The mappings and routes a rule set is built from (desired or live; ids and origins when known),
 * and the groups the files declare (the files alone: a rule naming one is worded from them).
 */
export interface RoutingState {
  /** The files' carrier groups: a rule naming one whose id is not known here is worded by its kind. */
  readonly carrier_groups?: readonly { readonly name: string }[];
  /** The files' endpoint groups: a rule naming one whose id is not known here is worded with its endpoints. */
  readonly endpoint_groups?: readonly { readonly name: string; readonly endpoints: readonly { name: string; hostname: string }[] }[];
  /** `group`: the name the files refer to the group by (with `servers: []` when its id is not known here). */
  readonly inbound_mappings?: readonly (MappingContent & {
    readonly ruleid?: number;
    readonly origin?: SourceLocation;
    readonly group?: string;
  })[];
  /** `carrier_group`: the name the files refer to the group by (with `gwgroupid: ""` when its id is not known here). */
  readonly outbound_routes?: readonly (RouteContent & {
    readonly carrier_group?: string;
    readonly ruleid?: number;
    readonly groupid?: number;
    readonly origin?: SourceLocation;
  })[];
}

/** The proxy's routing tables for one state. */
export interface RuleSet {
  readonly rules: readonly RoutingRule[];
  readonly lcr: readonly LcrRecord[];
  readonly inventory?: GatewayInventory;
  /** The groups the files declare, by name: for the words of a rule naming one whose id is not known here, never for a decision. */
  readonly declared?: ReadonlyMap<string, DeclaredGroup>;
}

/** The call to route. */
export interface Call {
  readonly direction: Direction;
  /** The From-user as on the wire (`%XX` escapes kept: LCR unescapes it, sip-user.ts); `""` when not given (outbound LCR patterns then cannot match). */
  readonly from: string;
  /** The To-user, also the request user `rU` unless `ruri` says otherwise. */
  readonly to: string;
  /**
   * The request user `rU` when it differs from the To-user (a carrier may send the DID in the
   * request URI and something else in To). Absent: the To-user. Inbound, the proxy routes `rU`
   * first and retries with the To-user; outbound, LCR looks at the To-user and `do_routing` at `rU`.
   */
  readonly ruri?: string;
  readonly at: CallTime;
}

/** Why the proxy drops a rule at load time (docs/routing-model.md, "Loading: rules the proxy skips"). */
export interface DroppedRule {
  readonly rule: RoutingRule;
  /** What is wrong, in words: `servers mix a gateway id and a group reference ("66,#5")`. */
  readonly reason: string;
  /** What to do about it. */
  readonly hint: string;
}

/** One routing lint: an error (the proxy drops the rule) or a warning (undefined or surprising routing). */
export interface RoutingFinding {
  readonly severity: 'error' | 'warning';
  /** Stable id: `dropped`, `ambiguous_rules`, `ambiguous_lcr`, `lcr_takes_simple`, `no_default_outbound`, `no_default_inbound`, `shadowed`, `negative_priority`, `zero_duration`, the time-recurrence quirks of model/time/timerec-quirks.ts (`midnight_cut` among them), the number lints (`number_unrouted`, `mapping_number_available`, `plus_did_dropped`: routing/number-lints.ts), and `accept_unused` (routing/acknowledge.ts). */
  readonly code: string;
  readonly message: string;
  readonly hint: string;
  /** The rule the finding is about (or is placed at, when it names several). */
  readonly key?: string;
  /**
   * Every rule of `kind` the finding is about alike, when it names several (`ambiguous_rules`,
   * `ambiguous_lcr`, `lcr_takes_simple`): a `policy.accept` entry acknowledges the finding only
   * when it names each of them. Absent: `key` alone.
   */
  readonly keys?: readonly string[];
  /** The kind of `key`: a rule's, or a number's (the number lints, routing/number-lints.ts). */
  readonly kind?: 'inbound_mapping' | 'outbound_route' | 'did_number';
  readonly origin?: SourceLocation;
  /** A `policy.accept` entry of the files acknowledges it: shown and counted as such, never stopping a command. */
  readonly acknowledged?: true;
}
