/**
 * The one wording of a gateway list with names beside the ids (issue 26): `carrier group "BW" (#5)`,
 * `gateway "pbx-a" 10.0.0.5:5060 (61)`, `gateways "pbx-a" (61), "pbx-b" (62)`. A list is the proxy's
 * grammar (`#5` a group, comma runs of gateway ids), so its words live with the simulation that
 * reads it (a decision's `gwlist_words`); the plan renderers (a diff's `gwgroupid` and `servers`)
 * import them from here, so both say it alike. Pure.
 */
import type { GatewayLabel, GroupLabel, GroupType, PlanNames } from '../model/group.js';

/**
 * What is known of the groups and gateways a list names. A lookup answers the label, `undefined`
 * when nothing is known of the id (its name was not read), or `missing` with the words that say
 * why it is not there (`is not on the platform`).
 */
export interface NameLookup {
  group(id: string): GroupLabel | undefined | { readonly missing: string };
  gateway(id: string): GatewayLabel | undefined | { readonly missing: string };
  /**
   * The gateway ids a group holds, in order, when known: an endpoint group is named with its
   * endpoints (a PBX is where the call goes). Absent (a plan's field words): the group alone.
   */
  members?(id: string): readonly string[] | undefined;
}

/** Whether to repeat the ids in the words: a decision does, a plan's field (which shows the ids) does not. */
export interface ListWordsOptions {
  readonly ids: boolean;
}

/**
 * A group reference in words: `carrier group "BW" (#5)`; `carrier group "BW"` without ids; `group
 * #5` when its name is not known; a group the plan creates says `(id known after apply)`. An
 * endpoint group whose gateways the lookup knows is named with them, the one wording of an
 * endpoint group: `endpoint group "Acme PBX" (#12): endpoints "acme-main" 203.0.113.10 (61),
 * "acme-backup" 203.0.113.11:5080 (62)`.
 */
export function groupRefWords(id: string, lookup: NameLookup, options: ListWordsOptions = { ids: true }): string {
  const label = lookup.group(id);
  if (label === undefined) return `group #${id}`;
  if ('missing' in label) return `group #${id}, which ${label.missing}`;
  const idWords = !options.ids ? '' : label.pending === true ? ' (id known after apply)' : ` (#${id})`;
  const head = `${label.type} group ${JSON.stringify(label.name)}${idWords}`;
  const members = label.type === 'endpoint' && options.ids ? lookup.members?.(id) : undefined;
  if (members === undefined) return head;
  // The endpoints of a group the plan creates are all new: the group's words say so once.
  return `${head}: ${endpointsWords(members.map((m) => gatewayWords(m, lookup.gateway(m), label.pending !== true, true)))}`;
}

/** `endpoints "a" 203.0.113.10 (61), 62`, `endpoint …` for one, `no endpoints` for none. */
export function endpointsWords(words: readonly string[]): string {
  if (words.length === 0) return 'no endpoints';
  return `${words.length === 1 ? 'endpoint' : 'endpoints'} ${words.join(', ')}`;
}

/** One gateway in words: `"pbx-a" 10.0.0.5:5060 (61)`, `61` when nothing is known of it. */
export function gatewayRefWords(id: string, lookup: NameLookup, options: ListWordsOptions = { ids: true }): string {
  return gatewayWords(id, lookup.gateway(id), options.ids, false);
}

/**
 * A gateway's label in words. An endpoint's address is shown as the files write it (`bare`: the
 * default port `:5060` left out), a gateway of a list as the platform shows it; an endpoint the
 * plan adds has no id yet (`(new)`).
 */
function gatewayWords(id: string, label: GatewayLabel | undefined | { readonly missing: string }, ids: boolean, bare: boolean): string {
  if (label === undefined) return id;
  if ('missing' in label) return `${id}, which ${label.missing}`;
  const words = labelWords(label.name, bare ? label.address.replace(/:5060$/, '') : label.address);
  if (words === '') return id;
  if (!ids) return words;
  return label.pending === true ? `${words} (new)` : `${words} (${id})`;
}

/** A name and an address in words: `"pbx-a" 10.0.0.5:5060`; either may be empty. */
function labelWords(name: string, address: string): string {
  // An address is shown bare unless it holds something a host and port never do (then quoted, escaped).
  const shown = /^[A-Za-z0-9.:[\]_-]*$/.test(address) ? address : JSON.stringify(address);
  return [name === '' ? '' : JSON.stringify(name), shown].filter((w) => w !== '').join(' ');
}

/** A group the files declare, as they declare it: its kind, its name, and an endpoint group's endpoints. */
export interface DeclaredGroup {
  readonly type: GroupType;
  readonly endpoints: readonly { readonly name: string; readonly hostname: string }[];
}

/**
 * A group named by the files whose id is not known here (the files alone): `endpoint group "Acme
 * PBX" (declared in the files): endpoints "acme-main" 203.0.113.10, …`, `carrier group "BW"
 * (declared in the files)`, or `group "X" (named in the files; its id is not known here)` for a
 * name they refer to without declaring it.
 */
export function namedGroupWords(name: string, declared: DeclaredGroup | undefined): string {
  if (declared === undefined) return `group ${JSON.stringify(name)} (named in the files; its id is not known here)`;
  const head = `${declared.type} group ${JSON.stringify(name)} (declared in the files)`;
  if (declared.type !== 'endpoint') return head;
  return `${head}: ${endpointsWords(declared.endpoints.map((e) => labelWords(e.name, e.hostname.replace(/:5060$/, ''))))}`;
}

/**
 * A gateway list (`"#5"`, `"61,62"`, `"66;67"`, a mixed one) in words, in its order: group
 * references by name and type, runs of gateway ids as one `gateways …`. With `ids: false` (a plan
 * field, which shows the ids beside the words) an id is left out wherever a name stands for it.
 */
export function gatewayListWords(gwlist: string, lookup: NameLookup, options: ListWordsOptions = { ids: true }): string {
  if (gwlist.trim() === '') return 'no gateway (an empty list)';
  const parts: string[] = [];
  const gateways: string[] = [];
  const flush = (): void => {
    if (gateways.length > 0) parts.push(`${gateways.length === 1 ? 'gateway' : 'gateways'} ${gateways.join(', ')}`);
    gateways.length = 0;
  };
  for (const raw of gwlist.split(/[,|;]/)) {
    const item = raw.trim();
    if (item.startsWith('#')) {
      flush();
      parts.push(groupRefWords(item.slice(1), lookup, options));
    } else gateways.push(gatewayRefWords(item, lookup, options));
  }
  flush();
  return parts.join(', ');
}

/** The lookup of a plan's names: an id it does not hold is simply not named. */
export function planNamesLookup(names: PlanNames): NameLookup {
  // Own keys only: an id such as "constructor" must not find Object's prototype.
  const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
    record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
  return {
    group: (id) => own(names.groups, /^[0-9]+$/.test(id) ? String(Number(id)) : id),
    gateway: (id) => {
      const g = own(names.gateways, id);
      return g === undefined ? undefined : { gwid: Number(id), name: g.name, address: g.address };
    },
  };
}
