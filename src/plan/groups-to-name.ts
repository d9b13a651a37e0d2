import type { DesiredState } from '../model/desired.js';
import type { GatewayGroup } from '../model/group.js';
import { compileIgnore } from '../model/globs.js';
import type { LiveState } from '../model/live.js';

/** A mapping as the files or the platform hold it: what decides where its calls go. */
interface Target {
  readonly did: string;
  readonly servers: readonly string[];
  readonly group?: string;
}

/**
 * The live endpoint groups whose endpoints a plan reads before it is made (issue 34 §5), so that
 * its routing impact and its routing tests name them (`endpoints "acme-main" 203.0.113.10 (61)`,
 * not `endpoints 61`): those of the mappings the plan changes (an added, removed or re-aimed DID)
 * and of the mappings whose calls the inbound routing tests make, on both sides of the plan, each
 * with the mapping that takes its calls when it is not there (the longest shorter prefix: the
 * proxy matches DIDs by longest prefix). Decided from the files and the live state alone, before
 * planning: nothing is read once the plan is made (issue 33). None when the groups were not read,
 * and none that the plan read with their endpoints already (the files manage endpoint groups). A
 * plan that changes no mapping and has no inbound test reads none. Pure; ascending ids.
 */
export function endpointGroupsToName(
  desired: Pick<DesiredState, 'inbound_mappings' | 'routing_tests' | 'policy'>,
  live: LiveState,
): number[] {
  if (live.groups === undefined) return [];
  const known = new Set((live.endpoint_groups ?? []).map((g) => g.gwgroupid));
  const unread = live.groups.filter((g) => g.type === 'endpoint' && !known.has(g.gwgroupid));
  if (unread.length === 0) return [];
  const before = new Map<string, Target>((live.inbound_mappings ?? []).map((m) => [m.did, m]));
  const after = new Map<string, Target>((desired.inbound_mappings ?? []).map((m) => [m.did, m]));
  const numbers = new Set<string>();
  // An inbound test's call is routed on the rules after the plan (the platform's when the files do not manage mappings).
  for (const t of desired.routing_tests ?? []) if (t.direction === 'inbound') numbers.add(t.to);
  if (desired.inbound_mappings !== undefined) {
    const ignored = compileIgnore(desired.policy.ignore.inbound_mappings);
    const resolve = resolver(live.groups);
    for (const [did, m] of after) if (resolve(m) !== resolve(before.get(did))) numbers.add(did);
    for (const did of before.keys()) if (!after.has(did) && !ignored(did)) numbers.add(did);
  }
  const wanted = new Set<number>();
  for (const n of numbers)
    for (const side of [before, after]) {
      const m = longestPrefix(side, n);
      if (m !== undefined) for (const id of groupsOf(m, live.groups)) wanted.add(id);
    }
  return unread.map((g) => g.gwgroupid).filter((id) => wanted.has(id));
}

/** The mapping of `side` whose DID is the longest prefix of `number` (itself included). */
function longestPrefix(side: ReadonlyMap<string, Target>, number: string): Target | undefined {
  for (let i = number.length; i >= 0; i--) {
    const m = side.get(number.slice(0, i));
    if (m !== undefined) return m;
  }
  return undefined;
}

/** A mapping's destination as one comparable string (a group name resolved to its id when one group has it). */
function resolver(groups: readonly GatewayGroup[]): (m: Target | undefined) => string {
  return (m) => {
    if (m === undefined) return '';
    if (m.group === undefined || m.servers.length > 0) return m.servers.join(',');
    const named = groups.filter((g) => g.name === m.group);
    return named.length === 1 ? `#${named[0]!.gwgroupid}` : `#"${m.group}"`;
  };
}

/** The groups a mapping sends to: by name, by `#id`, or the groups holding a gateway id it lists. */
function groupsOf(m: Target, groups: readonly GatewayGroup[]): number[] {
  if (m.group !== undefined && m.servers.length === 0) return groups.filter((g) => g.name === m.group).map((g) => g.gwgroupid);
  return m.servers.flatMap((s) =>
    s.startsWith('#') ? [Number(s.slice(1))] : groups.filter((g) => g.gwids.includes(s)).map((g) => g.gwgroupid),
  );
}
