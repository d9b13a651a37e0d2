import { normalizeCarrierGroup } from '../../model/carrier-group-normalize.js';
import type { FieldIssue, RawEntry } from '../../model/normalize.js';
import { descriptionProblem } from '../../model/rules.js';
import { isUnknown, type AttributePath, type ClientCapabilities, type Diagnostic, type TfObject, type TfValue } from '../types.js';
import { attrError, check } from '../values.js';
import { endpointBlocks, WRITE_ONLY } from './carrier-group-state.js';
import { hclHint } from './hcl-hint.js';

/** The largest number the platform's integer columns (strip, weight) hold. */
const INT_MAX = 2_147_483_647;

/** The provider's hints where the files' hints would show YAML (`name: ...`), by attribute. */
const HINTS: Readonly<Record<string, string>> = {
  name: 'Give the group a name without ",".',
  'endpoint.name': 'Give each endpoint of the group its own name, without ",".',
  'endpoint.hostname': 'Give a host name or address, with ":port" when the port is not 5060.',
  'auth.type': 'Set type = "userpwd" (with auth_username and a password) or type = "ip" (no registration).',
  'auth.auth_password':
    'Set auth_password_wo = var.NAME (kept out of plan and state, Terraform 1.11 or later) or auth_password = var.NAME (stored in the state), from a sensitive variable.',
};

/** The attributes of the group and its blocks, whose examples a hint of the normaliser writes in HCL. */
const CONFIG_ATTRIBUTES = [
  'name',
  'lb_enabled',
  'hostname',
  'strip',
  'prefix',
  'weight',
  'type',
  'r_username',
  'auth_username',
  'auth_domain',
  'auth_proxy',
];

const isObject = (v: TfValue | undefined): v is TfObject => typeof v === 'object' && v !== null && !Array.isArray(v) && !isUnknown(v);

/**
 * The known values of a block as the normaliser's entry; `unknown` collects the attribute paths
 * whose value Terraform knows only later (not judged now).
 */
function known(block: TfObject, at: AttributePath, unknown: string[]): RawEntry {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block)) {
    if (isUnknown(value)) unknown.push([...at, key].join('.'));
    else if (value !== null) out[key] = value;
  }
  return out;
}

/** The configuration as the files' carrier-group entry: `endpoint` blocks are `endpoints`. */
function entryOf(config: TfObject, unknown: string[]): RawEntry {
  const raw: Record<string, unknown> = {};
  if (typeof config.name === 'string') raw.name = config.name;
  else if (isUnknown(config.name)) unknown.push('name');
  if (typeof config.lb_enabled === 'boolean') raw.lb_enabled = config.lb_enabled;
  if (isUnknown(config.endpoint)) unknown.push('endpoint');
  else if (Array.isArray(config.endpoint))
    raw.endpoints = config.endpoint.map((e, i) => {
      if (isObject(e)) return known(e, ['endpoint', i], unknown);
      unknown.push(`endpoint.${i}`);
      return {};
    });
  if (isUnknown(config.auth)) unknown.push('auth');
  else if (isObject(config.auth)) raw.auth = authEntry(config.auth, unknown);
  return raw;
}

/**
 * The auth block as the files' entry: the write-only password stands for `auth_password` (the
 * normaliser requires one of them for userpwd), its version is Terraform's own.
 */
function authEntry(auth: TfObject, unknown: string[]): RawEntry {
  const { [WRITE_ONLY.password]: writeOnly, [WRITE_ONLY.version]: _version, ...rest } = auth;
  const out: Record<string, unknown> = { ...known(rest, ['auth'], unknown) };
  if (isUnknown(writeOnly)) unknown.push('auth.auth_password');
  else if (typeof writeOnly === 'string' && out.auth_password === undefined) out.auth_password = writeOnly;
  return out;
}

/**
 * The write-only password's own rules: not with auth_password, its version only with it, and only
 * from a Terraform that keeps it out of plan and state (1.11 and later say so in their capabilities).
 * Every group resource with a registration (carrier and endpoint groups) has them.
 */
export function writeOnlyDiagnostics(config: TfObject, client: ClientCapabilities | undefined): Diagnostic[] {
  const auth = isObject(config.auth) ? config.auth : null;
  const writeOnly = auth?.[WRITE_ONLY.password] ?? null;
  const version = auth?.[WRITE_ONLY.version] ?? null;
  const at = (attr: string): AttributePath => ['auth', attr];
  const out: Diagnostic[] = [];
  if (writeOnly !== null && client && !client.writeOnlyAttributesAllowed)
    out.push(
      attrError(
        at(WRITE_ONLY.password),
        'Write-only attributes need Terraform 1.11 or later',
        'This Terraform does not support write-only attributes and would store auth_password_wo in the state. Upgrade Terraform to 1.11 or later, or use auth_password (which Terraform stores in the state).',
      ),
    );
  if (writeOnly !== null && auth?.auth_password !== null && auth?.auth_password !== undefined)
    out.push(
      attrError(
        at(WRITE_ONLY.password),
        'Conflicting passwords',
        'Set auth_password_wo (kept out of plan and state) or auth_password (stored in the state), not both.',
      ),
    );
  if (version !== null && writeOnly === null)
    out.push(
      attrError(
        at(WRITE_ONLY.version),
        'auth_password_wo_version without auth_password_wo',
        'auth_password_wo_version tells Terraform to send auth_password_wo again; set auth_password_wo = var.NAME (an ephemeral variable) or remove the version.',
      ),
    );
  return out;
}

/** The issue's attribute in the provider's schema (`endpoints[1].hostname` is `endpoint.1.hostname`). */
function attributeOf(issue: FieldIssue): AttributePath {
  return issue.field.map((seg) => (seg === 'endpoints' ? 'endpoint' : seg));
}

/**
 * The values the platform cannot store, or stores as something else, at the attribute: the rules
 * of the one normaliser (model/carrier-group-normalize.ts: names with "," (the platform keeps
 * them in comma-separated fields), host names that are no address or whose port is out of range,
 * strip and weight that are not whole numbers from 0, a prefix of other characters than dial
 * digits, an auth type other than ip or userpwd, userpwd without a password), and the provider's
 * own: endpoint names used twice in a group, strip or weight beyond the platform's integer, and
 * the write-only password's (with auth_password, its version alone, a Terraform before 1.11).
 * Values Terraform knows only later, and required attributes (Terraform checks those), are not
 * judged here. The platform's carrier-group API reports none of these: it skips the write.
 */
export function validateCarrierGroup(config: TfObject, client?: ClientCapabilities): Diagnostic[] {
  const out: Diagnostic[] = writeOnlyDiagnostics(config, client);
  const unknown: string[] = [];
  const result = normalizeCarrierGroup(entryOf(config, unknown));
  const judged = new Set<string>();
  for (const issue of result.issues) {
    const attribute = attributeOf(issue);
    const key = attribute.join('.');
    if (issue.check === 'required') continue;
    if (unknown.some((u) => key === u || key.startsWith(`${u}.`))) continue;
    if (judged.has(key)) continue;
    judged.add(key);
    const hint = HINTS[attribute.filter((s) => typeof s === 'string').join('.')] ?? hclHint(issue.hint, CONFIG_ATTRIBUTES);
    out.push(attrError(attribute, `Invalid ${String(attribute[0])}`, `${issue.message.replace(/^endpoints\[/, 'endpoint[')}. ${hint}`));
  }
  const seen = new Set<string>();
  endpointBlocks(config).forEach((e, i) => {
    if (!judged.has(`endpoint.${i}.name`))
      check(
        out,
        ['endpoint', i, 'name'],
        e.name,
        (v: string) =>
          descriptionProblem(v, 'endpoint name')
            ? null
            : seen.has(v)
              ? `endpoint name "${v}" is used twice in this group`
              : (seen.add(v), null),
        HINTS['endpoint.name'],
      );
    for (const field of ['strip', 'weight'] as const)
      if (!judged.has(`endpoint.${i}.${field}`))
        check(out, ['endpoint', i, field], e[field], (v: number) => (v > INT_MAX ? `${field} must be at most ${INT_MAX}, not ${v}` : null));
  });
  return out.sort((a, b) => order(a) - order(b));
}

const ENDPOINT_FIELDS = ['name', 'hostname', 'strip', 'prefix', 'weight'];

/** Diagnostics in the order of the configuration: name, then each endpoint (its fields in order), then auth. */
function order(d: Diagnostic): number {
  const [first, index, field] = d.attribute ?? [];
  if (first === 'name') return 0;
  if (first === 'lb_enabled') return 1;
  if (first === 'endpoint') return 10 + (typeof index === 'number' ? index : 0) * 10 + ENDPOINT_FIELDS.indexOf(String(field)) + 1;
  return Number.MAX_SAFE_INTEGER;
}
