/**
 * Gateway lists that lead elsewhere although the rules name them alike: a rule that sends to
 * endpoint group #12 before and after a plan still sends its calls somewhere else when the plan
 * adds, removes or readdresses an endpoint of #12. The routing impact and `routes --diff` count
 * such a call as one whose destination changes. Pure.
 */
import type { GatewayInventory, RuleSet } from './types.js';

/**
 * The gateway lists both sets' rules name whose destination differs: an endpoint group (`#id`)
 * whose endpoints (their gateway ids, in order, and the names and addresses known of them) differ,
 * or plain gateway ids whose name or address differs. A carrier group's gateways are not compared:
 * its words do not list them, so a changed destination could not be shown. Empty without both
 * inventories (the files alone know no group's endpoints).
 */
export function movedLists(before: RuleSet, after: RuleSet): ReadonlySet<string> {
  const moved = new Set<string>();
  const was = before.inventory;
  const will = after.inventory;
  if (was === undefined || will === undefined) return moved;
  const named = new Set(before.rules.map((r) => r.gwlist));
  const both = new Set(after.rules.map((r) => r.gwlist).filter((g) => named.has(g)));
  for (const gwlist of both) if (destination(gwlist, was) !== destination(gwlist, will)) moved.add(gwlist);
  return moved;
}

/** Where a gateway list leads, as a comparable key; `""` for what is not compared (a carrier group, a name reference). */
function destination(gwlist: string, inventory: GatewayInventory): string {
  if (gwlist.startsWith('#"')) return '';
  if (gwlist.startsWith('#')) {
    const id = String(Number(gwlist.slice(1)));
    if (inventory.groupNames?.get(id)?.type !== 'endpoint') return '';
    return (inventory.lists.get(id) ?? []).map((g) => gateway(g, inventory)).join('\n');
  }
  return gwlist
    .split(/[,;|]/)
    .map((g) => gateway(g.trim(), inventory))
    .join('\n');
}

/** One gateway as a comparable key: its id, and its name and address when known (a stand-in id is a new endpoint). */
function gateway(id: string, inventory: GatewayInventory): string {
  const label = inventory.gatewayNames?.get(id);
  if (label === undefined) return id;
  return `${label.pending === true ? 'new' : id}\u0000${label.name}\u0000${label.address}`;
}
