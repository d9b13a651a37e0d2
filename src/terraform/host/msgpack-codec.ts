import { decode, encode, ExtData } from '@msgpack/msgpack';
import { UNKNOWN, type TfObject, type TfValue } from '../types.js';
import { CodecError, describe, isPlainObject, parseCtyType, type CtyType } from './cty-type.js';

/** cty writes an unknown value as extension 0 (one zero byte of payload). */
const UNKNOWN_EXT = 0;
/** Terraform 1.8+ writes unknowns it knows something about (refinements) as extension 12. */
const REFINED_UNKNOWN_EXT = 12;

type Path = (string | number)[];

/** Decodes cty msgpack (tfplugin6 `DynamicValue.msgpack`) into a TfValue of `type`. */
export function decodeMsgpack(bytes: Uint8Array, type: CtyType): TfValue {
  return fromWire(decode(bytes), type, []);
}

/**
 * Encodes a TfValue of `type` as cty msgpack: integral numbers as msgpack ints, others as floats,
 * objects with every attribute of the type (missing ones null), UNKNOWN as extension 0.
 * Throws CodecError when the value does not fit the type.
 */
export function encodeMsgpack(value: TfValue, type: CtyType): Uint8Array {
  return encode(toWire(value, type, []));
}

function fromWire(raw: unknown, type: CtyType, path: Path): TfValue {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof ExtData) {
    if (raw.type === UNKNOWN_EXT || raw.type === REFINED_UNKNOWN_EXT) return UNKNOWN;
    throw new CodecError(`unexpected msgpack extension type ${raw.type}`, path);
  }
  if (type === 'string') {
    if (typeof raw === 'string') return raw;
  } else if (type === 'number') {
    if (typeof raw === 'number') return raw;
    // cty writes numbers that fit neither int64 nor float64 as decimal strings.
    if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  } else if (type === 'bool') {
    if (typeof raw === 'boolean') return raw;
  } else if (type === 'dynamic') {
    // A dynamic value travels as [type JSON, value].
    if (Array.isArray(raw) && raw.length === 2 && (raw[0] instanceof Uint8Array || typeof raw[0] === 'string')) {
      const typeJson = typeof raw[0] === 'string' ? raw[0] : new TextDecoder().decode(raw[0]);
      return fromWire(raw[1], parseCtyType(JSON.parse(typeJson), path), path);
    }
  } else {
    const [kind, arg] = type;
    if ((kind === 'list' || kind === 'set') && Array.isArray(raw)) {
      return raw.map((item, i) => fromWire(item, arg, [...path, i]));
    }
    if (kind === 'tuple' && Array.isArray(raw)) {
      return raw.map((item, i) => fromWire(item, arg[i] ?? 'dynamic', [...path, i]));
    }
    if (kind === 'map' && isPlainObject(raw)) {
      const out: TfObject = {};
      for (const [key, item] of Object.entries(raw)) out[key] = fromWire(item, arg, [...path, key]);
      return out;
    }
    if (kind === 'object' && isPlainObject(raw)) {
      const out: TfObject = {};
      for (const [name, attrType] of Object.entries(arg)) out[name] = fromWire(raw[name], attrType, [...path, name]);
      return out;
    }
  }
  throw new CodecError(`expected ${describe(type)}, got ${describeRaw(raw)}`, path);
}

function toWire(value: TfValue | undefined, type: CtyType, path: Path): unknown {
  if (value === null || value === undefined) return null;
  if (value === UNKNOWN) return new ExtData(UNKNOWN_EXT, new Uint8Array([0]));
  if (type === 'string' || type === 'number' || type === 'bool') {
    const want = type === 'bool' ? 'boolean' : type;
    if (typeof value === want) return value;
  } else if (type === 'dynamic') {
    throw new CodecError('a known value of a dynamic type cannot be encoded (its type is not known)', path);
  } else {
    const [kind, arg] = type;
    if ((kind === 'list' || kind === 'set') && Array.isArray(value)) {
      return value.map((item, i) => toWire(item, arg, [...path, i]));
    }
    if (kind === 'tuple' && Array.isArray(value) && value.length === arg.length) {
      return value.map((item, i) => toWire(item, arg[i]!, [...path, i]));
    }
    if (kind === 'map' && isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = toWire(item, arg, [...path, key]);
      return out;
    }
    if (kind === 'object' && isPlainObject(value)) {
      for (const name of Object.keys(value)) {
        if (!(name in arg)) throw new CodecError(`attribute ${JSON.stringify(name)} is not in the schema`, path);
      }
      const out: Record<string, unknown> = {};
      for (const [name, attrType] of Object.entries(arg)) out[name] = toWire(value[name], attrType, [...path, name]);
      return out;
    }
  }
  throw new CodecError(`expected ${describe(type)}, got ${describeRaw(value)}`, path);
}

function describeRaw(raw: unknown): string {
  if (Array.isArray(raw)) return 'an array';
  if (raw instanceof Uint8Array) return 'binary data';
  if (typeof raw === 'symbol') return 'a symbol';
  if (isPlainObject(raw)) return 'an object';
  return `${typeof raw} ${JSON.stringify(raw)}`;
}
