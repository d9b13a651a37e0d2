import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import type { GatewayLabel } from '../model/group.js';
import type { LiveState } from '../model/live.js';
import type { RoutingTest } from '../model/routing-test.js';

// Apart from routing-tests.ts (pure): these are the platform reads the routing tests need, made
// before planning (plan-platform.ts), so that nothing is read once the plan is made.

/** What names gateways: a test's expectation, or an invariant's destination. */
type Naming = Pick<RoutingTest, 'expect'> | { readonly expect: { readonly gateways?: readonly string[] } };

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
export async function readGatewayLabels(
  client: Pick<PlatformClient, 'getGroupGateways'>,
  tests: readonly Naming[],
  gwgroupids: readonly number[],
): Promise<GatewayLabel[]> {
  if (!namesGateways(tests) || gwgroupids.length === 0) return [];
  const labels: GatewayLabel[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < gwgroupids.length; i = next++) labels.push(...((await client.getGroupGateways(gwgroupids[i]!)) ?? []));
  };
  await Promise.all(Array.from({ length: Math.min(GROUP_READS, gwgroupids.length) }, worker));
  return labels;
}

/**
 * The gateway names a plan's routing tests and invariants need beyond what the plan read: those of
 * the live groups whose gateways were not read with them (every group but the carrier groups the
 * files manage), read only when a test or an invariant names a gateway by name or address.
 */
export function testGatewayLabels(
  client: Pick<PlatformClient, 'getGroupGateways'>,
  desired: DesiredState,
  live: LiveState,
): Promise<GatewayLabel[]> {
  const read = new Set((live.carrier_groups ?? []).map((g) => g.gwgroupid));
  const ids = (live.groups ?? []).map((g) => g.gwgroupid).filter((id) => !read.has(id));
  // An invariant's destination names gateways as a test's expectation does.
  const reaches = (desired.invariants ?? []).flatMap((i) => (i.kind !== 'builtin' && i.set.reaches ? [{ expect: i.set.reaches }] : []));
  return readGatewayLabels(client, [...(desired.routing_tests ?? []), ...reaches], ids);
}
