import { dialHint } from './dial.js';
import { PRIORITY_MAX, PRIORITY_MIN } from './rules.js';

/**
 * The one normaliser of desired state. Every front end (YAML files, CDKTF stacks, the Terraform
 * provider) turns its syntax into a plain entry (`RawEntry`: field name -> JSON-like value, a field
 * it cannot know yet left out) and hands it here; this returns the entry with every default filled,
 * or the issues, each keyed by the field it is about. Messages start with the field as the entry
 * names it (`ttl must be …`, `servers[1]: …`), so a front end only puts its own place in front
 * (`endpoint_leases[0].`, `dsiprouter_endpoint_lease.ci.`); hints are the same for every front end.
 * Pure: no I/O. This file holds what every normaliser shares (the issues, the hints, `Checker`);
 * the normalisers of the rules are in `normalize-rule.ts`, a lease's in `normalize-lease.ts`.
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
export const FIELD_HINTS: Readonly<Record<string, string>> = {
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

/** The issues of a clean entry: one shared empty list, not a new one per entry. */
export const NO_ISSUES: readonly FieldIssue[] = Object.freeze([]);

/** Collects the issues of one entry (shared by the normalisers of model/). */
export class Checker {
  /**
   * Made at the first issue: a checker is made per entry of files of tens of thousands, nearly all
   * clean, and an empty list each was garbage for the young generation's collections (issue 33 §4).
   */
  #issues: FieldIssue[] | null = null;
  constructor(
    readonly raw: RawEntry,
    readonly spell: Spelling | undefined,
  ) {}
  /** The issues added so far, in order; {@link NO_ISSUES} while there is none. */
  get issues(): readonly FieldIssue[] {
    return this.#issues ?? NO_ISSUES;
  }
  add(field: FieldPath, message: string, hint: string, check: CheckKind, quoted?: string): void {
    (this.#issues ??= []).push(quoted === undefined ? { field, message, hint, check } : { field, message, hint, check, quoted });
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

/**
 * The renew_before of a lease that gives none: 10% of the ttl, rounded down, at least 1 second,
 * and always below the ttl (so a 1-second lease gets 0: renewing it at once would never settle).
 */
// Here, not in normalize-lease.ts: the generic loader (config/normalize.ts) uses it too, and it
// imports no module named after a kind (test/tooling/kind-touches.test.ts).
export function defaultRenewBefore(ttl: number): number {
  return Math.min(Math.max(1, Math.floor(ttl / 10)), ttl - 1);
}
