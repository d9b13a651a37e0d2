/**
 * JSON as the deployed platform's answers spell it: Flask's `jsonify` (Flask 2.2, the release the
 * platform pins) sorts the keys of every object, writes no spaces, escapes every character outside
 * printable ASCII as `\uXXXX` (`ensure_ascii`), and ends the body with a newline.
 */

/** `value` as `jsonify` writes it. */
export function pythonJson(value: unknown): string {
  return `${encode(value).replace(/[^\x20-\x7e]/g, escapeChar)}\n`;
}

// Written by hand rather than through JSON.stringify of a sorted copy: a JavaScript object lists
// integer-like keys ("2", "10") first and in numeric order, whatever order they were added in.
function encode(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => encode(v === undefined ? null : v)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${encode(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Outside strings only ASCII remains, so every such character is inside a string. */
function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
