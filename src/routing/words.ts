/**
 * How the routing simulation names rules and gateways in its steps. Pure.
 */
import {
  endpointsWords,
  gatewayListWords,
  gatewayRefWords,
  groupRefWords,
  namedGroupWords,
  type DeclaredGroup,
  type NameLookup,
} from './gateway-words.js';
import { KIND_SPECS } from '../model/kinds.js';
import { gatewayIdsOf, MAX_GATEWAYS } from './load.js';
import { referencedName, type PartialInventory } from './rule-set.js';
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

/** What is known of the names without an inventory: nothing. */
const NO_NAMES: NameLookup = { group: () => undefined, gateway: () => undefined };

/** The words of each gwlist of an inventory, made once: a plan's impact words tens of thousands of decisions. */
const wordsCache = new WeakMap<GatewayInventory, Map<string, string>>();

/**
 * A gateway list in words, with the names and ids the inventory knows: `carrier group "BW" (#5)`,
 * `endpoint group "Acme PBX" (#12): endpoints "acme-main" 203.0.113.10 (61)`, `gateway "pbx-a"
 * 10.0.0.5:5060 (61)`, `gateways "pbx-a" (61), "pbx-b" (62)`. A group named by the files whose id
 * is not known here (`#"BW"`, the files alone) is worded as `declared` (the files' groups) says:
 * its kind, and an endpoint group's endpoints; a group the plan creates (a stand-in id) says `id
 * known after apply`; an id the inventory does not hold says it is not on the platform. Pure; the
 * one wording of a gateway list that `route`, `routes`, `test` and a plan's impact share.
 */
export function gwlistWords(
  gwlist: string,
  inventory: GatewayInventory | undefined,
  declared?: ReadonlyMap<string, DeclaredGroup>,
): string {
  const named = referencedName(gwlist);
  if (named === null && inventory !== undefined) return inventoryWords(gwlist, inventory);
  return named !== null ? namedGroupWords(named, declared?.get(named)) : gatewayListWords(gwlist, NO_NAMES);
}

/**
 * The words of a decision's gateway list, or `undefined` when nothing is known to name: the groups
 * were not read (the files alone) and it is not a group the files declare.
 */
export function decisionWords(
  gwlist: string,
  inventory: GatewayInventory | undefined,
  declared: ReadonlyMap<string, DeclaredGroup> | undefined,
): string | undefined {
  const named = referencedName(gwlist);
  const known = inventory !== undefined || (named !== null && declared?.has(named) === true);
  return known ? gwlistWords(gwlist, inventory, declared) : undefined;
}

/** A gateway list the inventory knows, in words: made once per list and inventory. */
function inventoryWords(gwlist: string, inventory: GatewayInventory): string {
  let cache = wordsCache.get(inventory);
  if (!cache) wordsCache.set(inventory, (cache = new Map<string, string>()));
  let words = cache.get(gwlist);
  if (words === undefined) {
    const lookup = lookupOf(inventory);
    cache.set(gwlist, (words = gatewayListWords(gwlist, lookup)));
  }
  return words;
}

/** The names an inventory knows, as the one wording asks for them; nothing is known without one. */
function lookupOf(inventory: GatewayInventory | undefined): NameLookup {
  if (inventory === undefined) return NO_NAMES;
  const partial = (inventory as PartialInventory).allGateways === false;
  const keyOf = (id: string): string => (/^[0-9]+$/.test(id) ? String(Number(id)) : id);
  return {
    group(id) {
      const key = keyOf(id);
      return inventory.groupNames?.get(key) ?? (inventory.lists.has(key) ? undefined : { missing: 'is not on the platform' });
    },
    members: (id) => inventory.lists.get(keyOf(id)),
    gateway(id) {
      return (
        inventory.gatewayNames?.get(id) ??
        (inventory.gateways.has(id) ? undefined : { missing: partial ? 'no carrier or endpoint group holds' : 'is not on the platform' })
      );
    },
  };
}

/** The steps that say where a winning rule's gwlist sends the call and how it fails over. */
export function describeGateways(
  gwlist: string,
  inventory: GatewayInventory | undefined,
  declared?: ReadonlyMap<string, DeclaredGroup>,
): string[] {
  // What the list names first (a group by name, gateway ids, what the inventory knows of them), then its words.
  const named = referencedName(gwlist);
  const ids = gatewayIdsOf(gwlist);
  const lookup = lookupOf(inventory);
  const group = named !== null ? declared?.get(named) : undefined;
  if (named !== null && group?.type === 'endpoint') {
    // The files declare its endpoints: they are tried in the files' order once the group exists.
    const names = group.endpoints.map((e) => JSON.stringify(e.name));
    return [
      `sends to ${namedGroupWords(named, group)}; its id is not known here (the platform's groups were not read: ask with --live once it exists)`,
      names.length === 0
        ? 'the group holds no endpoint: the proxy drops a rule that sends to an empty group'
        : `failover: the proxy tries its ${endpointsWords(names)} in their order (at most ${MAX_GATEWAYS}); a failure reply moves to the next`,
    ];
  }
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
    const words = members.map((m) => gatewayRefWords(m, lookup));
    // An endpoint group's words name its endpoints already; a gateway the plan adds has no id yet.
    const shown = members.map((m) =>
      inventory?.gatewayNames?.get(m)?.pending === true ? JSON.stringify(inventory.gatewayNames.get(m)!.name) : m,
    );
    const group = groupRefWords(id, lookup);
    const head =
      inventory?.groupNames?.get(String(Number(id)))?.type === 'endpoint'
        ? `sends to ${group}`
        : `sends to ${group}: gateway${members.length === 1 ? '' : 's'} ${words.join(', ')}`;
    return [head, ...order(shown)];
  }
  const sublists = gwlist.split(';');
  const steps = [`sends to gateway${ids.length === 1 ? '' : 's'} ${ids.map((g) => gatewayRefWords(g, lookup)).join(', ')}`];
  if (sublists.length > 1) steps.push('";" separates sub-lists; with the platform\'s sort order 0 they are tried as one list in order');
  return [...steps, ...order(ids)];
}

/**
 * The groups to read to name the gateways of these gateway lists: each `#id` the inventory holds,
 * and each group holding a plain gateway id, in ascending order. Gateways the inventory already
 * names need no read.
 */
export function groupsToName(gwlists: Iterable<string>, inventory: GatewayInventory): number[] {
  const wanted = new Set<string>();
  const gateways = new Set<string>();
  for (const gwlist of gwlists) {
    if (referencedName(gwlist) !== null) continue;
    for (const item of gatewayIdsOf(gwlist)) {
      if (item.startsWith('#')) {
        const id = String(Number(item.slice(1)));
        if (inventory.lists.get(id)?.some((g) => !inventory.gatewayNames?.has(g))) wanted.add(id);
      } else if (!inventory.gatewayNames?.has(item)) gateways.add(item);
    }
  }
  if (gateways.size > 0) for (const [id, members] of inventory.lists) if (members.some((g) => gateways.has(g))) wanted.add(id);
  return [...wanted].map(Number).sort((a, b) => a - b);
}
