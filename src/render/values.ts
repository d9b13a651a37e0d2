import type { Kind } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { PlanNames } from '../model/group.js';
import { gatewayListWords, planNamesLookup } from '../routing/gateway-words.js';
import type { ChangeAction, ObjectFields } from '../model/plan.js';
import { formatAuth, formatEndpoints } from './group-values.js';
import { cleanText, quote } from './style.js';

/** The fields of each kind, in the order its module states them: the order every renderer shows them in. */
export const FIELD_ORDER: Readonly<Record<Kind, readonly string[]>> = Object.fromEntries(
  Object.values(KIND_SPECS).map((m) => [m.kind, m.fields]),
) as Record<Kind, readonly string[]>;

/**
 * The mark of each action, as in `terraform plan`: a renew revokes and then obtains anew, so it
 * gets Terraform's replace mark `-/+`.
 */
export const MARK: Readonly<Record<ChangeAction, '+' | '~' | '-' | '-/+'>> = {
  create: '+',
  update: '~',
  promote: '~',
  demote: '~',
  replace: '-/+',
  delete: '-',
  obtain: '+',
  renew: '-/+',
  revoke: '-',
};

/** What a renderer prints for a secret, in place of any value: leases' passwords. */
export const SENSITIVE = '(sensitive)';

/** What a renderer prints for a value the platform hands out only when the change is applied. */
export const KNOWN_AFTER_APPLY = '(known after apply)';

/**
 * One field's value as {@link formatValue} gives it, or in the form its kind's module gives the
 * field: seconds with a hint (`ttl` 900 → `900 (15m)`), a group's endpoints and auth in their own
 * form (the password always `(sensitive)`).
 */
export function formatField(kind: Kind, name: string, value: unknown): string {
  switch (KIND_SPECS[kind].formats[name]) {
    case 'seconds':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? `${value} (${duration(value)})` : formatValue(value);
    case 'endpoints':
    case 'endpoint-set':
      return formatEndpoints(value);
    case 'auth':
      return formatAuth(value);
    default:
      return formatValue(value);
  }
}

/** Seconds as hours, minutes and seconds, zero parts left out: 5400 → `1h30m`, 45 → `45s`, 0 → `0s`. */
export function duration(seconds: number): string {
  const parts = [
    [Math.floor(seconds / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'm'],
    [seconds % 60, 's'],
  ] as const;
  const text = parts
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n}${unit}`)
    .join('');
  return text === '' ? '0s' : text;
}

/**
 * A field value, JSON-ish: strings quoted and escaped, numbers bare, `null` for absent,
 * lists as `["66", "67"]`, mappings as YAML's flow form `{email: "a@b.example", send_interval: "0 0 * * *"}`
 * (keys with no value left out, `{}` when none has one): never as a quoted JSON text, which
 * reads as a string the files would hold.
 */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : quote(k)}: ${formatValue(v)}`);
    return `{${parts.join(', ')}}`;
  }
  return quote(String(value));
}

/** An object's identity: the quoted key, and `"" (default mapping)` for the empty DID. */
export function formatKey(kind: Kind, key: string): string {
  const label = KIND_SPECS[kind].emptyKeyLabel;
  return key === '' && label !== undefined ? `"" (${label})` : quote(key);
}

/** `kind "key"`, the way every renderer names one object. */
export function subject(kind: Kind, key: string): string {
  return `${kind} ${formatKey(kind, key)}`;
}

/**
 * One field of a rule as a plan shows it: {@link formatValue}, with names beside the ids. The
 * plan's `names` (the groups and gateways as the platform held them) say a `gwgroupid` or the
 * `servers` in words (`"5" (carrier group "BW")`, `["61", "62"] (gateways "pbx-a" 10.0.0.5:5060,
 * "pbx-b")`); else the name the files used (`["#5"] (Carrier A)`); `(known after apply)` for the
 * id of a group the plan creates.
 */
export function formatRuleField(kind: Kind, fields: ObjectFields, name: string, names?: PlanNames): string {
  const value = formatField(kind, name, fieldValue(fields, name));
  const nameField = KIND_SPECS[kind].namedBy[name];
  const named = nameField === undefined ? undefined : fieldValue(fields, nameField);
  // An id not known until apply: `servers: []` or `gwgroupid: ""` beside a name.
  const id = fieldValue(fields, name);
  const pending = typeof named === 'string' && (Array.isArray(id) ? id.length === 0 : id === '');
  if (!pending && names !== undefined) {
    const words = idWords(fields, name, names);
    if (words !== undefined) return `${value} (${cleanText(words)})`;
  }
  if (typeof named !== 'string') return value;
  return `${pending ? KNOWN_AFTER_APPLY : value} (${cleanText(named)})`;
}

/** A `gwgroupid` or `servers` value in the words of the plan's names, or `undefined` when they name none of its ids. */
function idWords(fields: ObjectFields, name: string, names: PlanNames): string | undefined {
  const value = fieldValue(fields, name);
  let gwlist: string;
  if (name === 'gwgroupid' && typeof value === 'string' && value !== '') gwlist = value.startsWith('#') ? value : `#${value}`;
  else if (name === 'servers' && Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string'))
    gwlist = value.join(',');
  else return undefined;
  const lookup = planNamesLookup(names);
  const words = gatewayListWords(gwlist, lookup, { ids: false });
  // Nothing named: the words would only repeat the ids.
  return words === gatewayListWords(gwlist, { group: () => undefined, gateway: () => undefined }, { ids: false }) ? undefined : words;
}

/** One field of an object's values, or `undefined` when the object has no such field. */
export function fieldValue(fields: ObjectFields, name: string): unknown {
  return (fields as unknown as Readonly<Record<string, unknown>>)[name];
}
