import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { KINDS, type CollectionName, type ConfigIssue, type DesiredState, type Kind } from '../../model/desired.js';
import type { KindModule } from '../../model/kind-spec.js';
import { KIND_SPECS } from '../../model/kinds.js';
import { locate, parseStack, type StackFile } from './locate.js';
import { readPolicy } from './read-policy.js';
import { readInvariants } from './read-invariants.js';
import { readProxy } from './read-proxy.js';
import { readResource } from './read-resource.js';
import { PASSWORD_VARIABLE, type Json } from './read-values.js';

/** The stack read as a desired state, or every problem found (each with FILE:LINE:COL). */
type StackResult = { ok: true; desired: DesiredState } | { ok: false; issues: ConfigIssue[] };

/** The kinds a stack may hold, by resource type: those whose module names a type and says how its resource maps (`stack`). */
const STACK_KINDS: ReadonlyMap<string, KindModule> = new Map(
  KINDS.map((kind: Kind) => KIND_SPECS[kind] as KindModule)
    .filter((mod) => mod.terraformType !== null && mod.stack !== undefined)
    .map((mod) => [mod.terraformType!, mod]),
);
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
  const out: Partial<Record<CollectionName, unknown[]>> = {};
  for (const [type, mod] of STACK_KINDS) {
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
      if (!checkLiteral(stack, body, path, type, name, mod, issues)) continue;
      const attributes = mod.stack!.attributes;
      for (const key of Object.keys(body)) {
        if (IGNORED.has(key) || attributes.includes(key)) continue;
        if (key === 'count' || key === 'for_each') issue(key, `${key} cannot be expanded outside Terraform`, WAY_2);
        else issue(key, `"${key}" is not an attribute of ${type}`, `Its attributes are: ${attributes.join(', ')}.`);
      }
      const origin = locate(stack, path);
      // A kind the stack holds is managed even when its only resource is refused.
      const entry = readResource(mod, name, body, issue, origin, env);
      const list = (out[mod.collection] ??= []);
      if (entry !== null) list.push(entry);
    }
  }
  duplicates(stack, out, issues);
  const policy = readPolicy(stack, root, issues);
  const proxy = readProxy(stack, root, issues);
  const invariants = readInvariants(stack, root, issues);
  if (issues.length > 0) return { ok: false, issues: issues.sort((a, b) => a.line - b.line || a.col - b.col) };
  // A stack's refusals name DsipformPolicy's properties, whether or not the stack has one yet.
  const extra = { ...(proxy ? { proxy } : {}), ...(invariants ? { invariants } : {}) };
  const desired = { ...out, policy: { ...policy, place: 'stack' }, ...extra, files: [stack.file] } as DesiredState;
  return { ok: true, desired };
}

/** Finds `${...}` anywhere in a resource's values; each is an issue. */
function checkLiteral(
  stack: StackFile,
  value: unknown,
  path: (string | number)[],
  type: string,
  name: string,
  mod: KindModule,
  issues: ConfigIssue[],
): boolean {
  let ok = true;
  const walk = (v: unknown, p: (string | number)[]): void => {
    if (typeof v === 'string' && v.includes('${') && !isPasswordVariable(mod, p, v)) {
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

/** Whether `v` at `p` is a password given as a Terraform variable in the kind's `passwordBlock` (the one reference read). */
function isPasswordVariable(mod: KindModule, p: (string | number)[], v: string): boolean {
  const last = p[p.length - 1];
  return (
    mod.passwordBlock !== undefined &&
    PASSWORD_VARIABLE.test(v) &&
    p[3] === mod.passwordBlock &&
    (last === 'auth_password' || last === 'auth_password_wo')
  );
}

/**
 * Each kind's identities that must be unique (its module's `unique`), across the stack's
 * resources: a repeat is an issue at the later resource, naming the first.
 */
function duplicates(stack: StackFile, out: Partial<Record<CollectionName, unknown[]>>, issues: ConfigIssue[]): void {
  for (const kind of KINDS) {
    const mod = KIND_SPECS[kind] as KindModule;
    for (const unique of mod.unique) {
      const first = new Map<string, { line: number; col: number } | undefined>();
      for (const entry of (out[mod.collection] ?? []) as Readonly<Record<string, unknown>>[]) {
        const key = unique.of(entry, (field) => (typeof entry[field] === 'string' ? entry[field] : undefined));
        if (key === undefined) continue;
        const origin = entry.origin as { line: number; col: number } | undefined;
        if (first.has(key)) {
          const at = first.get(key);
          issues.push({
            file: stack.file,
            line: origin?.line ?? 1,
            col: origin?.col ?? 1,
            message: `${unique.what} ${JSON.stringify(key)} is declared twice: also at ${stack.file}:${at?.line}:${at?.col}`,
            hint: unique.hint,
          });
        } else first.set(key, origin);
      }
    }
  }
}
