/**
 * How the routing simulation names rules and gateways in its steps. Pure.
 */
import { KIND_SPECS } from '../model/kinds.js';
import { gatewayIdsOf, MAX_GATEWAYS } from './load.js';
import { referencedName } from './rule-set.js';
import type { GatewayInventory, RoutingRule } from './types.js';

/** A rule in words: `mapping "15551230001"`, `the default mapping (did "")`, `route "UK"` (its kind's nouns). */
export function ruleName(rule: Pick<RoutingRule, 'kind' | 'key'>): string {
  const spec = KIND_SPECS[rule.kind];
  if (rule.key === '' && spec.emptyKeyLabel !== undefined) return `the ${spec.emptyKeyLabel} (${spec.keyField} "")`;
  return `${spec.shortNoun} "${rule.key}"`;
}

/** The order a list of gateways is tried in, in words. */
function order(ids: readonly string[]): string[] {
  const tried = ids.slice(0, MAX_GATEWAYS);
  const out: string[] = [];
  if (ids.length > MAX_GATEWAYS) out.push(`only the first ${MAX_GATEWAYS} of ${ids.length} gateways are tried`);
  out.push(
    tried.length === 1
      ? `failover: the list holds one gateway (${tried[0]}); a failure reply ends the call`
      : `failover: gateways are tried in order ${tried.join(', then ')}; a failure reply moves to the next`,
  );
  return out;
}

/** The steps that say where a winning rule's gwlist sends the call and how it fails over. */
export function describeGateways(gwlist: string, inventory: GatewayInventory | undefined): string[] {
  const named = referencedName(gwlist);
  if (named !== null) {
    return [
      `sends to the group named ${JSON.stringify(named)}; its id and gateways are not known here (the files name it; the platform's groups were not read: ask with --live once it exists)`,
      `failover: the proxy tries the gateways of that group in their order (at most ${MAX_GATEWAYS}); a failure reply moves to the next`,
    ];
  }
  if (gwlist.startsWith('#')) {
    const id = gwlist.slice(1);
    const members = inventory?.lists.get(String(Number(id)));
    if (members === undefined) {
      return [
        `sends to group #${id} (carrier or endpoint group ${id}); its gateways are not known here (the gateway lists were not read)`,
        `failover: the proxy tries the gateways of group ${id} in their order (at most ${MAX_GATEWAYS}); a failure reply moves to the next`,
      ];
    }
    return [`sends to group #${id}: gateway${members.length === 1 ? '' : 's'} ${members.join(', ')}`, ...order(members)];
  }
  const sublists = gwlist.split(';');
  const ids = gatewayIdsOf(gwlist);
  const steps = [`sends to gateway${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`];
  if (sublists.length > 1) steps.push('";" separates sub-lists; with the platform\'s sort order 0 they are tried as one list in order');
  return [...steps, ...order(ids)];
}
