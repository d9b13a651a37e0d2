import type { CollectionName, ConfigIssue, DeleteLimit, LintAcceptance, Policy } from '../../model/desired.js';
import { ACCEPTABLE_LINTS, ALWAYS_IGNORED, COLLECTION_OF, DEFAULT_POLICY, KINDS } from '../../model/desired.js';
import { locate, type StackFile } from './locate.js';

/**
 * The stack's policy: what a `DsipformPolicy` construct (src/cdktf/dsipform-policy.cts) writes under
 * the top-level `//` (which Terraform ignores), `{"path": "<construct path>", "policy": {...}}`
 * with the files' keys. It is held to the rules of the files' `policy` block (schemas/
 * dsipform.schema.json and the percentage rule); each problem names the construct path and the
 * construct's own key (`maxDeletes`), at the value's FILE:LINE:COL.
 */

/** The key under the stack's `//` (the construct's POLICY_KEY). */
export const POLICY_KEY = 'dsipform_policy';
/** Every collection, in the registry's order (the order an error lists them in). */
const COLLECTIONS: readonly CollectionName[] = KINDS.map((k) => COLLECTION_OF[k]);
const KEYS = ['ignore', 'protect', 'max_deletes', 'max_updates', 'allow_unrouting', 'accept'] as const;
/** The schema's percentage form. */
const PERCENT = /^[0-9]+(\.[0-9]+)?%$/;

type Json = Record<string, unknown>;
type Issue = (at: readonly (string | number)[], message: string, hint: string) => void;

/** `max_deletes` -> `maxDeletes`: the construct's name of a files' key. */
function camel(key: string): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The policy of the stack's `DsipformPolicy`, or the default policy when it has none. Problems are
 * pushed to `issues` (and the default returned).
 */
export function readPolicy(stack: StackFile, root: Json, issues: ConfigIssue[]): Policy {
  const meta = root['//'];
  const entry = isObject(meta) ? meta[POLICY_KEY] : undefined;
  if (entry === undefined) return DEFAULT_POLICY;
  const base = ['//', POLICY_KEY];
  const name = isObject(entry) && typeof entry.path === 'string' ? `DsipformPolicy ${entry.path}` : 'DsipformPolicy';
  const before = issues.length;
  const issue: Issue = (at, message, hint) => {
    const field = at.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${camel(p)}`)).join('');
    issues.push({ ...locate(stack, [...base, 'policy', ...at]), message: `${name}${field ? ` (${field})` : ''}: ${message}`, hint });
  };
  const policy = isObject(entry) ? entry.policy : undefined;
  if (!isObject(policy)) {
    issues.push({
      ...locate(stack, base),
      message: `the stack's "//" key "${POLICY_KEY}" is not a policy as DsipformPolicy writes it ({"path": ..., "policy": {...}})`,
      hint: "declare the policy with new DsipformPolicy(stack, 'policy', {...}) from dsipform/cdktf (or dsipform/cdktn), then synthesize again",
    });
    return DEFAULT_POLICY;
  }
  const out = readEntries(policy, issue, (i) => locate(stack, [...base, 'policy', 'accept', i]));
  return issues.length > before ? DEFAULT_POLICY : out;
}

function readEntries(policy: Json, issue: Issue, placeOf: (i: number) => LintAcceptance['origin']): Policy {
  for (const key of Object.keys(policy))
    if (!(KEYS as readonly string[]).includes(key))
      issue([key], `"${camel(key)}" is not a policy key`, `Its keys are: ${KEYS.map(camel).join(', ')}.`);
  const max_deletes = limit(policy, 'max_deletes', 'deletes', issue);
  const max_updates = limit(policy, 'max_updates', 'updates', issue);
  const protect = readProtect(policy.protect, issue);
  const ignore = readIgnore(policy.ignore, issue);
  const accept = readAccept(policy.accept, issue, placeOf);
  const allow = policy.allow_unrouting;
  if (allow !== undefined && typeof allow !== 'boolean')
    issue(
      ['allow_unrouting'],
      `must be true or false, not ${JSON.stringify(allow)}`,
      'write allowUnrouting: true (or leave it out for false)',
    );
  return {
    ...(max_deletes ? { max_deletes } : {}),
    ...(max_updates ? { max_updates } : {}),
    protect,
    ignore,
    ...(allow === true ? { allow_unrouting: true } : {}),
    ...(accept ? { accept } : {}),
  };
}

/** `accept`: a list of `{lint, route?, did?}`, each lint one of the acknowledgeable codes, each glob text. */
function readAccept(value: unknown, issue: Issue, placeOf: (i: number) => LintAcceptance['origin']): LintAcceptance[] | undefined {
  if (value === undefined) return undefined;
  const hint = "write accept: [{ lint: 'ambiguous_lcr', route: 'cust-*' }]";
  if (!Array.isArray(value)) {
    issue(['accept'], `must be a list of acknowledgements, not ${JSON.stringify(value)}`, hint);
    return undefined;
  }
  const out: LintAcceptance[] = [];
  value.forEach((item: unknown, i) => {
    if (!isObject(item)) return issue(['accept', i], `must be an object {lint, route?, did?}, not ${JSON.stringify(item)}`, hint);
    for (const key of Object.keys(item))
      if (!['lint', 'route', 'did'].includes(key))
        issue(['accept', i, key], `"${key}" is not a key of an acknowledgement`, 'Its keys are: lint, route, did.');
    if (typeof item.lint !== 'string' || !ACCEPTABLE_LINTS.includes(item.lint))
      return issue(
        ['accept', i, 'lint'],
        `${JSON.stringify(item.lint)} is not a lint that can be acknowledged`,
        `use one of: ${ACCEPTABLE_LINTS.join(', ')}`,
      );
    for (const key of ['route', 'did'] as const)
      if (item[key] !== undefined && typeof item[key] !== 'string')
        issue(['accept', i, key], `must be a glob (text), not ${JSON.stringify(item[key])}`, hint);
    const origin = placeOf(i);
    out.push({
      lint: item.lint,
      ...(typeof item.route === 'string' ? { route: item.route } : {}),
      ...(typeof item.did === 'string' ? { did: item.did } : {}),
      ...(origin ? { origin } : {}),
    });
  });
  return out;
}

/** `max_deletes` / `max_updates`: a whole number of 0 or more, or a percentage up to 100%. */
function limit(policy: Json, key: 'max_deletes' | 'max_updates', what: string, issue: Issue): DeleteLimit | undefined {
  const value = policy[key];
  if (value === undefined) return undefined;
  const hint = `write a number (${camel(key)}: 10) or a percentage (${camel(key)}: '20%')`;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return { count: value };
  if (typeof value === 'string' && PERCENT.test(value)) {
    const percent = Number.parseFloat(value);
    if (percent <= 100) return { percent };
    issue([key], 'must be at most 100%', `write a percentage from '0%' to '100%', or a number of ${what}`);
    return undefined;
  }
  issue([key], `must be a whole number of 0 or more, or a percentage such as '20%', not ${JSON.stringify(value)}`, hint);
  return undefined;
}

function readProtect(value: unknown, issue: Issue): CollectionName[] {
  if (value === undefined) return [];
  const hint = `list collections: protect: ['inbound_mappings', 'outbound_routes'] (any of ${COLLECTIONS.join(', ')}, each once)`;
  if (!Array.isArray(value)) {
    issue(['protect'], `must be a list of collections, not ${JSON.stringify(value)}`, hint);
    return [];
  }
  const out: CollectionName[] = [];
  value.forEach((item: unknown, i) => {
    if (typeof item !== 'string' || !(COLLECTIONS as readonly string[]).includes(item))
      issue(['protect', i], `${JSON.stringify(item)} is not a collection`, hint);
    else if (out.includes(item as CollectionName)) issue(['protect', i], `"${item}" is listed twice`, hint);
    else out.push(item as CollectionName);
  });
  return out;
}

function readIgnore(value: unknown, issue: Issue): Policy['ignore'] {
  // The collections the files' `policy.ignore` always lists come first (the later ones only when given).
  const out = Object.fromEntries(ALWAYS_IGNORED.map((c) => [c, [] as string[]])) as unknown as Record<CollectionName, string[]>;
  if (value === undefined) return out;
  const hint = "write ignore: { outboundRoutes: ['Default Outbound Route'], carrierGroups: ['* CarrierGroup'] }";
  if (!isObject(value)) {
    issue(['ignore'], `must be an object of glob lists, not ${JSON.stringify(value)}`, hint);
    return out;
  }
  const later: Partial<Record<CollectionName, string[]>> = {};
  for (const [key, globs] of Object.entries(value)) {
    if (!(COLLECTIONS as readonly string[]).includes(key)) {
      issue(['ignore', key], `"${camel(key)}" is not a collection`, `Its keys are: ${COLLECTIONS.map(camel).join(', ')}.`);
      continue;
    }
    if (!Array.isArray(globs)) {
      issue(['ignore', key], `must be a list of globs, not ${JSON.stringify(globs)}`, hint);
      continue;
    }
    const list: string[] = [];
    globs.forEach((glob: unknown, i) => {
      if (typeof glob !== 'string') issue(['ignore', key, i], `must be a glob (text), not ${JSON.stringify(glob)}`, hint);
      else if (glob.includes('${'))
        issue(
          ['ignore', key, i],
          `${JSON.stringify(glob)} is a Terraform reference, which dsipform cannot resolve`,
          'write the glob itself',
        );
      else list.push(glob);
    });
    if (ALWAYS_IGNORED.includes(key as CollectionName)) out[key as CollectionName] = list;
    else later[key as CollectionName] = list;
  }
  return { ...out, ...later };
}
