import type { PlatformClient } from '../api/client.js';
import { DsipformError } from '../model/errors.js';
import type { GatewayLabel } from '../model/group.js';
import type { Direction, RouteDecision } from '../model/routing.js';
import { renderRouteText } from '../render/route-text.js';
import { routeCall } from '../routing/match.js';
import { inventoryOf, ruleSetFromState, withGatewayLabels } from '../routing/rule-set.js';
import { groupsToName } from '../routing/words.js';
import type { RuleSet } from '../routing/types.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { proxyClock, readClockFlags, type ClockFlags } from './proxy-clock.js';
import { clockTime, type ClockReading } from '../pipeline/clock.js';

/** `dsipform route` flags. */
export interface RouteFlags extends PlatformFlags, ClockFlags {
  direction?: string;
  to?: string;
  from?: string;
  live?: boolean;
  cdktf?: string;
  format: string;
}

/** The call the flags describe, its time read without a zone, or a coded error saying which flag is wrong. */
function callOf(flags: RouteFlags): { direction: Direction; to: string; from: string; reading: ClockReading } {
  if (flags.direction !== 'inbound' && flags.direction !== 'outbound') {
    throw new DsipformError(
      'ROUTE_BAD_DIRECTION',
      flags.direction === undefined ? '--direction is required' : `--direction "${flags.direction}" is not inbound or outbound`,
      'The proxy decides by the source of the call: --direction inbound (from a carrier) or --direction outbound (from a PBX or endpoint).',
    );
  }
  if (flags.to === undefined || flags.to === '') {
    throw new DsipformError(
      'ROUTE_NO_NUMBER',
      '--to is required: the called number',
      'Add the number the call is to, e.g. --to 442071234567.',
    );
  }
  return { direction: flags.direction, to: flags.to, from: flags.from ?? '', reading: readClockFlags(flags) };
}

/**
 * The rules the platform holds: every live mapping and route, with their ids and groups, and the
 * carrier and endpoint groups (so a `#id` to a missing or empty group is dropped, and a group's
 * gateways are named). The API lists gateways only through their groups, so a plain gateway id no
 * group holds counts as missing (the proxy drops such a rule), and the dropped rule's reason says
 * that a gateway outside every group cannot be seen. Four requests, in parallel.
 */
export async function liveRuleSet(client: PlatformClient): Promise<RuleSet> {
  const [inbound_mappings, outbound_routes, carriers, endpoints] = await Promise.all([
    client.listInboundMappings(),
    client.listOutboundRoutes(),
    client.listCarrierGroups(),
    client.listEndpointGroups(),
  ]);
  return ruleSetFromState({ inbound_mappings, outbound_routes }, inventoryOf([...carriers, ...endpoints]));
}

/**
 * The same rules with the gateways of these decisions named (name and address): the groups that
 * hold them are read, one request each, at most {@link GROUP_READS} at once. A decision names a
 * few groups; reading every group of a platform for one call would cost hundreds of requests.
 */
export async function nameGateways(client: PlatformClient, set: RuleSet, decisions: readonly RouteDecision[]): Promise<RuleSet> {
  if (set.inventory === undefined) return set;
  const gwlists = decisions.flatMap((d) => [d.gwlist, ...(d.outcomes ?? []).map((o) => o.gwlist)]).filter((g) => g !== undefined);
  const ids = groupsToName(gwlists, set.inventory);
  if (ids.length === 0) return set;
  const labels: GatewayLabel[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < ids.length; i = next++) labels.push(...((await client.getGroupGateways(ids[i]!)) ?? []));
  };
  await Promise.all(Array.from({ length: Math.min(GROUP_READS, ids.length) }, worker));
  return withGatewayLabels(set, labels);
}

/** How many group reads {@link nameGateways} keeps in flight. */
const GROUP_READS = 4;

/**
 * `dsipform route [PATHS...] --direction D --to N`: where the proxy sends one call, from the files
 * (no network) or with `--live` from the platform's rules. Exit 0 whenever it answered (routed, no
 * route or ambiguous), 1 on errors.
 */
export async function runRoute(paths: string[], flags: RouteFlags, io: CliIo): Promise<number> {
  if (flags.format !== 'text' && flags.format !== 'json') {
    throw new DsipformError('CLI_BAD_FORMAT', `--format "${flags.format}" is not known`, 'Use one of: text, json.');
  }
  const format = flags.format;
  const { reading, ...call } = callOf(flags);
  let decision: RouteDecision;
  if (flags.live) {
    if (paths.length > 0 || flags.cdktf !== undefined) {
      throw new DsipformError(
        'CLI_BAD_OPTION',
        "--live routes on the platform's rules, so it takes no desired-state files",
        'Drop the paths to ask the platform (dsipform route --live …), or drop --live to ask the files.',
      );
    }
    // No files: the zone is --tz, else the machine's. Read before the platform is.
    const at = clockTime(proxyClock(reading, undefined, io), io.now());
    // Live, the gateways of the decision are named too: their groups are read (one request each).
    decision = await withPlatform(flags, io, async (client) => {
      const set = await liveRuleSet(client);
      const first = routeCall(set, { ...call, at });
      const named = await nameGateways(client, set, [first]);
      return named === set ? first : routeCall(named, { ...call, at });
    });
  } else {
    const desired = await loadOrFail(paths, io, flags.cdktf, 'route');
    // --tz, else the files' proxy.timezone, else the machine's; --at read in it.
    const at = clockTime(proxyClock(reading, desired, io), io.now());
    decision = routeCall(
      ruleSetFromState({ inbound_mappings: desired.inbound_mappings ?? [], outbound_routes: desired.outbound_routes ?? [] }),
      { ...call, at },
    );
  }
  if (format === 'json') writeLine(io.stdout, JSON.stringify(decision, null, 2));
  else io.stdout.write(renderRouteText(decision));
  return 0;
}
