import type { Kind } from '../model/desired.js';
import type { ChangeAction, ObjectFields } from '../reconcile/types.js';
import { quote } from './style.js';

/** The fields of each kind, in the order of their types: the order every renderer shows them in. */
export const FIELD_ORDER: Readonly<Record<Kind, readonly string[]>> = {
  inbound_mapping: ['did', 'servers', 'notes'],
  outbound_route: ['name', 'prefix', 'from_prefix', 'gwgroupid', 'priority', 'timerec', 'routeid'],
};

/** The one-character mark of each action, as in `terraform plan`. */
export const MARK: Readonly<Record<ChangeAction, '+' | '~' | '-'>> = {
  create: '+',
  update: '~',
  promote: '~',
  demote: '~',
  delete: '-',
};

/**
 * A field value, JSON-ish: strings quoted and escaped, numbers bare, `null` for absent,
 * lists as `["66", "67"]`.
 */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return quote(JSON.stringify(value));
}

/** An object's identity: the quoted key, and `"" (default mapping)` for the empty DID. */
export function formatKey(kind: Kind, key: string): string {
  return kind === 'inbound_mapping' && key === '' ? '"" (default mapping)' : quote(key);
}

/** `kind "key"`, the way every renderer names one object. */
export function subject(kind: Kind, key: string): string {
  return `${kind} ${formatKey(kind, key)}`;
}

/** One field of an object's values, or `undefined` when the object has no such field. */
export function fieldValue(fields: ObjectFields, name: string): unknown {
  return (fields as unknown as Readonly<Record<string, unknown>>)[name];
}

/** `1 object` / `2 objects`: a count with its noun, pluralized by adding `s`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
