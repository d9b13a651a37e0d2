import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import type { Direction, RouteDecision } from '../model/routing.js';
import { routeCall } from '../routing/match.js';
import { ruleSetFromState } from '../routing/rule-set.js';
import type { CallTime } from '../routing/types.js';
import { liveRuleSet, nameGateways } from './live-rules.js';

/** One call to route: its direction, the number called, the caller, and when (the run's clock). */
export interface CallToRoute {
  readonly direction: Direction;
  readonly to: string;
  readonly from: string;
  readonly at: CallTime;
}

/**
 * Where the proxy sends `call` by the rules of the files alone (no network: a group named in the
 * files is shown by its name, with its kind and an endpoint group's endpoints when the files declare
 * it; every id is taken to exist). Pure.
 */
export function routeOnFiles(desired: DesiredState, call: CallToRoute): RouteDecision {
  const set = ruleSetFromState({
    inbound_mappings: desired.inbound_mappings ?? [],
    outbound_routes: desired.outbound_routes ?? [],
    ...(desired.carrier_groups ? { carrier_groups: desired.carrier_groups } : {}),
    ...(desired.endpoint_groups ? { endpoint_groups: desired.endpoint_groups } : {}),
  });
  return routeCall(set, call);
}

/**
 * Where the proxy sends `call` by the platform's rules ({@link liveRuleSet}); the gateways of the
 * decision are named too, their groups read (one request each) once the decision names them.
 */
export async function routeOnPlatform(client: PlatformClient, call: CallToRoute): Promise<RouteDecision> {
  const set = await liveRuleSet(client);
  const first = routeCall(set, call);
  const named = await nameGateways(client, set, [first]);
  return named === set ? first : routeCall(named, call);
}
