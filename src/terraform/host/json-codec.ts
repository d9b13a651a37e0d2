import type { TfObject, TfValue } from '../types.js';
import { CodecError, describe, isPlainObject, parseCtyType, type CtyType } from './cty-type.js';

/**
 * How to treat object attributes that the type does not have: `strict` rejects them (cty's own JSON
 * rule, for `DynamicValue.json`); `upgrade` drops them (stored state written by another schema).
 */
type JsonMode = 'strict' | 'upgrade';

type Path = (string | number)[];

/**
 * Decodes cty JSON (tfplugin6 `DynamicValue.json`, `RawState.json`) into a TfValue of `type`.
 * Missing object attributes become null. As in cty, numbers may be given as numeric strings, and
 * strings as numbers or booleans. JSON has no unknown values.
 */
export function decodeJson(json: Uint8Array | string, type: CtyType, mode: JsonMode = 'strict'): TfValue {
  const text = typeof json === 'string' ? json : new TextDecoder().decode(json);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new CodecError(`not JSON: ${(err as Error).message}`);
  }
  return fromJson(parsed, type, [], mode);
}

function fromJson(raw: unknown, type: CtyType, path: Path, mode: JsonMode): TfValue {
  if (raw === null || raw === undefined) return null;
  if (type === 'string') {
    if (typeof raw === 'string') return raw;
    if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  } else if (type === 'number') {
    if (typeof raw === 'number') return raw;
    if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  } else if (type === 'bool') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === 'false') return raw === 'true';
  } else if (type === 'dynamic') {
    // cty JSON writes a dynamic value as {"value": ..., "type": ...}.
    if (isPlainObject(raw) && 'type' in raw && 'value' in raw) {
      return fromJson(raw.value, parseCtyType(raw.type, path), path, mode);
    }
  } else {
    const [kind, arg] = type;
    if ((kind === 'list' || kind === 'set') && Array.isArray(raw)) {
      return raw.map((item, i) => fromJson(item, arg, [...path, i], mode));
    }
    if (kind === 'tuple' && Array.isArray(raw)) {
      return raw.map((item, i) => fromJson(item, arg[i] ?? 'dynamic', [...path, i], mode));
    }
    if (kind === 'map' && isPlainObject(raw)) {
      const out: TfObject = {};
      for (const [key, item] of Object.entries(raw)) out[key] = fromJson(item, arg, [...path, key], mode);
      return out;
    }
    if (kind === 'object' && isPlainObject(raw)) {
      if (mode === 'strict') {
        for (const name of Object.keys(raw)) {
          if (!(name in arg)) throw new CodecError(`unsupported attribute ${JSON.stringify(name)}`, path);
        }
      }
      const out: TfObject = {};
      for (const [name, attrType] of Object.entries(arg)) out[name] = fromJson(raw[name], attrType, [...path, name], mode);
      return out;
    }
  }
  throw new CodecError(`expected ${describe(type)}, got ${JSON.stringify(raw)}`, path);
}
