import { ruleSetFromState } from '../../src/routing/rule-set.js';
import type { Call, GatewayInventory, RoutingState, RuleSet } from '../../src/routing/types.js';

/** A route as tests write it: name, prefix, gwgroupid; the rest defaulted. */
export interface TestRoute {
  readonly name: string;
  readonly prefix: string;
  readonly gwgroupid: string;
  readonly from_prefix?: string;
  readonly priority?: number;
  readonly timerec?: string;
  readonly groupid?: number;
}

/** A rule set from short mappings and routes. */
export function rules(
  mappings: readonly { did: string; servers: string[] }[],
  routes: readonly TestRoute[],
  inventory?: GatewayInventory,
): RuleSet {
  const state: RoutingState = {
    inbound_mappings: mappings.map((m) => ({ ...m, notes: '' })),
    outbound_routes: routes.map((r) => ({
      name: r.name,
      prefix: r.prefix,
      from_prefix: r.from_prefix ?? null,
      gwgroupid: r.gwgroupid,
      priority: r.priority ?? 0,
      timerec: r.timerec ?? '',
      routeid: '',
      ...(r.groupid !== undefined ? { groupid: r.groupid } : {}),
    })),
  };
  return ruleSetFromState(state, inventory);
}

/** A Monday morning in London. */
export const MONDAY_10 = { local: '2026-12-28T10:00:00', tz: 'Europe/London' } as const;
/** A Sunday morning in London. */
export const SUNDAY_10 = { local: '2026-12-27T10:00:00', tz: 'Europe/London' } as const;

/** An outbound call. */
export function outbound(to: string, from = '', at: Call['at'] = MONDAY_10): Call {
  return { direction: 'outbound', from, to, at };
}

/** An inbound call. */
export function inbound(to: string, at: Call['at'] = MONDAY_10): Call {
  return { direction: 'inbound', from: '', to, at };
}
