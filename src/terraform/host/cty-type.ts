/**
 * cty types as they appear in Terraform's schema JSON (`"string"`, `["list", "string"]`,
 * `["object", {...}]`), which is also their wire form in tfplugin6 `Schema.Attribute.type`.
 */
export type CtyType =
  | 'string'
  | 'number'
  | 'bool'
  | 'dynamic'
  | readonly ['list' | 'set' | 'map', CtyType]
  | readonly ['object', Readonly<Record<string, CtyType>>]
  | readonly ['tuple', readonly CtyType[]];

/** An object type, the type of every schema block. */
export type CtyObjectType = readonly ['object', Readonly<Record<string, CtyType>>];

/** A value that does not fit its cty type, or a type that is not a cty type; `path` says where. */
export class CodecError extends Error {
  constructor(
    message: string,
    readonly path: readonly (string | number)[] = [],
  ) {
    super(path.length === 0 ? message : `${formatPath(path)}: ${message}`);
    this.name = 'CodecError';
  }
}

/** `servers[0]`, `counters["x"]`, `mappings[1].did`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(step)) out += out === '' ? step : `.${step}`;
    else out += `[${JSON.stringify(step)}]`;
  }
  return out;
}

/** Checks that `json` is a cty type in its JSON form and returns it typed. */
export function parseCtyType(json: unknown, path: readonly (string | number)[] = []): CtyType {
  if (json === 'string' || json === 'number' || json === 'bool' || json === 'dynamic') return json;
  if (Array.isArray(json)) {
    const [kind, arg] = json as unknown[];
    if ((kind === 'list' || kind === 'set' || kind === 'map') && json.length === 2) {
      return [kind, parseCtyType(arg, path)];
    }
    // A third element (optional attributes) only occurs in type constraints, never in schemas.
    if (kind === 'object' && json.length === 2 && isPlainObject(arg)) {
      const attrs: Record<string, CtyType> = {};
      for (const [name, t] of Object.entries(arg)) attrs[name] = parseCtyType(t, [...path, name]);
      return ['object', attrs];
    }
    if (kind === 'tuple' && json.length === 2 && Array.isArray(arg)) {
      return ['tuple', arg.map((t, i) => parseCtyType(t, [...path, i]))];
    }
  }
  throw new CodecError(`not a cty type: ${JSON.stringify(json)}`, path);
}

/** Whether a value is a plain `{...}` object (not null, an array, a buffer or a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A type as a person would write it in HCL: `list(string)`, `object({...})`. */
export function describe(type: CtyType): string {
  if (typeof type === 'string') return type;
  if (type[0] === 'object') return `object({${Object.keys(type[1]).join(', ')}})`;
  if (type[0] === 'tuple') return `tuple([${type[1].map(describe).join(', ')}])`;
  return `${type[0]}(${describe(type[1])})`;
}
