import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeCarrierGroup } from '../../model/carrier-group-normalize.js';
import type {
  ConfigIssue,
  DesiredCarrierGroup,
  DesiredEndpointGroup,
  DesiredLease,
  DesiredMapping,
  DesiredRoute,
  DesiredState,
} from '../../model/desired.js';
import { numberIdentity } from '../../model/kinds/did-number/fields.js';
import type { DesiredNumber } from '../../model/number.js';
import {
  DUPLICATE_HINTS,
  normalizeLease,
  normalizeMapping,
  normalizeRoute,
  type Normalized,
  type RawEntry,
} from '../../model/normalize.js';
import { lcrPattern } from '../../model/outbound-route.js';
import { locate, parseStack, type StackFile } from './locate.js';
import { readPolicy } from './read-policy.js';
import { readInvariants } from './read-invariants.js';
import { didNumber, endpointGroup, INVENTORY_TYPES } from './read-inventory.js';
import { readProxy } from './read-proxy.js';
import {
  authWithPassword,
  block,
  blockEntry,
  blockList,
  PASSWORD_VARIABLE,
  toNumber,
  toText,
  type Issue,
  type Json,
} from './read-values.js';

/** The stack read as a desired state, or every problem found (each with FILE:LINE:COL). */
type StackResult = { ok: true; desired: DesiredState } | { ok: false; issues: ConfigIssue[] };

const TYPES = {
  dsiprouter_inbound_mapping: ['did', 'servers', 'group', 'notes'],
  dsiprouter_outbound_route: ['name', 'prefix', 'gwgroupid', 'carrier_group', 'from_prefix', 'priority', 'timerec', 'routeid'],
  dsiprouter_endpoint_lease: ['email', 'ttl'],
  dsiprouter_carrier_group: ['name', 'lb_enabled', 'endpoint', 'auth'],
  ...INVENTORY_TYPES,
} as const;
type ResourceType = keyof typeof TYPES;
/** The attributes of a carrier group's `endpoint` and `auth` blocks (the provider's schema). */
const ENDPOINT_ATTRIBUTES = ['name', 'hostname', 'strip', 'prefix', 'weight'] as const;
const AUTH_ATTRIBUTES = [
  'type',
  'r_username',
  'auth_username',
  'auth_password',
  'auth_password_wo',
  'auth_password_wo_version',
  'auth_domain',
  'auth_proxy',
] as const;
/** Meta-arguments dsipform ignores: it orders changes itself, and there is one provider. */
// Blocks that steer Terraform, not the object: `timeouts` bounds Terraform's own operations (a
// dsipform apply has --timeout and --retry-max-time for that).
const IGNORED = new Set(['//', 'depends_on', 'provider', 'lifecycle', 'timeouts']);
const WAY_2 =
  'Only Terraform can resolve references and expansions: deploy this stack through Terraform (terraform -chdir=<stack dir> init && terraform -chdir=<stack dir> apply, with the provider from dsipform terraform-mirror), or use literal values.';

/**
 * Reads the `dsiprouter_*` resources of a synthesized CDKTF stack (`cdktf.out/stacks/<name>`, or
 * its cdk.tf.json) as the desired state. A collection with at least one resource in the stack is
 * managed, as if the files declared it; the stack's `DsipformPolicy` (read-policy.ts) is the files'
 * `policy`, its `proxy` (read-proxy.ts) their `proxy` block, and its `invariants`
 * (read-invariants.ts) their `invariants:`. Values must be literal: a Terraform reference (`${...}`), `count` or `for_each` is an
 * error naming the resource and attribute. Expected failures are returned, not thrown. A carrier
 * group's password variable is read from `options.env` (default `process.env`) where set; unset,
 * it is left to the commands that send it.
 */
export async function readStack(path: string, options: { readonly env?: NodeJS.ProcessEnv } = {}): Promise<StackResult> {
  let file = path;
  try {
    if ((await stat(path)).isDirectory()) file = join(path, 'cdk.tf.json');
  } catch {
    return fail(
      path,
      'no such file or directory',
      'Give the stack directory, e.g. --cdktf cdktf.out/stacks/<name>, after running app.synth().',
    );
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return fail(
      file,
      'cannot read the synthesized stack',
      'Run the CDKTF app (app.synth()) first; it writes cdktf.out/stacks/<name>/cdk.tf.json.',
    );
  }
  const stack = parseStack(file, text);
  if ('message' in stack) return { ok: false, issues: [stack] };
  return collect(stack, stack.doc.toJS() as Json, options.env ?? process.env);
}

function fail(file: string, message: string, hint: string): StackResult {
  return { ok: false, issues: [{ file, line: 1, col: 1, message, hint }] };
}

function collect(stack: StackFile, root: Json, env: NodeJS.ProcessEnv): StackResult {
  const issues: ConfigIssue[] = [];
  const resources = (root.resource ?? {}) as Record<string, Record<string, Json>>;
  const out: {
    inbound_mappings?: DesiredMapping[];
    outbound_routes?: DesiredRoute[];
    endpoint_leases?: DesiredLease[];
    carrier_groups?: DesiredCarrierGroup[];
    endpoint_groups?: DesiredEndpointGroup[];
    numbers?: DesiredNumber[];
  } = {};
  for (const type of Object.keys(TYPES) as ResourceType[]) {
    const group = resources[type];
    if (!group || typeof group !== 'object') continue;
    for (const [name, body] of Object.entries(group)) {
      const path = ['resource', type, name];
      const issue = (attr: string | null, message: string, hint: string): void => {
        issues.push({
          ...locate(stack, attr ? [...path, ...attr.split('.').map((k) => (/^[0-9]+$/.test(k) ? Number(k) : k))] : path),
          message: `${type}.${name}${attr ? ` (attribute ${attr})` : ''}: ${message}`,
          hint,
        });
      };
      if (!checkLiteral(stack, body, path, type, name, issues)) continue;
      for (const key of Object.keys(body)) {
        if (IGNORED.has(key) || (TYPES[type] as readonly string[]).includes(key)) continue;
        if (key === 'count' || key === 'for_each') issue(key, `${key} cannot be expanded outside Terraform`, WAY_2);
        else issue(key, `"${key}" is not an attribute of ${type}`, `Its attributes are: ${TYPES[type].join(', ')}.`);
      }
      const origin = locate(stack, path);
      // A kind the stack holds is managed even when its only resource is refused.
      if (type === 'dsiprouter_inbound_mapping') pushIf((out.inbound_mappings ??= []), mapping(body, issue, origin));
      else if (type === 'dsiprouter_outbound_route') pushIf((out.outbound_routes ??= []), route(body, issue, origin));
      else if (type === 'dsiprouter_endpoint_lease') pushIf((out.endpoint_leases ??= []), lease(name, body, issue, origin));
      else if (type === 'dsiprouter_carrier_group') pushIf((out.carrier_groups ??= []), carrierGroup(body, issue, origin, env));
      else if (type === 'dsiprouter_endpoint_group') pushIf((out.endpoint_groups ??= []), endpointGroup(body, issue, origin, env));
      else pushIf((out.numbers ??= []), didNumber(body, issue, origin));
    }
  }
  duplicates(stack, out, issues);
  const policy = readPolicy(stack, root, issues);
  const proxy = readProxy(stack, root, issues);
  const invariants = readInvariants(stack, root, issues);
  if (issues.length > 0) return { ok: false, issues: issues.sort((a, b) => a.line - b.line || a.col - b.col) };
  // A stack's refusals name DsipformPolicy's properties, whether or not the stack has one yet.
  const extra = { ...(proxy ? { proxy } : {}), ...(invariants ? { invariants } : {}) };
  return { ok: true, desired: { ...out, policy: { ...policy, place: 'stack' }, ...extra, files: [stack.file] } };
}

function pushIf<T>(list: T[], item: T | null): void {
  if (item !== null) list.push(item);
}

/** Finds `${...}` anywhere in a resource's values; each is an issue. */
function checkLiteral(
  stack: StackFile,
  value: unknown,
  path: (string | number)[],
  type: string,
  name: string,
  issues: ConfigIssue[],
): boolean {
  let ok = true;
  const walk = (v: unknown, p: (string | number)[]): void => {
    if (typeof v === 'string' && v.includes('${') && !isPasswordVariable(type, p, v)) {
      ok = false;
      const attr = p.slice(3).join('.');
      issues.push({
        ...locate(stack, p),
        message: `${type}.${name} (attribute ${attr}): ${JSON.stringify(v)} is a Terraform reference, which dsipform cannot resolve`,
        hint: WAY_2,
      });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (k !== '//') walk(x, [...p, k]);
  };
  walk(value, path);
  return ok;
}

/** Whether `v` at `p` is a group's password given as a Terraform variable (the one reference read). */
function isPasswordVariable(type: string, p: (string | number)[], v: string): boolean {
  const last = p[p.length - 1];
  return (
    (type === 'dsiprouter_carrier_group' || type === 'dsiprouter_endpoint_group') &&
    PASSWORD_VARIABLE.test(v) &&
    p[3] === 'auth' &&
    (last === 'auth_password' || last === 'auth_password_wo')
  );
}

/** The attributes Terraform types as numbers; every other one dsipform reads is a string (or a list of strings). */
const NUMBER_ATTRIBUTES = new Set(['priority']);

/**
 * The resource's attributes as plain values, converted as Terraform converts them for the
 * attribute's type (a number or bool written for a string attribute is its text; a numeric string
 * for a number attribute is the number); `null` is unset. Only the attributes of the type are kept.
 */
function plainEntry(type: ResourceType, body: Json): RawEntry {
  const out: Record<string, unknown> = {};
  for (const attr of TYPES[type]) {
    const value = body[attr];
    if (value === undefined || value === null) continue;
    out[attr] = NUMBER_ATTRIBUTES.has(attr) ? toNumber(value) : Array.isArray(value) ? value.map(toText) : toText(value);
  }
  return out;
}

/** Feeds the one normaliser (model/normalize.ts) and words its issues after the resource and attribute. */
function normalized<T>(result: Normalized<T>, issue: Issue): T | null {
  for (const i of result.issues) issue(i.field.join('.'), i.message, i.hint);
  return result.value;
}

function mapping(body: Json, issue: Issue, origin: DesiredMapping['origin']): DesiredMapping | null {
  const value = normalized(normalizeMapping(plainEntry('dsiprouter_inbound_mapping', body)), issue);
  return value && { ...value, ...(origin ? { origin } : {}) };
}

function route(body: Json, issue: Issue, origin: DesiredRoute['origin']): DesiredRoute | null {
  const value = normalized(normalizeRoute(plainEntry('dsiprouter_outbound_route', body)), issue);
  return value && { ...value, ...(origin ? { origin } : {}) };
}

function lease(name: string, body: Json, issue: Issue, origin: DesiredLease['origin']): DesiredLease | null {
  // The lease's name is the resource's logical id in the stack.
  const value = normalized(normalizeLease({ ...plainEntry('dsiprouter_endpoint_lease', body), name }), issue);
  return value && { ...value, ...(origin ? { origin } : {}) };
}

/**
 * A `dsiprouter_carrier_group` through the one normaliser: the provider's `endpoint` blocks are the
 * files' `endpoints`. The password is never a literal (a synthesized stack is a file in the
 * repository): it is a Terraform variable, `${var.NAME}`, which the apply reads from `TF_VAR_NAME`
 * (and a plan where it is set, as the files' `${NAME}`).
 */
function carrierGroup(body: Json, issue: Issue, origin: DesiredCarrierGroup['origin'], env: NodeJS.ProcessEnv): DesiredCarrierGroup | null {
  const raw: Record<string, unknown> = {};
  if (body.name !== undefined && body.name !== null) raw.name = toText(body.name);
  if (body.lb_enabled !== undefined && body.lb_enabled !== null) raw.lb_enabled = toBool(body.lb_enabled);
  if (body.endpoint !== undefined && body.endpoint !== null)
    raw.endpoints = blockList(body.endpoint, ENDPOINT_ATTRIBUTES, ['strip', 'weight'], 'endpoint', issue);
  const auth = block(body.auth);
  if (auth) raw.auth = authWithPassword(blockEntry(auth, AUTH_ATTRIBUTES, ['auth_password_wo_version'], 'auth', issue), issue, env);
  else if (body.auth !== undefined && body.auth !== null) raw.auth = body.auth;
  const value = normalized(normalizeCarrierGroup(raw), (attr, message, hint) =>
    issue(attr && attr.replace(/^endpoints\./, 'endpoint.'), message.replace(/^endpoints\[/, 'endpoint['), hint),
  );
  return value && { ...value, ...(origin ? { origin } : {}) };
}

function toBool(value: unknown): unknown {
  return value === 'true' ? true : value === 'false' ? false : value;
}

function duplicates(
  stack: StackFile,
  out: {
    inbound_mappings?: DesiredMapping[];
    outbound_routes?: DesiredRoute[];
    carrier_groups?: DesiredCarrierGroup[];
    endpoint_groups?: DesiredEndpointGroup[];
    numbers?: DesiredNumber[];
  },
  issues: ConfigIssue[],
): void {
  const seen = (what: string, hint: string, items: { key: string; origin?: { line: number; col: number } }[]) => {
    const first = new Map<string, { line: number; col: number } | undefined>();
    for (const it of items) {
      if (first.has(it.key)) {
        const at = first.get(it.key);
        issues.push({
          file: stack.file,
          line: it.origin?.line ?? 1,
          col: it.origin?.col ?? 1,
          message: `${what} ${JSON.stringify(it.key)} is declared twice: also at ${stack.file}:${at?.line}:${at?.col}`,
          hint,
        });
      } else first.set(it.key, it.origin);
    }
  };
  seen(
    'DID',
    DUPLICATE_HINTS.did,
    (out.inbound_mappings ?? []).map((m) => ({ key: m.did, ...(m.origin ? { origin: m.origin } : {}) })),
  );
  seen(
    'route name',
    DUPLICATE_HINTS.routeName,
    (out.outbound_routes ?? []).map((r) => ({ key: r.name, ...(r.origin ? { origin: r.origin } : {}) })),
  );
  seen(
    'carrier group name',
    'keep one of them, or give the other group its own name',
    (out.carrier_groups ?? []).map((g) => ({ key: g.name, ...(g.origin ? { origin: g.origin } : {}) })),
  );
  seen(
    'endpoint group name',
    'keep one of them, or give the other group its own name',
    (out.endpoint_groups ?? []).map((g) => ({ key: g.name, ...(g.origin ? { origin: g.origin } : {}) })),
  );
  // By the platform's identity of a DID: "+1555…" and "1555…" are one number to it.
  seen(
    'number',
    'keep one of them: the platform takes "+1555…" and "1555…" for one number',
    (out.numbers ?? []).map((n) => ({ key: numberIdentity(n.did), ...(n.origin ? { origin: n.origin } : {}) })),
  );
  seen(
    'LCR pattern',
    DUPLICATE_HINTS.lcrPattern,
    (out.outbound_routes ?? [])
      .filter((r) => r.from_prefix)
      .map((r) => ({ key: lcrPattern(r.from_prefix!, r.prefix), ...(r.origin ? { origin: r.origin } : {}) })),
  );
}
