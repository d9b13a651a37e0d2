import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { PlanIssue } from '../model/plan.js';
import type { ClassSpan, Direction, Horizon } from '../model/routing.js';
import { needsGroups } from '../plan/resolve-groups.js';
import { rulesAfterPlan } from '../plan/routing-impact.js';
import { routingDifference, routingTable } from '../routing/classes.js';
import { labelsAfter } from '../plan/test-names.js';
import { gatewayLabelsOf, inventoryOf, nameReference, ruleSetFromState } from '../routing/rule-set.js';
import type { CallTime, RuleSet } from '../routing/types.js';
import { withPendingNames } from '../routing/pending-names.js';
import { planPlatform } from './plan-platform.js';

/** The rules of one side of `dsipform routes`, and what the side says of them. */
export interface SideRules {
  readonly set: RuleSet;
  /**
   * The directions whose rules this side holds: files that declare no `inbound_mappings` say
   * nothing about inbound calls (the platform keeps its own). Absent: both (the platform).
   */
  readonly directions?: readonly Direction[];
  /** Gateway lists to show by name instead (`#<stand-in>` → `#"name"`): a group the plan creates has only a stand-in id before apply. */
  readonly pending?: ReadonlyMap<string, string>;
  /** The proxy zone this side declares: its files' `proxy.timezone`, or its target's `timezone:`. */
  readonly zone?: string;
}

/**
 * The rules of desired-state files, as `dsipform route` reads them: no platform, so a group named
 * in the files is shown by its name, and every id is taken to exist. Only the directions whose
 * collection the files declare are theirs. Pure.
 */
export function filesRules(desired: DesiredState): SideRules {
  return { set: ruleSetFromState(desired), directions: declared(desired), ...zoneOf(desired) };
}

/** The zone the files declare, as a side carries it. */
function zoneOf(desired: DesiredState): { zone?: string } {
  return desired.proxy?.timezone !== undefined ? { zone: desired.proxy.timezone } : {};
}

/** The directions whose collection the files declare. */
function declared(desired: DesiredState): Direction[] {
  const directions: Direction[] = [];
  if (desired.inbound_mappings !== undefined) directions.push('inbound');
  if (desired.outbound_routes !== undefined) directions.push('outbound');
  return directions;
}

/** The live rules and the rules the files would leave once applied, or the problems that stop the plan. */
export type FilesAgainstLive =
  | { readonly ok: true; readonly before: SideRules; readonly after: SideRules }
  | { readonly ok: false; readonly issues: readonly PlanIssue[] };

/**
 * The live rules and the rules the files would leave once applied: the files are planned against
 * the platform (the plan's own reading: only the collections the files manage, `policy.ignore`
 * kept, names resolved), and the rules after the plan are the ones the plan's routing impact is
 * worked out on (plan/routing-impact.ts). The groups are always read (by the plan when the files
 * refer to groups, else beside it), so both sides name them and a reference the proxy would drop
 * is dropped. Every read is made before planning.
 */
export async function filesAgainstLive(
  client: PlatformClient,
  desired: DesiredState,
  options: { readonly target: string; readonly now: number },
): Promise<FilesAgainstLive> {
  const [made, read] = await Promise.all([
    // A rule naming a group the platform lacks is no reason to stop: the proxy drops it, and the
    // simulation, which knows the groups, shows the calls going where they then go.
    planPlatform(client, desired, { ...options, routingImpact: false, checks: false, allowDangling: true }),
    needsGroups(desired, true) ? undefined : Promise.all([client.listCarrierGroups(), client.listEndpointGroups()]),
  ]);
  if (!made.ok) return made;
  const live: LiveState = { ...made.live, groups: made.live.groups ?? (read ?? []).flat() };
  // The gateways of the groups the plan read in full are named, before and after the plan,
  // and the endpoint groups it read for these words (plan/groups-to-name.ts).
  const labels = [...made.labels, ...gatewayLabelsOf([...(live.carrier_groups ?? []), ...(live.endpoint_groups ?? [])])];
  const before = ruleSetFromState(
    {
      ...(live.inbound_mappings ? { inbound_mappings: live.inbound_mappings } : {}),
      ...(live.outbound_routes ? { outbound_routes: live.outbound_routes } : {}),
    },
    inventoryOf(live.groups ?? [], undefined, labels),
  );
  const { state, groups } = rulesAfterPlan(live, made.plan.changes);
  const after = ruleSetFromState(
    state,
    inventoryOf(groups.groups ?? [], undefined, labelsAfter(live, made.plan.changes, groups, made.labels)),
  );
  const pending = new Map([...groups.standIns].map(([name, id]) => [`#${id}`, nameReference(name)]));
  // The plan read only the collections the files declare: the other direction is the same on both sides.
  const directions = declared(desired);
  return { ok: true, before: { set: before, directions }, after: { set: after, pending, directions, ...zoneOf(desired) } };
}

/** What `dsipform routes` shows, before it is named and rendered: the time examined and the classes. */
export interface RoutesResult {
  readonly horizon: Horizon;
  readonly spans: readonly ClassSpan[];
}

/**
 * The whole routing table of one side, or the classes whose route differs between two (before,
 * after), from `start`; a decision that sends to a carrier group a plan creates names it. Pure.
 */
export function routesOf(sides: readonly SideRules[], start: CallTime, direction?: Direction): RoutesResult {
  const options = direction ? { direction } : {};
  const result =
    sides.length === 1 ? routingTable(sides[0]!.set, start, options) : routingDifference(sides[0]!.set, sides[1]!.set, start, options);
  const spans = result.spans.map((s) => ({
    class: s.class,
    windows: s.windows,
    when: s.when,
    decisions: s.decisions.map((d, i) => withPendingNames(d, sides[i]!.pending ?? new Map())),
  }));
  return { horizon: result.horizon, spans };
}

/** The directions a report of these sides shows when the files declare one collection only; both otherwise. */
export function onlyDirection(sides: readonly SideRules[]): Direction | undefined {
  const held = new Set<Direction>();
  for (const s of sides) for (const d of s.directions ?? []) held.add(d);
  return held.size === 1 ? [...held][0] : undefined;
}
