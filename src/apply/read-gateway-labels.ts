import type { PlatformClient } from '../api/client.js';
import type { CollectionName, DesiredState } from '../model/desired.js';
import type { LeaseRecord } from '../model/lease.js';
import type { GatewayLabel } from '../model/group.js';
import type { LiveState } from '../model/live.js';
import type { RoutingTest } from '../model/routing-test.js';
import { readLive, type ReadOptions } from './read-live.js';

// The platform reads the routing tests need beyond the live state, made with it before planning
// (pipeline/plan-platform.ts, pipeline/file-tests.ts), so that nothing is read once the plan is made.

/** What names gateways: a test's expectation, or an invariant's destination. */
export type Naming = Pick<RoutingTest, 'expect'> | { readonly expect: { readonly gateways?: readonly string[] } };

/** Whether a test (or invariant) expects a gateway by name or address (not by id): then the gateways' names are read. */
export function namesGateways(tests: readonly Naming[]): boolean {
  return tests.some((t) => (t.expect.gateways ?? []).some((g) => !/^[0-9]+$/.test(g)));
}

/** How many group reads {@link readGatewayLabels} keeps in flight. */
const GROUP_READS = 4;

/**
 * The names and addresses of the gateways of these groups (a request per group, four at once), or
 * none without a request when no test expects a gateway by name or address: the platform lists a
 * group's gateway ids only, and reading every group for nothing would cost a request each.
 */
export function readGatewayLabels(
  client: Pick<PlatformClient, 'getGroupGateways'>,
  tests: readonly Naming[],
  gwgroupids: readonly number[],
): Promise<GatewayLabel[]> {
  return readGroupGateways(client, namesGateways(tests) ? gwgroupids : []);
}

/** The names and addresses of the gateways of these groups: a request per group, four at once. */
export async function readGroupGateways(
  client: Pick<PlatformClient, 'getGroupGateways'>,
  gwgroupids: readonly number[],
): Promise<GatewayLabel[]> {
  const labels: GatewayLabel[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < gwgroupids.length; i = next++) labels.push(...((await client.getGroupGateways(gwgroupids[i]!)) ?? []));
  };
  await Promise.all(Array.from({ length: Math.min(GROUP_READS, gwgroupids.length) }, worker));
  return labels;
}

/**
 * What in the files names gateways: the routing tests' expectations, and the invariants'
 * destinations (an invariant's `reaches` names gateways as a test's expectation does).
 */
export function gatewayNamers(desired: Pick<DesiredState, 'routing_tests' | 'invariants'>): Naming[] {
  const reaches = (desired.invariants ?? []).flatMap((i) => (i.kind !== 'builtin' && i.set.reaches ? [{ expect: i.set.reaches }] : []));
  return [...(desired.routing_tests ?? []), ...reaches];
}

/**
 * The gateway names a plan's routing tests and invariants (`namers`) need beyond what the plan
 * read: those of the live groups whose gateways were not read with them (every group but the
 * carrier and endpoint groups the files manage) when a test or an invariant names a gateway by
 * name or address, and those of the groups `toName` picks (the endpoint groups the routing impact
 * and the tests name, plan/groups-to-name.ts), each group read once.
 */
function testGatewayLabels(
  client: Pick<PlatformClient, 'getGroupGateways'>,
  namers: readonly Naming[],
  live: LiveState,
  toName: readonly number[],
): Promise<GatewayLabel[]> {
  const read = new Set([...(live.carrier_groups ?? []), ...(live.endpoint_groups ?? [])].map((g) => g.gwgroupid));
  const all = namesGateways(namers) ? (live.groups ?? []).map((g) => g.gwgroupid) : [];
  const ids = new Set([...all, ...toName].filter((id) => !read.has(id)));
  return readGroupGateways(client, [...ids]);
}

/**
 * Every read a plan makes, before it is made: the live state (`readLive`), then the gateway names
 * the files' routing tests and invariants (`namers`, {@link gatewayNamers}) need beyond it, and
 * those of the groups `toName` picks from the live state (none without a request unless one names
 * a gateway or a group is picked).
 */
export async function readForPlan(
  client: PlatformClient,
  managed: readonly CollectionName[],
  leases: readonly LeaseRecord[] | undefined,
  options: ReadOptions & { readonly namers: readonly Naming[]; readonly toName?: (live: LiveState) => readonly number[] },
): Promise<{ readonly live: LiveState; readonly labels: GatewayLabel[] }> {
  const live = await readLive(client, managed, leases, options);
  return { live, labels: await testGatewayLabels(client, options.namers, live, options.toName?.(live) ?? []) };
}
