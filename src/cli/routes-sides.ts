import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import { liveRuleSet, nameEndpointGroups } from '../pipeline/live-rules.js';
import { filesAgainstLive as planAgainstLive, filesRules, type SideRules } from '../pipeline/routes.js';
import type { RoutesSide } from '../render/routes-report.js';
import { failOnPlanIssues } from './desired.js';
import type { CliIo } from './io.js';
import type { RoutesFlags } from './routes.js';
import { selectTargets, withTarget, type TargetFlags } from './targets.js';

/** One side of `dsipform routes`: its rules (the pipeline's, pipeline/routes.ts) and how the output names them. */
export interface RulesSide extends SideRules {
  readonly side: RoutesSide;
}

/** The paths as the output names them: `routes.yaml`, or `a.yaml b/`. */
function sourceOf(paths: readonly string[], cdktf: string | undefined): string {
  return cdktf !== undefined ? cdktf : paths.join(' ');
}

/** The rules of desired-state files (pipeline/routes.ts `filesRules`), named `name` after `paths`. */
export function filesSide(name: string, desired: DesiredState, paths: readonly string[], cdktf?: string): RulesSide {
  return { side: { name, source: sourceOf(paths, cdktf) }, ...filesRules(desired) };
}

/** The platform's rules, named `live` after `target`, the endpoints of the endpoint groups they send to named. */
export async function liveSide(client: PlatformClient, target: string): Promise<RulesSide> {
  return { side: { name: 'live', source: target }, set: await nameEndpointGroups(client, await liveRuleSet(client)) };
}

/**
 * The live rules and the rules the files would leave once applied (pipeline/routes.ts
 * `filesAgainstLive`), named `live` and `files`; the problems that stop the plan are printed and fail.
 */
export async function filesAgainstLive(
  client: PlatformClient,
  target: string,
  desired: DesiredState,
  paths: readonly string[],
  cdktf: string | undefined,
  io: CliIo,
): Promise<{ before: RulesSide; after: RulesSide }> {
  const sides = await planAgainstLive(client, desired, { target, now: io.now() });
  if (!sides.ok) return failOnPlanIssues(sides.issues, io);
  return {
    before: { side: { name: 'live', source: target }, ...sides.before },
    after: { side: { name: 'files', source: sourceOf(paths, cdktf) }, ...sides.after },
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
          set: await nameEndpointGroups(client, await liveRuleSet(client)),
          ...(t.timezone !== undefined ? { zone: t.timezone } : {}),
        })),
      ),
    );
  return runRoutes([], flags, io, read);
}
