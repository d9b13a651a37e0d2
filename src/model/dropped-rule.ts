/**
 * The one decision of whether the proxy drops a rule for its gateway list, and the one wording of
 * why (docs/routing-model.md, "Loading"). The platform's API accepts such a rule; the proxy skips it
 * at load with only a log line, so calls it should route fall through to another rule or nowhere.
 * Every front end asks here: the files' checks (`serverListProblem` in rules.ts), the routing
 * simulation's loader, the plan's reference check and the Terraform provider's plan. Pure.
 */
import type { GatewayGroup } from './group.js';

/** The words every reason ends with: one statement of the fact, wherever it is found. */
export const PROXY_DROPS = 'the proxy drops the rule';

/** Why the proxy drops a rule: what is wrong (ending in {@link PROXY_DROPS}), and what to do. */
export interface DropReason {
  readonly reason: string;
  readonly hint: string;
  /**
   * `list`: the list's shape alone (mixed, two groups, empty, not an id), whatever the platform
   * holds; `reference`: a group or gateway it names that the platform does not have (or not any more).
   */
  readonly cause: 'list' | 'reference';
}

/** A group as a check sees it: how to name it, how many gateways it holds, and whether a plan deletes it. */
export interface GroupSeen {
  /** `group 5`, or with what is known of it: `carrier group 5 ("Carrier A")`. */
  readonly shown: string;
  readonly gateways: number;
  readonly deleted?: boolean;
}

/** What is known of the platform's groups and gateways. */
export interface GatewayLookup {
  /** The group with this id, or undefined when the platform has none. */
  group(id: number): GroupSeen | undefined;
  /**
   * Whether the gateway remains: `true`; `false` when it is not known; or the group that holds it
   * when that group is deleted by the plan and no other holds it.
   */
  gateway(id: string): boolean | GroupSeen;
  /**
   * `false` when only the groups' members are known (the platform's API lists gateways only
   * through their groups): a gateway outside every group cannot be told from a missing one.
   */
  readonly allGateways: boolean;
}

/** How the rule's list is named: which attribute it is, how the user refers to it, and its value. */
export interface ListWords {
  /** `servers` (an inbound mapping) or `gwgroupid` (an outbound route): picks the hint. */
  readonly list: 'servers' | 'gwgroupid';
  /** What the sentence is about; defaults to `list` (`group "Carrier A"` for a reference by name). */
  readonly subject?: string;
  /** The list as the user sees it, e.g. `"66,#5"` or `["66", "#22"]`. */
  readonly shown: string;
}

/** Added when only the groups' gateways are known. */
const UNSEEN =
  " when no such gateway exists (the platform's API lists gateways only through their groups, so a gateway outside every group cannot be seen and counts as missing)";

/** The fix for a server list the proxy drops. */
const SERVERS_HINT = 'list gateway ids only (servers: ["66", "67"]) or one carrier group alone (servers: ["#22"])';

/**
 * Why the proxy drops a rule whose gateway list holds `entries` (a mapping's servers, or a route's
 * `#<gwgroupid>`; each entry a gateway id or `#<group id>`), or `null` when it keeps it. The list's
 * shape is judged always; the groups and gateways it names only when `lookup` is given.
 */
export function droppedFor(entries: readonly string[], words: ListWords, lookup?: GatewayLookup): DropReason | null {
  const subject = words.subject ?? words.list;
  const plural = subject === 'servers';
  const verb = (one: string, many: string): string => (plural ? many : one);
  const shape = (what: string): DropReason => ({
    reason: `${subject} ${what}: ${PROXY_DROPS}`,
    hint: words.list === 'servers' ? SERVERS_HINT : 'name one carrier group: gwgroupid: "5"',
    cause: 'list',
  });
  const ref = (what: string, hint: string): DropReason => ({ reason: `${subject} ${what}: ${PROXY_DROPS}`, hint, cause: 'reference' });
  if (entries.every((e) => e.trim() === '')) return shape(verb('is empty', 'are empty'));
  const groups = entries.filter((e) => e.startsWith('#'));
  if (groups.length > 1) return shape(`${verb('holds', 'hold')} two group references (${words.shown})`);
  if (groups.length === 1 && entries.length > 1)
    return shape(`${verb('mixes', 'mix')} a gateway id and a group reference (${words.shown})`);
  if (entries.some((e) => e.trim() === '')) return shape(`${verb('holds', 'hold')} an empty entry (${words.shown})`);
  const bad = entries.find((e) => !/^#?[0-9]+$/.test(e.trim()));
  if (bad !== undefined) return shape(`entry ${JSON.stringify(bad)} is not a gateway id`);
  if (!lookup) return null;
  if (groups.length === 1) {
    const id = Number(groups[0]!.slice(1));
    const g = lookup.group(id);
    const names = verb('names', 'name');
    if (!g)
      return ref(
        `${names} group ${id}, which does not exist on the platform`,
        'name an existing carrier or endpoint group, or create that group first',
      );
    if (g.deleted) return ref(`${names} ${g.shown}, which this plan deletes`, 'name a group this plan keeps, or keep the group');
    if (g.gateways === 0) return ref(`${names} ${g.shown}, which holds no gateways`, 'add gateways to the group, or name another group');
    return null;
  }
  return gatewaysDropped(
    entries.map((e) => String(Number(e))),
    lookup,
    (what, hint) => ref(`${verb('names', 'name')} ${what}`, hint),
  );
}

/** The reason for plain gateway ids the platform does not have (the first kind of miss found). */
function gatewaysDropped(
  ids: readonly string[],
  lookup: GatewayLookup,
  ref: (what: string, hint: string) => DropReason,
): DropReason | null {
  const verdicts = ids.map((id) => [id, lookup.gateway(id)] as const);
  const gone = verdicts.find(([, v]) => typeof v === 'object');
  if (gone) {
    const [id, g] = gone as readonly [string, GroupSeen];
    return ref(
      `gateway ${id}, which only ${g.shown} holds, and this plan deletes it`,
      'name gateways of a group this plan keeps, or keep the group',
    );
  }
  const missing = verdicts.filter(([, v]) => v === false).map(([id]) => id);
  if (missing.length === 0) return null;
  const one = missing.length === 1;
  const named = `${one ? 'gateway' : 'gateways'} ${missing.join(', ')}`;
  if (!lookup.allGateways) {
    // A gateway outside every group cannot be seen through the API: the reason says it counts as missing.
    const r = ref(
      `${named}, which no carrier or endpoint group holds`,
      'name gateways of a carrier or endpoint group, or the group itself (servers: ["#22"])',
    );
    return { ...r, reason: `${r.reason}${UNSEEN}` };
  }
  return ref(`${named}, which ${one ? 'does' : 'do'} not exist on the platform`, 'name existing gateways, or create them first');
}

/**
 * A lookup over an inventory of gateway lists (gwgroupid as text → gateway ids) and gateways, as
 * the routing simulation holds it. Groups are shown as `group <id>`: the inventory knows no names.
 */
export function inventoryLookup(inventory: {
  readonly gateways: ReadonlySet<string>;
  readonly lists: ReadonlyMap<string, readonly string[]>;
  readonly allGateways?: boolean;
}): GatewayLookup {
  return {
    group(id) {
      const members = inventory.lists.get(String(id));
      return members === undefined ? undefined : { shown: `group ${id}`, gateways: members.length };
    },
    gateway: (id) => inventory.gateways.has(id),
    allGateways: inventory.allGateways !== false,
  };
}

/**
 * A lookup over the groups the platform lists (carrier and endpoint), as a plan leaves them: the
 * groups in `deleted` go, and for a carrier group the files declare, `declared` gives how many
 * gateways it will hold (by name). A gateway is known only through a group that holds it
 * (`allGateways: false`); one held only by deleted groups is reported with its group.
 */
export function groupsLookup(
  groups: readonly GatewayGroup[],
  deleted: ReadonlySet<number> = new Set(),
  declared: ReadonlyMap<string, number> = new Map(),
): GatewayLookup {
  const byId = new Map(groups.map((g) => [g.gwgroupid, g]));
  const shown = (g: GatewayGroup): string => `${g.type} group ${g.gwgroupid} (${JSON.stringify(g.name)})`;
  const gateways = new Set<string>();
  const goneWith = new Map<string, GatewayGroup>();
  for (const g of groups) if (!deleted.has(g.gwgroupid)) for (const id of g.gwids) gateways.add(id);
  for (const g of groups) if (deleted.has(g.gwgroupid)) for (const id of g.gwids) if (!gateways.has(id)) goneWith.set(id, g);
  return {
    group(id) {
      const g = byId.get(id);
      if (!g) return undefined;
      const holds = g.type === 'carrier' && declared.has(g.name) ? declared.get(g.name)! : g.gwids.length;
      return { shown: shown(g), gateways: holds, ...(deleted.has(id) ? { deleted: true } : {}) };
    },
    gateway(id) {
      if (gateways.has(id)) return true;
      const g = goneWith.get(id);
      return g ? { shown: shown(g), gateways: 0, deleted: true } : false;
    },
    allGateways: false,
  };
}

/**
 * Why the proxy drops an inbound mapping (`group`: the name the configuration refers to its group
 * by), with where it is: `inbound mapping "1555": servers name gateway 99, …`. A mapping whose servers
 * are not known yet (a group created with it) is not judged.
 */
export function mappingDropped(
  did: string,
  servers: readonly string[],
  group: string | undefined,
  lookup?: GatewayLookup,
): DropReason | null {
  if (servers.length === 0) return null;
  const subject = group !== undefined ? `group ${JSON.stringify(group)}` : 'servers';
  const why = droppedFor(servers, { list: 'servers', subject, shown: `[${servers.map((s) => JSON.stringify(s)).join(', ')}]` }, lookup);
  return why && { ...why, reason: `inbound mapping ${JSON.stringify(did)}: ${why.reason}` };
}

/**
 * Why the proxy drops an outbound route (`carrierGroup`: the name the configuration refers to its
 * group by), with where it is. A route whose gwgroupid is not known yet (`""`) is not judged.
 */
export function routeDropped(name: string, gwgroupid: string, carrierGroup: string | undefined, lookup?: GatewayLookup): DropReason | null {
  if (gwgroupid === '') return null;
  const subject = carrierGroup !== undefined ? `carrier_group ${JSON.stringify(carrierGroup)}` : 'gwgroupid';
  const bare = gwgroupid.startsWith('#') ? gwgroupid.slice(1) : gwgroupid;
  const why = droppedFor([`#${bare}`], { list: 'gwgroupid', subject, shown: JSON.stringify(gwgroupid) }, lookup);
  return why && { ...why, reason: `outbound route ${JSON.stringify(name)}: ${why.reason}` };
}
