/**
 * The normalisers of the proxy's rules in the files, the stacks and the provider: an inbound
 * mapping and an outbound route (model/normalize.ts holds what every normaliser shares). Pure.
 */
import type { MappingContent } from './inbound-mapping.js';
import {
  Checker,
  FIELD_HINTS,
  HINTS,
  kindOf,
  NO_ISSUES,
  type FieldPath,
  type Normalized,
  type RawEntry,
  type Spelling,
} from './normalize.js';
import type { RouteContent } from './outbound-route.js';
import {
  bareGwgroupid,
  descriptionProblem,
  didProblem,
  gwgroupidProblem,
  isSoundServerList,
  prefixProblem,
  priorityProblem,
  serverListProblem,
  serverProblem,
} from './rules.js';
import { timerecProblem } from './time/timerec.js';

/** The defaults of a mapping's optional fields (every front end fills them from here). */
export const MAPPING_DEFAULTS = { notes: '' } as const;
/** The defaults of a route's optional fields; an absent or empty from_prefix makes a simple route. */
export const ROUTE_DEFAULTS = { priority: 0, timerec: '', routeid: '' } as const;

/*
 * The fields the mapping and route rules name, and the rules worded after a field, made once: the
 * normalisers run once per entry of files of tens of thousands, and a path or closure made per call
 * is garbage the young generation's collections then sweep (issue 33 §4).
 */
const DID: FieldPath = ['did'];
const NOTES: FieldPath = ['notes'];
const SERVER_FIELDS: readonly FieldPath[] = [
  ['servers', 0],
  ['servers', 1],
];
const NAME: FieldPath = ['name'];
const PREFIX: FieldPath = ['prefix'];
const FROM_PREFIX: FieldPath = ['from_prefix'];
const GWGROUPID: FieldPath = ['gwgroupid'];
const TIMEREC: FieldPath = ['timerec'];
const notesProblem = (v: string): string | null => descriptionProblem(v, 'notes');
const nameProblem = (v: string): string | null => descriptionProblem(v, 'name');
const routePrefixProblem = (v: string): string | null => prefixProblem(v);
const fromPrefixProblem = (v: string): string | null => prefixProblem(v, 'from_prefix');

/**
 * An inbound mapping: did required, and servers or group (exactly one); `notes` defaults to `""`.
 * With `group`, servers is `[]` and the name is kept for the planner to resolve.
 */
export function normalizeMapping(raw: RawEntry, spell?: Spelling): Normalized<NormalizedMapping> {
  const c = new Checker(raw, spell);
  const did = c.string('did', true);
  c.rule(DID, did, didProblem, HINTS.did);
  const group = groupName(c, 'group', 'servers', HINTS.group);
  const servers = raw.servers;
  if (servers === undefined) {
    if (group === undefined && raw.group === undefined) c.add(['servers'], 'servers or group is required', HINTS.servers, 'required');
  } else if (!Array.isArray(servers)) c.add(['servers'], `servers must be a list, not ${kindOf(servers)}`, HINTS.servers, 'type');
  else if (servers.length < 1 || servers.length > 2) {
    const bound = servers.length < 1 ? 'at least 1 entry' : 'at most 2 entries';
    c.add(['servers'], `servers must hold ${bound}, not ${servers.length}`, HINTS.servers, 'schema');
  } else {
    let entriesOk = true;
    for (let i = 0; i < servers.length; i++) {
      const server: unknown = servers[i];
      // servers holds 1 or 2 entries here (checked above), so each has its field made once.
      const field = SERVER_FIELDS[i] as FieldPath;
      if (server === undefined) entriesOk = false;
      else if (typeof server !== 'string') {
        c.add(field, `servers[${i}] must be a string, not ${kindOf(server)}`, HINTS.server, 'type');
        entriesOk = false;
      } else if (!c.rule(field, server, serverProblem, HINTS.server)) entriesOk = false;
    }
    // A list found sound before is not judged again, nor is a closure made to spell it.
    if (entriesOk && !isSoundServerList(servers as string[])) {
      const problem = serverListProblem(servers as string[], (s, i) => c.shown(['servers', i], s));
      if (problem !== null) c.add(['servers'], problem, HINTS.serverList, 'rule');
    }
  }
  const notes = c.string('notes', false);
  c.rule(NOTES, notes, notesProblem, HINTS.comma);
  if (c.issues.length > 0) return { value: null, issues: c.issues };
  // Built in the order every copy of it showed (did, servers, notes, group), with no spread: a spread
  // of a conditional object is a slow path of V8's, once per entry.
  const value: { -readonly [K in keyof NormalizedMapping]: NormalizedMapping[K] } = {
    did: did as string,
    servers: group === undefined ? (servers as string[]).slice() : [],
    notes: notes ?? MAPPING_DEFAULTS.notes,
  };
  if (group !== undefined) value.group = group;
  return { value, issues: NO_ISSUES };
}

/**
 * A group named instead of an id (`group` beside `servers`, `carrier_group` beside `gwgroupid`):
 * the name, or `undefined` when absent or wrong (then the issue is added). Exactly one of the two
 * fields may be given.
 */
function groupName(c: Checker, field: 'group' | 'carrier_group', other: 'servers' | 'gwgroupid', hint: string): string | undefined {
  if (c.raw[field] === undefined) return undefined;
  const name = c.string(field, false);
  if (name === undefined) return undefined;
  if (c.raw[other] !== undefined) {
    c.add([field], `give either ${other} or ${field}, not both`, hint, 'schema');
    return undefined;
  }
  if (name.trim() === '') {
    c.add([field], `${field} must name a group, not ${c.shown([field], name)}`, hint, 'schema');
    return undefined;
  }
  return name;
}

/** An inbound mapping as normalised: its content, and the group it names instead of servers. */
export interface NormalizedMapping extends MappingContent {
  /** `group: NAME` in the files; `servers` is then `[]` until the planner resolves the name. */
  readonly group?: string;
}

/** An outbound route as normalised: its content, and the live route it pins (files only). */
export interface NormalizedRoute extends RouteContent {
  readonly ruleid?: number;
  /** `carrier_group: NAME` in the files; `gwgroupid` is then `""` until the planner resolves it. */
  readonly carrier_group?: string;
}

/**
 * An outbound route: name, prefix, and gwgroupid or carrier_group (exactly one) required; priority defaults to 0, timerec and
 * routeid to `""`; from_prefix `""` or absent is `null` (a simple route); gwgroupid loses its `#`.
 */
export function normalizeRoute(raw: RawEntry, spell?: Spelling): Normalized<NormalizedRoute> {
  const c = new Checker(raw, spell);
  const name = c.string('name', true);
  const prefix = c.string('prefix', true);
  const carrierGroup = groupName(c, 'carrier_group', 'gwgroupid', HINTS.carrierGroup);
  const gwgroupid = c.string('gwgroupid', carrierGroup === undefined && raw.carrier_group === undefined);
  const fromPrefix = c.string('from_prefix', false);
  c.rule(NAME, name, nameProblem, HINTS.comma);
  c.rule(PREFIX, prefix, routePrefixProblem, HINTS.prefix);
  c.rule(FROM_PREFIX, fromPrefix, fromPrefixProblem, HINTS.fromPrefix);
  c.rule(GWGROUPID, gwgroupid, gwgroupidProblem, HINTS.gwgroupid);
  if (fromPrefix !== undefined && fromPrefix !== '' && prefix === '') {
    c.add(
      ['prefix'],
      `prefix must not be empty on an LCR route (from_prefix ${c.shown(['from_prefix'], fromPrefix)})`,
      HINTS.lcrPrefix,
      'rule',
    );
  }
  const priority = raw.priority;
  if (priority !== undefined) {
    if (typeof priority !== 'number' || !Number.isInteger(priority)) {
      c.add(['priority'], `priority must be an integer, not ${kindOf(priority)}`, FIELD_HINTS.priority ?? '', 'schema');
    } else {
      const problem = priorityProblem(priority, c.spell?.(['priority'], priority));
      if (problem !== null) c.add(['priority'], problem, HINTS.priority, 'rule');
    }
  }
  const timerec = c.string('timerec', false);
  c.rule(TIMEREC, timerec, timerecProblem, HINTS.timerec);
  const routeid = c.string('routeid', false);
  const ruleid = raw.ruleid;
  if (c.issues.length > 0) return { value: null, issues: c.issues };
  // The fields in the order every copy of it showed, ruleid and carrier_group last; no spread (see normalizeMapping).
  const value: { -readonly [K in keyof NormalizedRoute]: NormalizedRoute[K] } = {
    name: name as string,
    prefix: prefix as string,
    from_prefix: fromPrefix ? fromPrefix : null,
    gwgroupid: carrierGroup === undefined ? bareGwgroupid(gwgroupid as string) : '',
    priority: (priority as number | undefined) ?? ROUTE_DEFAULTS.priority,
    timerec: timerec ?? ROUTE_DEFAULTS.timerec,
    routeid: routeid ?? ROUTE_DEFAULTS.routeid,
  };
  if (typeof ruleid === 'number') value.ruleid = ruleid;
  if (carrierGroup !== undefined) value.carrier_group = carrierGroup;
  return { value, issues: NO_ISSUES };
}
