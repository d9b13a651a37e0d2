/**
 * A hint of the one normaliser (shared with the YAML files, so its examples are written as YAML:
 * `did: "+15551230001"`, `ttl: 15m`) as the provider shows it: each example of one of the
 * resource's `attributes` written as an HCL assignment (`did = "+15551230001"`, `ttl = "15m"`),
 * a bare text value quoted; numbers, booleans, quoted text, lists and objects stay as they are.
 * The prose around the examples, and names that are no attribute of the resource, stay.
 */
export function hclHint(hint: string, attributes: readonly string[]): string {
  if (attributes.length === 0) return hint;
  const names = attributes.map((a) => a.replace(/[^\w]/g, '')).join('|');
  // An example is `name: value` where name is a whole word (not `x.name:` nor `name:<value>`).
  const example = new RegExp(`(?<![\\w.:])(${names}): ("(?:[^"\\\\]|\\\\.)*"|\\[[^\\]]*\\]|\\{[^}]*\\}|[^\\s,;)]+)`, 'g');
  return hint.replace(example, (_m, name: string, value: string) => `${name} = ${hclValue(value)}`);
}

/** A YAML example value in HCL: bare text quoted, anything else as written. */
function hclValue(value: string): string {
  if (/^["[{]/.test(value) || /^-?[0-9]+(\.[0-9]+)?$/.test(value) || value === 'true' || value === 'false') return value;
  return JSON.stringify(value);
}
