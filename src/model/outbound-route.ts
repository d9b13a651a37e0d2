/** What a route says, without the ids the platform assigns: shared by live, desired and plan. */
export interface RouteContent {
  readonly name: string;
  readonly prefix: string;
  /** `null` for a simple route; a non-empty string for an LCR route. */
  readonly from_prefix: string | null;
  /** Carrier-group id without the `#` the platform stores. */
  readonly gwgroupid: string;
  readonly priority: number;
  readonly timerec: string;
  readonly routeid: string;
}

/** An outbound route as the model knows it, whatever the wire said. */
export interface OutboundRoute extends RouteContent {
  readonly ruleid: number;
  /** `8000` for simple routes; in [10000, 20000) for LCR routes. */
  readonly groupid: number;
}

/** The fields a client sends to create a route; a non-empty `from_prefix` makes it LCR. */
export interface OutboundRouteInput {
  readonly name: string;
  readonly prefix: string;
  readonly gwgroupid: string;
  readonly from_prefix?: string;
  readonly priority?: number;
  readonly timerec?: string;
  readonly routeid?: string;
}

/** Any subset of the route's fields; `from_prefix: ""` demotes, a non-empty one promotes. */
export type OutboundRoutePatch = Partial<OutboundRouteInput>;

/**
 * The LCR record's pattern for a route, `<from_prefix>-<prefix>`: the key the platform keeps unique
 * across LCR routes (one LCR record per pattern). The one place that spells it.
 */
export function lcrPattern(fromPrefix: string, prefix: string): string {
  return `${fromPrefix}-${prefix}`;
}

/** The LCR pattern a route holds, or `null` for a simple route (no, or an empty, from_prefix). */
export function lcrPatternOf(route: { readonly from_prefix?: string | null; readonly prefix: string } | undefined): string | null {
  return route && route.from_prefix ? lcrPattern(route.from_prefix, route.prefix) : null;
}
