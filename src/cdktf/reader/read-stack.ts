import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfigIssue, DesiredLease, DesiredMapping, DesiredRoute, DesiredState } from '../../model/desired.js';
import { DEFAULT_POLICY } from '../../model/desired.js';
import { parseTtl, ttlRangeProblem } from '../../model/lease.js';
import { lcrPattern } from '../../model/outbound-route.js';
import { bareGwgroupid, descriptionProblem, didProblem, emailProblem, gwgroupidProblem, prefixProblem, priorityProblem, serversProblem } from '../../model/rules.js';
import { locate, parseStack, type StackFile } from './locate.js';

/** The stack read as a desired state, or every problem found (each with FILE:LINE:COL). */
type StackResult = { ok: true; desired: DesiredState } | { ok: false; issues: ConfigIssue[] };

const TYPES = {
  dsiprouter_inbound_mapping: ['did', 'servers', 'notes'],
  dsiprouter_outbound_route: ['name', 'prefix', 'gwgroupid', 'from_prefix', 'priority', 'timerec', 'routeid'],
  dsiprouter_endpoint_lease: ['email', 'ttl'],
} as const;
type ResourceType = keyof typeof TYPES;
/** Meta-arguments dsipform ignores: it orders changes itself, and there is one provider. */
const IGNORED = new Set(['//', 'depends_on', 'provider', 'lifecycle']);
const WAY_2 = 'Only Terraform can resolve references and expansions: deploy this stack through Terraform (terraform -chdir=<stack dir> init && terraform -chdir=<stack dir> apply, with the provider from dsipform terraform-mirror), or use literal values.';

type Json = Record<string, unknown>;

/**
 * Reads the `dsiprouter_*` resources of a synthesized CDKTF stack (`cdktf.out/stacks/<name>`, or
 * its cdk.tf.json) as the desired state. A collection with at least one resource in the stack is
 * managed, as if the files declared it. Values must be literal: a Terraform reference (`${...}`),
 * `count` or `for_each` is an error naming the resource and attribute. Expected failures are
 * returned, not thrown.
 */
export async function readStack(path: string): Promise<StackResult> {
  let file = path;
  try {
    if ((await stat(path)).isDirectory()) file = join(path, 'cdk.tf.json');
  } catch {
    return fail(path, 'no such file or directory', 'Give the stack directory, e.g. --cdktf cdktf.out/stacks/<name>, after running app.synth().');
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return fail(file, 'cannot read the synthesized stack', 'Run the CDKTF app (app.synth()) first; it writes cdktf.out/stacks/<name>/cdk.tf.json.');
  }
  const stack = parseStack(file, text);
  if ('message' in stack) return { ok: false, issues: [stack] };
  return collect(stack, stack.doc.toJS() as Json);
}

function fail(file: string, message: string, hint: string): StackResult {
  return { ok: false, issues: [{ file, line: 1, col: 1, message, hint }] };
}

function collect(stack: StackFile, root: Json): StackResult {
  const issues: ConfigIssue[] = [];
  const resources = (root.resource ?? {}) as Record<string, Record<string, Json>>;
  const out: { inbound_mappings?: DesiredMapping[]; outbound_routes?: DesiredRoute[]; endpoint_leases?: DesiredLease[] } = {};
  for (const type of Object.keys(TYPES) as ResourceType[]) {
    const group = resources[type];
    if (!group || typeof group !== 'object') continue;
    for (const [name, body] of Object.entries(group)) {
      const path = ['resource', type, name];
      const issue = (attr: string | null, message: string, hint: string): void => {
        issues.push({ ...locate(stack, attr ? [...path, attr] : path), message: `${type}.${name}${attr ? ` (attribute ${attr})` : ''}: ${message}`, hint });
      };
      if (!checkLiteral(stack, body, path, type, name, issues)) continue;
      for (const key of Object.keys(body)) {
        if (IGNORED.has(key) || (TYPES[type] as readonly string[]).includes(key)) continue;
        if (key === 'count' || key === 'for_each') issue(key, `${key} cannot be expanded outside Terraform`, WAY_2);
        else issue(key, `"${key}" is not an attribute of ${type}`, `Its attributes are: ${TYPES[type].join(', ')}.`);
      }
      const origin = locate(stack, path);
      if (type === 'dsiprouter_inbound_mapping') (out.inbound_mappings ??= []).push(mapping(body, issue, origin));
      else if (type === 'dsiprouter_outbound_route') (out.outbound_routes ??= []).push(route(body, issue, origin));
      else (out.endpoint_leases ??= []).push(lease(name, body, issue, origin));
    }
  }
  duplicates(stack, out, issues);
  if (issues.length > 0) return { ok: false, issues: issues.sort((a, b) => a.line - b.line || a.col - b.col) };
  return { ok: true, desired: { ...out, policy: DEFAULT_POLICY, files: [stack.file] } };
}

/** Finds `${...}` anywhere in a resource's values; each is an issue. */
function checkLiteral(stack: StackFile, value: unknown, path: (string | number)[], type: string, name: string, issues: ConfigIssue[]): boolean {
  let ok = true;
  const walk = (v: unknown, p: (string | number)[]): void => {
    if (typeof v === 'string' && v.includes('${')) {
      ok = false;
      const attr = p.slice(3).join('.');
      issues.push({ ...locate(stack, p), message: `${type}.${name} (attribute ${attr}): ${JSON.stringify(v)} is a Terraform reference, which dsipform cannot resolve`, hint: WAY_2 });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (k !== '//') walk(x, [...p, k]);
  };
  walk(value, path);
  return ok;
}

type Issue = (attr: string | null, message: string, hint: string) => void;

function str(body: Json, key: string, issue: Issue, required: boolean, fallback = ''): string {
  const v = body[key];
  if (v === undefined || v === null) {
    if (required) issue(null, `${key} is required`, `Set ${key} on the construct.`);
    return fallback;
  }
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  issue(key, `${key} must be a string`, `Give ${key} as a string.`);
  return fallback;
}

function rule(issue: Issue, key: string, problem: string | null, hint: string): void {
  if (problem) issue(key, problem, hint);
}

function mapping(body: Json, issue: Issue, origin: DesiredMapping['origin']): DesiredMapping {
  const did = str(body, 'did', issue, true);
  rule(issue, 'did', didProblem(did), 'Use only 0-9 + # *; "" is the default mapping.');
  const servers = Array.isArray(body.servers) ? body.servers.map(String) : [];
  rule(issue, 'servers', serversProblem(body.servers === undefined ? [] : Array.isArray(body.servers) ? servers : body.servers), 'Give 1 or 2 servers: gateway ids ("66") or carrier groups ("#22").');
  const notes = str(body, 'notes', issue, false);
  rule(issue, 'notes', descriptionProblem(notes, 'notes'), 'Remove the ",".');
  return { did, servers, notes, ...(origin ? { origin } : {}) };
}

function route(body: Json, issue: Issue, origin: DesiredRoute['origin']): DesiredRoute {
  const name = str(body, 'name', issue, true);
  const prefix = str(body, 'prefix', issue, true);
  const from = str(body, 'from_prefix', issue, false);
  const gwgroupid = str(body, 'gwgroupid', issue, true, '2');
  rule(issue, 'name', descriptionProblem(name, 'name'), 'Remove the ",".');
  rule(issue, 'prefix', prefixProblem(prefix), 'Use only 0-9 + # *.');
  rule(issue, 'from_prefix', prefixProblem(from, 'from_prefix'), 'Use only 0-9 + # *.');
  rule(issue, 'gwgroupid', gwgroupidProblem(gwgroupid), 'Give the carrier-group id, e.g. "5".');
  if (from !== '' && prefix === '') issue('prefix', 'an LCR route (with from_prefix) needs a non-empty prefix', 'Set the To-prefix.');
  const priority = body.priority ?? 0;
  rule(issue, 'priority', priorityProblem(priority), 'Give a whole number within the range, for example priority: 10.');
  return {
    name, prefix, from_prefix: from === '' ? null : from, gwgroupid: bareGwgroupid(gwgroupid),
    priority: typeof priority === 'number' ? priority : 0, timerec: str(body, 'timerec', issue, false), routeid: str(body, 'routeid', issue, false),
    ...(origin ? { origin } : {}),
  };
}

function lease(name: string, body: Json, issue: Issue, origin: DesiredLease['origin']): DesiredLease {
  const email = str(body, 'email', issue, true);
  rule(issue, 'email', email === '' ? null : emailProblem(email), 'For example email: "ops@example.com".');
  const ttlText = str(body, 'ttl', issue, true, '0');
  const parsed = parseTtl(ttlText);
  const range = parsed === null ? null : ttlRangeProblem(parsed);
  if (parsed === null || (range !== null && parsed <= 0)) issue('ttl', `ttl "${ttlText}" is not a positive duration`, 'Give seconds ("900") or "<n>s", "<n>m", "<n>h".');
  else if (range !== null) issue('ttl', `ttl "${ttlText}" ${range}`, 'Give a shorter ttl, e.g. "24h", and renew the lease instead.');
  const ttl = parsed !== null && range === null ? parsed : 0;
  // The lease's name is the resource's logical id in the stack.
  return { name, email, ttl, renew_before: Math.max(1, Math.floor(ttl / 10)), ...(origin ? { origin } : {}) };
}

function duplicates(stack: StackFile, out: { inbound_mappings?: DesiredMapping[]; outbound_routes?: DesiredRoute[] }, issues: ConfigIssue[]): void {
  const seen = (what: string, items: { key: string; origin?: { line: number; col: number } }[]) => {
    const first = new Map<string, { line: number; col: number } | undefined>();
    for (const it of items) {
      if (first.has(it.key)) {
        const at = first.get(it.key);
        issues.push({ file: stack.file, line: it.origin?.line ?? 1, col: it.origin?.col ?? 1, message: `${what} ${JSON.stringify(it.key)} is declared twice: also at ${stack.file}:${at?.line}:${at?.col}`, hint: 'Keep one of them.' });
      } else first.set(it.key, it.origin);
    }
  };
  seen('DID', (out.inbound_mappings ?? []).map((m) => ({ key: m.did, ...(m.origin ? { origin: m.origin } : {}) })));
  seen('route name', (out.outbound_routes ?? []).map((r) => ({ key: r.name, ...(r.origin ? { origin: r.origin } : {}) })));
  seen('LCR pattern', (out.outbound_routes ?? []).filter((r) => r.from_prefix).map((r) => ({ key: lcrPattern(r.from_prefix!, r.prefix), ...(r.origin ? { origin: r.origin } : {}) })));
}
