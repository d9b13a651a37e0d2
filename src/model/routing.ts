/**
 * The shapes of a routing decision that leave the simulation (src/routing/): in `dsipform route
 * --format json`, in `dsipform test` reports and in a plan's `routing_impact`. Pure data.
 */

/** Which way a call goes: decided by the proxy from the call's source, so an input of the simulation. */
export type Direction = 'inbound' | 'outbound';

/** A rule as a decision names it (the `rule` of `route --format json`). */
export interface DecidedRule {
  readonly kind: 'inbound_mapping' | 'outbound_route';
  readonly key: string;
  readonly ruleid?: number;
  readonly group: number;
  readonly prefix: string;
  readonly lcr_pattern?: string;
  readonly priority: number;
}

/** What the proxy does with a call. */
export type RouteResult = 'routed' | 'no_route' | 'ambiguous';

/**
 * The decision for one call, exactly the `dsipform route --format json` object: `rule` and `gwlist`
 * are absent for `no_route`; for `ambiguous`, `candidates` lists the rules the proxy may pick in an
 * undefined order (for `routed` it holds the winner alone). `steps` explain the decision in words.
 */
export interface RouteDecision {
  readonly direction: Direction;
  readonly from: string;
  readonly to: string;
  /** The call time as given (`CallTime.local`), with the zone: `2026-12-28T10:00:00 Europe/London`. */
  readonly at: string;
  readonly result: RouteResult;
  readonly rule?: DecidedRule;
  /** The winner's gateway list as the proxy holds it (`"#5"`, `"66,67"`). */
  readonly gwlist?: string;
  readonly candidates: readonly DecidedRule[];
  readonly steps: readonly string[];
}

/**
 * One probed call whose outcome a plan changes: each side in the `route --format json` shape
 * (plans carry these as `routing_impact`).
 */
export interface ImpactEntry {
  readonly direction: Direction;
  readonly from?: string;
  readonly to: string;
  readonly before: RouteDecision;
  readonly after: RouteDecision;
}
