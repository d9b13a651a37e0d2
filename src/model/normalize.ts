import { dialHint } from './dial.js';
import type { MappingContent } from './inbound-mapping.js';
import { MAX_TTL_SECONDS, parseTtl, ttlRangeProblem, type LeaseContent } from './lease.js';
import type { RouteContent } from './outbound-route.js';
import {
  bareGwgroupid,
  descriptionProblem,
  didProblem,
  emailProblem,
  gwgroupidProblem,
  prefixProblem,
  priorityProblem,
  PRIORITY_MAX,
  PRIORITY_MIN,
  serverListProblem,
  serversProblem,
} from './rules.js';
import { timerecProblem } from './time/timerec.js';
import { count } from './words.js';

/**
 * The one normaliser of desired state. Every front end (YAML files, CDKTF stacks, the Terraform
 * provider) turns its syntax into a plain entry (`RawEntry`: field name -> JSON-like value, a field
 * it cannot know yet left out) and hands it here; this returns the entry with every default filled,
 * or the issues, each keyed by the field it is about. Messages start with the field as the entry
 * names it (`ttl must be …`, `servers[1]: …`), so a front end only puts its own place in front
 * (`endpoint_leases[0].`, `dsiprouter_endpoint_lease.ci.`); hints are the same for every front end.
 * Pure: no I/O.
 */

/** A field inside one entry: `['ttl']`, `['servers', 1]`. */
export type FieldPath = readonly (string | number)[];

/**
 * What kind of check found an issue. `required`, `type` and `schema` are also expressed by the
 * files' JSON schema (which words them identically) and by the provider schema (required, type);
 * a front end that already checked these drops them to report each problem once. `rule` issues
 * are only ever found here.
 */
export type CheckKind = 'required' | 'type' | 'schema' | 'rule';

/** One problem of one entry, keyed by field. */
export interface FieldIssue {
  readonly field: FieldPath;
  /** Starts with the field's name (`fieldName`), so a front end can prefix the entry's place. */
  readonly message: string;
  readonly hint: string;
  readonly check: CheckKind;
  /**
   * For a rule about a string value (did, servers[i], notes, name, prefix, from_prefix, gwgroupid,
   * email): the value the message quotes, so a front end that shows values differently (a secret
   * from an environment variable) can find and replace it.
   */
  readonly quoted?: string;
}

/** A normaliser's answer: the normalised entry when there is no issue, else `null` and the issues. */
export interface Normalized<T> {
  readonly value: T | null;
  readonly issues: readonly FieldIssue[];
}

/** An entry as a front end read it: plain values; a field that is absent (or unknown) is `undefined`. */
export type RawEntry = Readonly<Record<string, unknown>>;

/**
 * How the source wrote a value, for messages (`not "0"`, `priority 9007199254740993`); `undefined`
 * falls back to JSON (strings quoted, numbers as digits). The YAML front end shows values that came
 * from environment variables with their origin, and numbers beyond 2^53 as written.
 */
export type Spelling = (field: FieldPath, value: unknown) => string | undefined;

/** The hints every front end gives for a rule (shown under the message). */
export const HINTS = {
  did: dialHint('DID', 'did', '+15551230001'),
  servers: 'list one or two gateway ids, primary first (servers: ["66", "67"]), or one carrier group alone (servers: ["#22"])',
  server: 'write a gateway id ("66") or a carrier group ("#22"), in quotes: servers: ["66", "67"] or servers: ["#22"]',
  serverList:
    'the proxy takes gateway ids only or one carrier group alone: servers: ["66", "67"] or servers: ["#22"] (put both gateways in a carrier group to fail over between them)',
  timerec:
    'write dtstart|duration|freq|until|interval|byday|bymonthday|byyearday|byweekno|bymonth, e.g. timerec: "20260101T090000|8H|weekly|||MO,TU,WE,TH,FR" (09:00-17:00 on weekdays), or leave it out for always',
  comma: 'remove the ","; the platform stores this text as name:<value> and a "," breaks its reads',
  prefix: dialHint('prefix', 'prefix', '44'),
  fromPrefix: dialHint('prefix', 'from_prefix', '1555'),
  gwgroupid: 'name an existing carrier group by its id, in quotes: gwgroupid: "5"',
  group: 'name the group instead of its servers: group: "Carrier A" (or list servers: ["#5"], not both)',
  carrierGroup: 'name the carrier group instead of its id: carrier_group: "Carrier A" (or gwgroupid: "5", not both)',
  lcrPrefix: 'give the LCR route a prefix (prefix: "44"), or remove from_prefix to make it a simple route',
  priority: `the platform stores priority as a 32-bit integer: write a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}, e.g. priority: 10`,
  leaseName: 'write the name as plain text on one line: name: ci-softphone',
  leaseNameEmpty: 'name the lease with text: name: ci-softphone',
  email: 'write one plain address: email: ops@example.com',
  ttl: 'write seconds (ttl: 900) or a whole number with s, m or h (ttl: 15m)',
  renewForm: 'write seconds (renew_before: 120) or a whole number with s, m or h (renew_before: 2m); leave it out for 10% of the ttl',
  ttlZero: 'give the lease a lifetime above 0: ttl: 900 (seconds) or ttl: 15m',
  ttlMax: 'give the lease a shorter ttl, e.g. ttl: 24h; renew it instead of holding it for ever',
  renewNegative: 'write 0 or more: renew_before: 2m, or leave it out for 10% of the ttl',
  renewTtl:
    'renew_before says how long before expiry the lease is renewed: make it smaller than the ttl (renew_before: 2m for ttl: 15m), or leave it out for 10% of the ttl',
} as const;

/** The hints for an identity declared twice (the cross-entry checks of every front end). */
export const DUPLICATE_HINTS = {
  did: 'keep one of them, or give the other its own DID',
  routeName: 'give each route its own name',
  lcrPattern: 'the platform allows one LCR route per from_prefix and prefix: change one of them or merge the routes',
  leaseName: 'keep one of them, or give the other lease its own name',
} as const;

/** The hints of the required and type checks, by field. */
const FIELD_HINTS: Readonly<Record<string, string>> = {
  did: 'quote the DID: did: "0044123" (did: "" is the default mapping)',
  servers: HINTS.servers,
  notes: 'write the notes as text: notes: "Main office"',
  name: 'name the route with text: name: "US domestic"',
  prefix: 'quote the prefix: prefix: "44" (prefix: "" matches every number)',
  from_prefix: 'quote it: from_prefix: "1555"; leave it out for a simple route',
  gwgroupid: 'quote the carrier-group id: gwgroupid: "5"',
  priority: 'write a whole number: priority: 10',
  timerec: 'write the time-recurrence pattern as text, or leave it out',
  routeid: 'write the route id as text: routeid: "12", or leave it out',
  email: 'write the address as text: email: ops@example.com',
};

/** The defaults of a mapping's optional fields (every front end fills them from here). */
export const MAPPING_DEFAULTS = { notes: '' } as const;
/** The defaults of a route's optional fields; an absent or empty from_prefix makes a simple route. */
export const ROUTE_DEFAULTS = { priority: 0, timerec: '', routeid: '' } as const;

/** A field path as messages name it: `servers[1]`. */
export function fieldName(field: FieldPath): string {
  let out = '';
  for (const seg of field) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out;
}

/** How a value reads in a message when the source has no spelling of its own. */
function plainSpelling(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** What kind of value this is, in words (`a whole number`, `a list`), for type messages. */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  if (typeof value === 'boolean') return 'true/false';
  return `a ${typeof value}`;
}

/** Collects the issues of one entry (shared by the normalisers of model/). */
export class Checker {
  readonly issues: FieldIssue[] = [];
  constructor(
    readonly raw: RawEntry,
    readonly spell: Spelling | undefined,
  ) {}
  add(field: FieldPath, message: string, hint: string, check: CheckKind, quoted?: string): void {
    this.issues.push(quoted === undefined ? { field, message, hint, check } : { field, message, hint, check, quoted });
  }
  shown(field: FieldPath, value: unknown): string {
    return this.spell?.(field, value) ?? plainSpelling(value);
  }
  /** A string field: the value, `undefined` when absent (with a `required` issue when it must be there), or when of another type. */
  string(name: string, required: boolean): string | undefined {
    const value = this.raw[name];
    if (value === undefined) {
      if (required) this.add([name], `${name} is required`, FIELD_HINTS[name] ?? '', 'required');
      return undefined;
    }
    if (typeof value === 'string') return value;
    this.add([name], `${name} must be a string, not ${kindOf(value)}`, FIELD_HINTS[name] ?? '', 'type');
    return undefined;
  }
  /** A rule's sentence about a string field, worded after the field (`notes may not …`, `did: DID …`). */
  rule(field: FieldPath, value: string | undefined, rule: (v: string) => string | null, hint: string): boolean {
    if (value === undefined) return true;
    const problem = rule(value);
    if (problem === null) return true;
    const last = field[field.length - 1];
    const name = fieldName(field);
    const message =
      typeof last === 'string' && problem.startsWith(`${last} `) ? `${name}${problem.slice(last.length)}` : `${name}: ${problem}`;
    this.add(field, message, hint, 'rule', value);
    return false;
  }
}

/** The answer of a normaliser: the value only when nothing is wrong. */
export function answer<T>(checker: Checker, value: () => T): Normalized<T> {
  return checker.issues.length > 0 ? { value: null, issues: checker.issues } : { value: value(), issues: NO_ISSUES };
}

/** The issues of a clean entry: one shared empty list, not a new one per entry. */
const NO_ISSUES: readonly FieldIssue[] = Object.freeze([]);

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
const serverProblem = (s: string): string | null => serversProblem([s]);

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
    if (entriesOk) {
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
    servers: group === undefined ? [...(servers as string[])] : [],
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

/** The form of a duration written as a string: digits and an optional unit, nothing around them. */
const DURATION_TEXT = /^[0-9]+[smh]?$/;
const CONTROL = /\p{Cc}/u;
const EXAMPLES: Readonly<Record<string, readonly [string, string]>> = { ttl: ['900', '"15m"'], renew_before: ['120', '"2m"'] };

/** A lease name: no control characters (it is a key in the state file and in `output leases`). */
export function leaseNameProblem(name: string): string | null {
  return CONTROL.test(name) ? `name ${JSON.stringify(name)} must not contain control characters` : null;
}

/**
 * The renew_before of a lease that gives none: 10% of the ttl, rounded down, at least 1 second,
 * and always below the ttl (so a 1-second lease gets 0: renewing it at once would never settle).
 */
export function defaultRenewBefore(ttl: number): number {
  return Math.min(Math.max(1, Math.floor(ttl / 10)), ttl - 1);
}

/**
 * An endpoint lease: email and ttl required; ttl in (0, MAX_TTL_SECONDS]; renew_before in
 * [0, ttl), default `defaultRenewBefore(ttl)`; durations as whole seconds or `"<n>[smh]"`. The name
 * (the key) is checked when the front end has one (the provider's lease has none: its key is the
 * resource address).
 */
export function normalizeLease(raw: RawEntry, spell?: Spelling): Normalized<LeaseContent> {
  const c = new Checker(raw, spell);
  const name = c.string('name', false);
  if (name === '') c.add(['name'], 'name must not be empty', HINTS.leaseNameEmpty, 'schema');
  else c.rule(['name'], name, leaseNameProblem, HINTS.leaseName);
  const email = c.string('email', true);
  c.rule(['email'], email, emailProblem, HINTS.email);
  if (raw.ttl === undefined) c.add(['ttl'], 'ttl is required', HINTS.ttl, 'required');
  const ttl = seconds(c, 'ttl');
  if (ttl !== null) {
    const problem = ttlRangeProblem(ttl);
    if (problem !== null)
      c.add(['ttl'], `ttl ${problem}, not ${c.shown(['ttl'], raw.ttl)}`, ttl <= 0 ? HINTS.ttlZero : HINTS.ttlMax, 'rule');
  }
  const renew = seconds(c, 'renew_before');
  if (renew !== null && renew < 0) {
    c.add(
      ['renew_before'],
      `renew_before must be 0 seconds or more, not ${c.shown(['renew_before'], raw.renew_before)}`,
      HINTS.renewNegative,
      'rule',
    );
  } else if (renew !== null && ttl !== null && ttlRangeProblem(ttl) === null && renew >= ttl) {
    const inSeconds = (field: string, secs: number): string => c.spell?.([field], secs) ?? count(secs, 'second');
    c.add(
      ['renew_before'],
      `renew_before (${inSeconds('renew_before', renew)}) must be less than ttl (${inSeconds('ttl', ttl)})`,
      HINTS.renewTtl,
      'rule',
    );
  }
  return answer(c, () => ({
    name: name ?? '',
    email: email as string,
    ttl: ttl as number,
    renew_before: renew ?? defaultRenewBefore(ttl as number),
  }));
}

/** A duration field in seconds; `null` when absent or not a duration (then the issue is added). */
function seconds(c: Checker, field: string): number | null {
  const value = c.raw[field];
  if (value === undefined) return null;
  const secs = typeof value === 'string' && !DURATION_TEXT.test(value) ? null : parseTtl(value);
  if (secs !== null) return secs;
  const [number, text] = EXAMPLES[field] ?? ['900', '"15m"'];
  const message = `${field} must be seconds (${number}) or "<n>s", "<n>m" or "<n>h" (${text}), not ${typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? c.shown([field], value) : kindOf(value)}`;
  c.add([field], message, field === 'ttl' ? HINTS.ttl : HINTS.renewForm, 'rule');
  return null;
}

export { MAX_TTL_SECONDS };
