import type { FieldIssue, RawEntry } from '../../model/normalize.js';
import { normalizeEndpointGroup } from '../../model/kinds/endpoint-group/normalize.js';
import { isUnknown, type AttributePath, type ClientCapabilities, type Diagnostic, type TfObject, type TfValue } from '../types.js';
import { attrError, check } from '../values.js';
import { WRITE_ONLY } from './carrier-group-state.js';
import { writeOnlyDiagnostics } from './carrier-group-rules.js';
import { blocksOf } from './endpoint-group-state.js';
import { hclHint } from './hcl-hint.js';

/** The largest number the platform's integer columns (strip, weight, call limit) hold. */
const INT_MAX = 2_147_483_647;

/** The provider's hints where the files' hints would show YAML, by attribute. */
const HINTS: Readonly<Record<string, string>> = {
  name: 'Give the group a name without ",": name = "Acme PBX".',
  'endpoint.name': 'Give each endpoint of the group its own name, without ",".',
  'endpoint.hostname': 'Give an IPv4 address or a host name, with ":port" when the port is not 5060: hostname = "203.0.113.10:5080".',
  'auth.type': 'Set type = "userpwd" (with auth_username, auth_domain and a password) or type = "ip" (no registration).',
  'auth.auth_password':
    'Set auth_password_wo = var.NAME (kept out of plan and state, Terraform 1.11 or later) or auth_password = var.NAME (stored in the state), from a sensitive variable.',
  'cdr.email': 'Give both: cdr { email = "billing@example.com", send_interval = "0 0 * * *" }.',
  'cdr.send_interval': 'Give both: cdr { email = "billing@example.com", send_interval = "0 0 * * *" }.',
};

/** The attributes whose YAML examples in the normaliser's hints are written as HCL. */
const CONFIG_ATTRIBUTES = ['name', 'call_limit', 'strip', 'prefix', 'hostname', 'weight', 'type', 'auth_username', 'auth_domain'];

const isObject = (v: TfValue | undefined): v is TfObject => typeof v === 'object' && v !== null && !Array.isArray(v) && !isUnknown(v);

/** The known values of a block as the normaliser's entry; the paths of unknown ones go to `unknown`. */
function known(block: TfObject, at: AttributePath, unknown: string[], skip: readonly string[] = []): RawEntry {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block)) {
    if (skip.includes(key)) continue;
    if (isUnknown(value)) unknown.push([...at, key].join('.'));
    else if (value !== null) out[key] = value;
  }
  return out;
}

/**
 * The configuration as the files' endpoint-group entry: `endpoint` blocks are `endpoints`, the
 * write-only password stands for `auth_password` (the normaliser requires one for userpwd).
 */
function entryOf(config: TfObject, unknown: string[]): RawEntry {
  const raw: Record<string, unknown> = known(config, [], unknown, [
    'endpoint',
    'auth',
    'notifications',
    'cdr',
    'timeouts',
    'id',
    'gwgroupid',
    'ref',
    'gwids',
  ]);
  if (isUnknown(config.endpoint)) unknown.push('endpoint');
  else if (Array.isArray(config.endpoint))
    raw.endpoints = config.endpoint.map((e, i) => (isObject(e) ? known(e, ['endpoint', i], unknown) : (unknown.push(`endpoint.${i}`), {})));
  for (const block of ['notifications', 'cdr'] as const) {
    if (isUnknown(config[block])) unknown.push(block);
    else if (isObject(config[block])) raw[block] = known(config[block], [block], unknown);
  }
  if (isUnknown(config.auth)) unknown.push('auth');
  else if (isObject(config.auth)) {
    const auth: Record<string, unknown> = { ...known(config.auth, ['auth'], unknown, [WRITE_ONLY.password, WRITE_ONLY.version]) };
    const writeOnly = config.auth[WRITE_ONLY.password];
    if (isUnknown(writeOnly)) unknown.push('auth.auth_password');
    else if (typeof writeOnly === 'string' && auth.auth_password === undefined) auth.auth_password = writeOnly;
    raw.auth = auth;
  }
  return raw;
}

/** The issue's attribute in the provider's schema (`endpoints[1].hostname` is `endpoint.1.hostname`). */
function attributeOf(issue: FieldIssue): AttributePath {
  return issue.field.map((seg) => (seg === 'endpoints' ? 'endpoint' : seg));
}

/**
 * The values the platform cannot store, or cannot read back, at the attribute, by the files' own
 * normaliser (model/kinds/endpoint-group/normalize.ts): names with "," (the platform keeps them in
 * comma-separated fields), an IPv6 endpoint (stored, but every later read of the group fails with
 * 500), addresses that are none or whose port is out of range, a prefix of other characters than
 * dial digits, an auth type other than ip or userpwd, userpwd without username, domain or
 * password, a cdr block without both fields; and the provider's own: endpoint names used twice
 * (endpoints are matched by name), numbers beyond the platform's integer, and the write-only
 * password's rules. Values Terraform knows only later, and required attributes, are not judged.
 */
export function validateEndpointGroup(config: TfObject, client?: ClientCapabilities): Diagnostic[] {
  const out: Diagnostic[] = writeOnlyDiagnostics(config, client);
  const unknown: string[] = [];
  const result = normalizeEndpointGroup(entryOf(config, unknown));
  const judged = new Set<string>();
  for (const issue of result.issues) {
    const attribute = attributeOf(issue);
    const key = attribute.join('.');
    // Terraform itself says when a required attribute is missing, except inside a block it cannot type (auth, cdr).
    if (issue.check === 'required' && !['auth', 'cdr'].includes(String(attribute[0]))) continue;
    if (unknown.some((u) => key === u || key.startsWith(`${u}.`)) || judged.has(key)) continue;
    judged.add(key);
    const hint = HINTS[attribute.filter((s) => typeof s === 'string').join('.')] ?? hclHint(issue.hint, CONFIG_ATTRIBUTES);
    const message = issue.message.replace(/^endpoints\[/, 'endpoint[');
    out.push(attrError(attribute, `Invalid ${String(attribute[0])}`, `${message}. ${hint}`));
  }
  const seen = new Set<string>();
  blocksOf(config, 'endpoint').forEach((e, i) => {
    if (!judged.has(`endpoint.${i}.name`))
      check(
        out,
        ['endpoint', i, 'name'],
        e.name,
        (v: string) => (seen.has(v) ? `endpoint name "${v}" is used twice in this group` : (seen.add(v), null)),
        HINTS['endpoint.name'],
      );
    if (!judged.has(`endpoint.${i}.weight`))
      check(out, ['endpoint', i, 'weight'], e.weight, (v: number) => (v > INT_MAX ? `weight must be at most ${INT_MAX}, not ${v}` : null));
  });
  for (const field of ['strip', 'call_limit'] as const)
    if (!judged.has(field))
      check(out, [field], config[field], (v: number) => (v > INT_MAX ? `${field} must be at most ${INT_MAX}, not ${v}` : null));
  return out;
}
