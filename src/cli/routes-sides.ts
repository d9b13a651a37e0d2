import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { Direction } from '../model/routing.js';
import { planPlatform } from '../pipeline/plan-platform.js';
import { needsGroups } from '../plan/resolve-groups.js';
import { rulesAfterPlan } from '../plan/routing-impact.js';
import type { RoutesSide } from '../render/routes-report.js';
import { inventoryOf, ruleSetFromState } from '../routing/rule-set.js';
import type { RuleSet } from '../routing/types.js';
import { failOnPlanIssues } from './desired.js';
import type { CliIo } from './io.js';
import { DsipformError } from '../model/errors.js';
import { liveRuleSet } from './route.js';
import type { RoutesFlags } from './routes.js';
import { selectTargets, withTarget, type TargetFlags } from './targets.js';

/** One side of `dsipform routes`: its rules and how the output names them. */
export interface RulesSide {
  readonly side: RoutesSide;
  readonly set: RuleSet;
  /**
   * The directions whose rules this side holds: files that declare no `inbound_mappings` say
   * nothing about inbound calls (the platform keeps its own), so their table leaves them out.
   * Absent: both (the platform).
   */
  readonly directions?: readonly Direction[];
  /** Gateway lists to show by name instead: a carrier group the plan creates has only a stand-in id before apply. */
  readonly pending?: ReadonlyMap<string, string>;
  /** The proxy zone this side declares: its files' `proxy.timezone`, or its target's `timezone:`. */
  readonly zone?: string;
}

/** The paths as the output names them: `routes.yaml`, or `a.yaml b/`. */
function sourceOf(paths: readonly string[], cdktf: string | undefined): string {
  return cdktf !== undefined ? cdktf : paths.join(' ');
}

/**
 * The rules of desired-state files, as `dsipform route` reads them: no platform, so a group named
 * in the files is shown by its name, and every id is taken to exist. Only the directions whose
 * collection the files declare are theirs.
 */
export function filesSide(name: string, desired: DesiredState, paths: readonly string[], cdktf?: string): RulesSide {
  return {
    side: { name, source: sourceOf(paths, cdktf) },
    set: ruleSetFromState(desired),
    directions: declared(desired),
    ...zoneOf(desired),
  };
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

/**
 * The live rules and the rules the files would leave once applied: the files are planned against
 * the platform through the pipeline (the plan's own reading: only the collections the files manage,
 * `policy.ignore` kept, names resolved), and the rules after the plan are the ones the plan's
 * routing impact is worked out on (plan/routing-impact.ts). The groups are always read (by the plan
 * when the files refer to groups, else beside it), so both sides name them and a reference the
 * proxy would drop is dropped.
 */
export async function filesAgainstLive(
  client: PlatformClient,
  target: string,
  desired: DesiredState,
  paths: readonly string[],
  cdktf: string | undefined,
  io: CliIo,
): Promise<{ before: RulesSide; after: RulesSide }> {
  // The plan reads the groups itself when the files refer to them; otherwise they are read beside it.
  const [made, read] = await Promise.all([
    // A rule naming a group the platform lacks is no reason to stop: the proxy drops it, and the
    // simulation, which knows the groups, shows the calls going where they then go.
    planPlatform(client, desired, { target, now: io.now(), routingImpact: false, allowDangling: true }),
    needsGroups(desired, true) ? undefined : Promise.all([client.listCarrierGroups(), client.listEndpointGroups()]),
  ]);
  if (!made.ok) failOnPlanIssues(made.issues, io);
  const live: LiveState = { ...made.live, groups: made.live.groups ?? (read ?? []).flat() };
  const before = ruleSetFromState(
    {
      ...(live.inbound_mappings ? { inbound_mappings: live.inbound_mappings } : {}),
      ...(live.outbound_routes ? { outbound_routes: live.outbound_routes } : {}),
    },
    inventoryOf(live.groups ?? []),
  );
  const { state, groups } = rulesAfterPlan(live, made.plan.changes);
  const after = ruleSetFromState(state, inventoryOf(groups.groups ?? []));
  const pending = new Map([...groups.standIns].map(([name, id]) => [`#${id}`, name]));
  // The plan read only the collections the files declare: the other direction is the same on both sides.
  const directions = declared(desired);
  return {
    before: { side: { name: 'live', source: target }, set: before, directions },
    after: { side: { name: 'files', source: sourceOf(paths, cdktf) }, set: after, pending, directions, ...zoneOf(desired) },
  };
}

/**
 * `dsipform routes --diff --target A --target B`: how the two platforms route calls differently, A's
 * live rules as the "before" side and B's as the "after", each named by its target. Null when the
 * command line does not name exactly two targets (`all` included), so each target's own difference
 * (its files against its platform) is shown instead.
 */
export async function runRoutesOfTargets(
  paths: string[],
  flags: RoutesFlags & TargetFlags,
  io: CliIo,
  runRoutes: (paths: string[], flags: RoutesFlags, io: CliIo, given: () => Promise<RulesSide[]>) => Promise<number>,
): Promise<number | null> {
  const names = flags.target ?? [];
  if (names.length !== 2 || names.includes('all')) return null;
  const targets = (await selectTargets(names, flags.targets))!;
  if (targets.length !== 2) return null;
  if (paths.length > 0 || (flags.base ?? []).length > 0 || flags.live || flags.cdktf !== undefined) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      'routes --diff of two targets compares their platforms: it takes no files, --base, --live or --cdktf',
      'Drop them: dsipform routes --diff --target staging --target production.',
    );
  }
  const read = (): Promise<RulesSide[]> =>
    Promise.all(
      targets.map((t) =>
        withTarget(t, flags, io, async (client, label) => ({
          side: { name: t.name, source: label },
          set: await liveRuleSet(client),
          ...(t.timezone !== undefined ? { zone: t.timezone } : {}),
        })),
      ),
    );
  return runRoutes([], flags, io, read);
}
