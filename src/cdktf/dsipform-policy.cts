// Hand-written (not generated): the one construct of dsipform/cdktf and dsipform/cdktn that is no
// Terraform resource. CommonJS (.cts), like the generated bindings whose entries re-export it, so
// ESM and CommonJS apps load it alike.
// eslint-disable-next-line no-restricted-imports -- a construct for users' stacks, loaded only through the bindings' entries
import { Construct } from 'constructs';

/** The key under the stack's top-level `//` (which Terraform ignores) that holds the policy. */
const POLICY_KEY = 'dsipform_policy';

/**
 * What `TerraformStack.isStack` looks for, in cdktf and cdktn alike: a registered symbol. Finding the
 * stack by it (and writing through its public `addOverride`) lets one construct serve both without
 * importing either.
 */
const STACK = Symbol.for('cdktf/TerraformStack');
/** Marks a DsipformPolicy, so a second one in a stack is found whichever copy of this module made it. */
const POLICY = Symbol.for('dsipform/DsipformPolicy');

/** The part of a cdktf or cdktn `TerraformStack` this construct uses. */
interface StackLike {
  addOverride(path: string, value: unknown): void;
}

/** A collection of the files' policy (`protect`). */
export type DsipformCollection =
  'inbound_mappings' | 'outbound_routes' | 'endpoint_leases' | 'carrier_groups' | 'endpoint_groups' | 'numbers';

/** Globs of live objects that `dsipform plan|apply --cdktf` leaves alone (the files' `policy.ignore`). */
export interface DsipformPolicyIgnore {
  /** DID globs, e.g. `['1800*']`. */
  readonly inboundMappings?: readonly string[];
  /** Route-name globs, e.g. `['Default Outbound Route']`. */
  readonly outboundRoutes?: readonly string[];
  /** Lease-name globs, e.g. `['ci-*']`. */
  readonly endpointLeases?: readonly string[];
  /** Carrier-group name globs, e.g. `['* CarrierGroup']` (the fresh install's ten). */
  readonly carrierGroups?: readonly string[];
  /** Endpoint-group name globs, e.g. `['Legacy *']`. */
  readonly endpointGroups?: readonly string[];
  /** DID globs of the numbers inventory, e.g. `['1800*']`. */
  readonly numbers?: readonly string[];
}

/**
 * One routing lint acknowledged (the files' `policy.accept` entry): the lint's code, and the routes
 * (`route`) or mappings (`did`) it is acknowledged for, by glob; with neither, every finding of it.
 */
export interface DsipformLintAcceptance {
  /** The lint's code, as the warning shows it, e.g. `'ambiguous_lcr'`. */
  readonly lint: string;
  /** A route-name glob, e.g. `'cust-*'`. */
  readonly route?: string;
  /** A DID glob, e.g. `'1800*'`. */
  readonly did?: string;
}

/** The files' top-level `proxy` block for a stack: facts about the proxy that decide routing. */
export interface DsipformProxy {
  /**
   * The time zone of the proxy host, an IANA name (`'America/Chicago'`): the time recurrences of
   * the rules are read in it by `dsipform plan|apply|drift|route|routes --cdktf`, as the files'
   * `proxy.timezone`. `--tz` beats it.
   */
  readonly timezone?: string;
}

/** A destination, named as routing tests name it (the files' `reaches`): exactly one key. */
export interface DsipformDestination {
  /** A carrier group by name. */
  readonly carrierGroup?: string;
  /** An endpoint or carrier group by name. */
  readonly group?: string;
  /** Gateways in the order tried, by id, name or address. */
  readonly gateways?: readonly string[];
}

/** The calls an invariant is about (the files' `never:` / `always:` set). */
export interface DsipformCallSet {
  readonly direction: 'inbound' | 'outbound';
  /** The dialled numbers starting with this, e.g. `'1900'`; default every number. */
  readonly toPrefix?: string;
  /** The callers (From-user) starting with this; default every caller. */
  readonly fromPrefix?: string;
  /** A time recurrence in the proxy's zone, written as a rule's timerec; default at every moment. */
  readonly during?: string;
  /** The destination the calls must (always) or may not (never) reach; absent: routed at all. */
  readonly reaches?: DsipformDestination;
}

/**
 * One routing invariant of the stack (the files' `invariants:` entry, docs/invariants.md): exactly
 * one of `never`, `always` (a set of calls) or `builtin` (a built-in check by name).
 */
export interface DsipformInvariant {
  /** Shown in reports; default one made from the check. */
  readonly name?: string;
  /** No call of the set is routed; with `reaches`, none reaches that destination. */
  readonly never?: DsipformCallSet;
  /** Every call of the set is routed; with `reaches`, every one reaches it. */
  readonly always?: DsipformCallSet;
  /** A built-in check. */
  readonly builtin?: 'every_did_routed' | 'no_dead_rule' | 'no_unreached_group' | 'inbound_never_to_carrier';
}

/**
 * The files' `policy` block for a stack: what `new DsipformPolicy(stack, 'policy', config)` takes.
 * Each key is the files' key in camelCase, and means the same (README, "Safety rules"); `proxy` is
 * the files' top-level `proxy` block, carried beside the policy.
 */
export interface DsipformPolicyConfig {
  /** Live objects left alone (neither read as managed nor deleted). */
  readonly ignore?: DsipformPolicyIgnore;
  /** Collections never deleted (nor replaced) without `--force`. */
  readonly protect?: readonly DsipformCollection[];
  /** Deletes per collection before `--force` is needed: a count (`10`) or a percentage (`'20%'`). */
  readonly maxDeletes?: number | string;
  /** Changes (updates, replaces) per collection before `--force` is needed: a count or a percentage. */
  readonly maxUpdates?: number | string;
  /** Whether a plan may leave calls that route today with no route without `--force`. */
  readonly allowUnrouting?: boolean;
  /** Routing lints acknowledged: shown as such, never failing `--strict`; one that matches nothing is a warning. */
  readonly accept?: readonly DsipformLintAcceptance[];
  /** The proxy's settings (the files' `proxy` block, not a policy key): `{ timezone: 'America/Chicago' }`. */
  readonly proxy?: DsipformProxy;
  /**
   * Routing invariants the stack's rules must keep (the files' `invariants:`, not a policy key):
   * `dsipform validate|test|plan|apply --cdktf` decide each over every call and refuse a violation,
   * naming one call that breaks it, e.g. `[{ name: 'premium', never: { direction: 'outbound', toPrefix: '1900' } }]`.
   */
  readonly invariants?: readonly DsipformInvariant[];
}

/** `maxDeletes` -> `max_deletes`: the files' spelling of a key. */
function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The config in the files' spelling, keys snake_case, unset keys left out; other values as given. */
function filesSpelling(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(filesSpelling);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[snake(key)] = filesSpelling(v);
  return out;
}

/**
 * The safety rules of `dsipform plan|apply --cdktf` (CDKTF way 1) for the stack it is in: what the
 * files' `policy` block says, e.g. `ignore: { outboundRoutes: ['Default Outbound Route'] }` so the
 * stack leaves the platform's own route alone. It synthesizes into the stack's top-level `//`
 * (`"//": {"dsipform_policy": {"path": "<construct path>", "policy": {...}, "proxy": {...},
 * "invariants": [...]}}`, the files' keys; `proxy` and `invariants` only when given),
 * which Terraform ignores: the same stack still deploys through Terraform (way 2), where it has no
 * effect. dsipform checks it when it reads the stack, with the files' rules, and names the construct
 * path in each error. One per stack: a second one throws.
 */
export class DsipformPolicy extends Construct {
  /** The policy as given. */
  public readonly config: DsipformPolicyConfig;

  constructor(scope: Construct, id: string, config: DsipformPolicyConfig = {}) {
    super(scope, id);
    this.config = config;
    Object.defineProperty(this, POLICY, { value: true });
    const stack = [...this.node.scopes].reverse().find((s) => STACK in s) as (Construct & StackLike) | undefined;
    if (!stack) throw new Error(`DsipformPolicy ${this.node.path}: create it inside a TerraformStack`);
    const other = stack.node.findAll().find((c) => c !== this && POLICY in c);
    if (other) throw new Error(`DsipformPolicy ${this.node.path}: the stack already has one, ${other.node.path}; a stack holds one policy`);
    const { proxy, invariants, ...policy } = config;
    stack.addOverride(`//.${POLICY_KEY}`, {
      path: this.node.path,
      policy: filesSpelling(policy),
      ...(proxy !== undefined ? { proxy: filesSpelling(proxy) } : {}),
      ...(invariants !== undefined ? { invariants: filesSpelling(invariants) } : {}),
    });
  }
}
