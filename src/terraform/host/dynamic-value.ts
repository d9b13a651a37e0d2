import { UNKNOWN, type TfValue } from '../types.js';
import { formatPath, isPlainObject, type CtyType } from './cty-type.js';
import { decodeJson } from './json-codec.js';
import { decodeMsgpack, encodeMsgpack } from './msgpack-codec.js';
import type { DynamicValueMsg } from './proto-types.js';

/**
 * Decodes a tfplugin6 DynamicValue of `type`: msgpack when present, else JSON; an absent or empty
 * DynamicValue is null.
 */
export function fromDynamicValue(value: DynamicValueMsg | null | undefined, type: CtyType): TfValue {
  if (value?.msgpack && value.msgpack.length > 0) return decodeMsgpack(value.msgpack, type);
  if (value?.json && value.json.length > 0) return decodeJson(value.json, type);
  return null;
}

/** Encodes a value of `type` as a msgpack DynamicValue (Terraform reads msgpack from providers). */
export function toDynamicValue(value: TfValue, type: CtyType): DynamicValueMsg {
  return { msgpack: encodeMsgpack(value, type) };
}

/** The path of the first UNKNOWN inside a value, or undefined when the value is wholly known. */
export function findUnknown(value: TfValue, path: (string | number)[] = []): string | undefined {
  if (value === UNKNOWN) return formatPath(path) || '(the whole object)';
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnknown(item, [...path, i]);
      if (found !== undefined) return found;
    }
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnknown(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
