/**
 * The few Python and MySQL conversions the deployed platform's handlers lean on, reproduced so the
 * `current` profile fails exactly where the platform does (and with Python's own words).
 */
import type { JsonObject } from '../body.js';
import type { QueryArgs } from '../query.js';

/** A Python call that raised: the `str(ex)` the platform puts in `msg` (never the class name). */
export interface PyRaise {
  readonly raised: string;
}

/** Whether a conversion raised. */
export function raised(value: unknown): value is PyRaise {
  return typeof value === 'object' && value !== null && 'raised' in value;
}

/** Python's `str()` of a JSON value, as `'{}'.format(v)` writes it. */
export function pyStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'number' ? String(value) : JSON.stringify(value).replaceAll('"', "'");
}

/** Python's truthiness of a JSON value (`if v:`). */
export function pyTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** Python's type name, for TypeError messages. */
export function pyType(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

/** Python's `int(v)` of a JSON value: digits (with sign, spaces, `_`), floats truncated, bools. */
export function pyInt(value: unknown): number | PyRaise {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^[+-]?\d+(_\d+)*$/.test(text)) return Number(text.replaceAll('_', ''));
    return { raised: `invalid literal for int() with base 10: ${pyRepr(value)}` };
  }
  return { raised: `int() argument must be a string, a bytes-like object or a real number, not '${pyType(value)}'` };
}

/** Python's `repr()` of a string: single quotes unless it holds one and no double quote. */
export function pyRepr(text: string): string {
  return text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text.replaceAll("'", "\\'")}'`;
}

/**
 * `strFieldsToDict` of gui/shared.py:78-81: `"a:1,b:2"` → `{a: "1", b: "2"}`. A part without `:`
 * (an empty description, or a name holding `,`) makes `dict()` raise, as on the platform.
 */
export function strFieldsToDict(text: string): Record<string, string> | PyRaise {
  const out: Record<string, string> = {};
  const parts = text.split(',');
  for (const [index, part] of parts.entries()) {
    const colon = part.indexOf(':');
    if (colon < 0) return { raised: `dictionary update sequence element #${index} has length 1; 2 is required` };
    out[part.slice(0, colon)] = part.slice(colon + 1);
  }
  return out;
}

/**
 * How MySQL compares an integer column with a string (`ruleid = 'abc'`): the longest numeric prefix
 * after leading spaces, `0` when there is none. So `?ruleid=abcdef` finds nothing, `?ruleid=5x` finds 5.
 */
export function mysqlNumber(text: string): number {
  const m = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text);
  return m ? Number(m[0]) : 0;
}

/**
 * `getRequestData()` of gui/shared.py:464-499: the JSON body with the query merged over it, each
 * query argument as the list of its values (`to_dict(flat=False)`), so `?did=5` becomes
 * `did: ["5"]` and `?id=1&id=2` becomes `id: ["1", "2"]`.
 */
export function mergedRequestData(body: JsonObject, query: QueryArgs): JsonObject {
  const data: Record<string, unknown> = { ...body };
  for (const name of query.keys()) data[name] = [...query.all(name)];
  return data;
}

/** `for c in v: if c not in allowed` over a JSON value: a string's characters, a list's items. */
export function iterate(value: unknown): readonly unknown[] | PyRaise {
  if (typeof value === 'string') return [...value];
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value === 'object' && value !== null) return Object.keys(value);
  return { raised: `'${pyType(value)}' object is not iterable` };
}
