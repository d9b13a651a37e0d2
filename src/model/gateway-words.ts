/**
 * The one wording of a gateway list with names beside the ids (issue 26): `carrier group "BW" (#5)`,
 * `gateway "pbx-a" 10.0.0.5:5060 (61)`, `gateways "pbx-a" (61), "pbx-b" (62)`. In model/ so that the
 * routing simulation (a decision's `gwlist_words`) and the plan renderers (a diff's `gwgroupid` and
 * `servers`) say it alike. Pure.
 */
import type { GatewayLabel, GroupType } from './group.js';

/** A group as the words name it. */
export interface GroupLabel {
  readonly name: string;
  readonly type: GroupType;
}

/**
 * What is known of the groups and gateways a list names. A lookup answers the label, `undefined`
 * when nothing is known of the id (its name was not read), or `missing` with the words that say
 * why it is not there (`is not on the platform`).
 */
export interface NameLookup {
  group(id: string): GroupLabel | undefined | { readonly missing: string };
  gateway(id: string): GatewayLabel | undefined | { readonly missing: string };
}

/** Whether to repeat the ids in the words: a decision does, a plan's field (which shows the ids) does not. */
export interface ListWordsOptions {
  readonly ids: boolean;
}

/** A group reference in words: `carrier group "BW" (#5)`; `carrier group "BW"` without ids; `group #5` when its name is not known. */
export function groupRefWords(id: string, lookup: NameLookup, options: ListWordsOptions = { ids: true }): string {
  const label = lookup.group(id);
  if (label === undefined) return `group #${id}`;
  if ('missing' in label) return `group #${id}, which ${label.missing}`;
  return `${label.type} group ${JSON.stringify(label.name)}${options.ids ? ` (#${id})` : ''}`;
}

/** One gateway in words: `"pbx-a" 10.0.0.5:5060 (61)`, `61` when nothing is known of it. */
export function gatewayRefWords(id: string, lookup: NameLookup, options: ListWordsOptions = { ids: true }): string {
  const label = lookup.gateway(id);
  if (label === undefined) return id;
  if ('missing' in label) return `${id}, which ${label.missing}`;
  // An address is shown bare unless it holds something a host and port never do (then quoted, escaped).
  const address = /^[A-Za-z0-9.:[\]_-]*$/.test(label.address) ? label.address : JSON.stringify(label.address);
  const words = [label.name === '' ? '' : JSON.stringify(label.name), address].filter((w) => w !== '').join(' ');
  if (words === '') return id;
  return options.ids ? `${words} (${id})` : words;
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

/**
 * The names of the groups and gateways a plan's changes refer to by id (a route's `gwgroupid`, a
 * mapping's `servers`, before and after), as the platform held them when the plan was made: the
 * plan shows them beside the ids. Only what was read is there: every group's name and type, and
 * the name and address of the gateways of the carrier groups the files manage.
 */
export interface PlanNames {
  /** gwgroupid (as text) → the group's name and type. */
  readonly groups?: Readonly<Record<string, GroupLabel>>;
  /** gwid (as text) → the gateway's name and address. */
  readonly gateways?: Readonly<Record<string, Omit<GatewayLabel, 'gwid'>>>;
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
