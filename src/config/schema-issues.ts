import type { ErrorObject } from 'ajv';
import { KINDS, type ConfigIssue } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import { issueOn, type LoadedFile } from './loaded.js';
import type { Path } from './locate.js';
import { kindOf } from '../model/normalize.js';
import { fieldPath, hintFor, pathShape, suggestKey } from './messages.js';
import type { FileValidator, SchemaNode } from './schema.js';

const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  array: 'a list',
  object: 'a mapping (key: value)',
  boolean: 'true or false',
};

/** Fields whose every problem their kind's normaliser words itself (`wordedByNormalizer`: a lease's durations, in seconds). */
const WORDED_BY_RULES = new Set(
  KINDS.flatMap((kind) => (KIND_SPECS[kind].wordedByNormalizer ?? []).map((field) => `${KIND_SPECS[kind].collection}[].${field}`)),
);

/**
 * Checks a file's data against `schemas/dsipform.schema.json` and words every error plainly, with
 * the field path and the node's position. Errors inside an `anyOf` become one sentence about the
 * field; a missing key is not reported when an unknown key beside it is a likely misspelling of it.
 */
export function schemaIssues(file: LoadedFile, validate: FileValidator): ConfigIssue[] {
  const found = validate(file.data.value);
  if (found.length === 0) return [];
  const errors = bothFirst(found);
  // An alternative's own errors are said by the error that holds them: an anyOf's, or the `if` of an exactly-one.
  const folded = errors.flatMap((e) =>
    e.keyword === 'anyOf' ? [`${e.schemaPath}/`] : e.keyword === 'if' ? [e.schemaPath.replace(/if$/, 'else/')] : [],
  );
  const misspelt = new Set<string>();
  // A value outside an enum is worded by the enum ("must be one of: …"); its type error would repeat it.
  const enumerated = new Set(errors.filter((e) => e.keyword === 'enum').map((e) => e.instancePath));
  const issues: ConfigIssue[] = [];
  for (const error of errors) {
    if (folded.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const path = toPath(file.data.value, error.instancePath);
    if (WORDED_BY_RULES.has(pathShape(path))) continue;
    if (error.keyword === 'additionalProperties') {
      const { issue, suggestion } = unknownKey(file, path, error);
      issues.push(issue);
      if (suggestion) misspelt.add(`${error.instancePath}/${suggestion}`);
    }
  }
  for (const error of errors) {
    if (error.keyword === 'additionalProperties') continue;
    if (folded.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const path = toPath(file.data.value, error.instancePath);
    if (WORDED_BY_RULES.has(pathShape(path))) continue;
    if (error.keyword === 'type' && enumerated.has(error.instancePath)) continue;
    if (error.keyword === 'required' && misspelt.has(`${error.instancePath}/${String(error.params.missingProperty)}`)) continue;
    const names = exactlyOneNames(error);
    if (names && misspeltOneOf(error, names, misspelt)) continue;
    issues.push(describe(file, path, error));
  }
  return issues;
}

function unknownKey(file: LoadedFile, path: Path, error: ErrorObject): { issue: ConfigIssue; suggestion?: string } {
  const key = String(error.params.additionalProperty);
  const known = Object.keys((error.parentSchema as SchemaNode | undefined)?.properties ?? {});
  const suggestion = suggestKey(key, known);
  const where = path.length === 0 ? 'the file' : fieldPath(path);
  const message = `${where} has an unknown key "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`;
  const hint = known.length > 0 ? `the keys allowed here are: ${known.join(', ')}` : '';
  return { issue: issueOn(file, [...path, key], message, hint, true), suggestion };
}

function describe(file: LoadedFile, path: Path, error: ErrorObject): ConfigIssue {
  const field = fieldPath(path);
  const p = error.params as Record<string, unknown>;
  const hint = hintFor(path);
  switch (error.keyword) {
    case 'type':
      return issueOn(file, path, `${field} must be ${TYPE_WORDS[String(p.type)] ?? String(p.type)}, not ${kindOf(error.data)}`, hint);
    case 'required': {
      const missing = [...path, String(p.missingProperty)];
      return issueOn(file, path, `${fieldPath(missing)} is required`, hintFor(missing));
    }
    case 'const':
      return issueOn(file, path, `${field} must be ${JSON.stringify(p.allowedValue)}`, hint);
    case 'enum':
      return issueOn(file, path, `${field} must be one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}`, hint);
    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(error.data) ? error.data.length : 0;
      const bound = error.keyword === 'minItems' ? 'at least' : 'at most';
      const limit = Number(p.limit);
      return issueOn(file, path, `${field} must hold ${bound} ${limit} ${limit === 1 ? 'entry' : 'entries'}, not ${count}`, hint);
    }
    case 'uniqueItems':
      return issueOn(file, [...path, Number(p.i)], `${field} lists the same value twice (entries ${String(p.j)} and ${String(p.i)})`, hint);
    case 'minProperties':
      return issueOn(file, path, `${field} must not be empty`, hint);
    case 'minimum':
      return issueOn(file, path, `${field} must be at least ${String(p.limit)}`, hint);
    case 'minLength':
      return issueOn(
        file,
        path,
        Number(p.limit) === 1 ? `${field} must not be empty` : `${field} must be at least ${String(p.limit)} characters long`,
        hint,
      );
    case 'anyOf': {
      const forms = ((error.parentSchema as SchemaNode | undefined)?.anyOf ?? []).map(form);
      return issueOn(file, path, `${field} must be ${forms.join(' or ')}`, hint);
    }
    case 'if':
      return neitherGiven(file, path, exactlyOneNames(error) ?? []);
    case 'not': {
      const names = exactlyOneNames(error);
      if (names) return bothGiven(file, path.slice(0, -1), names);
      return issueOn(file, path, `${field} ${error.message ?? 'is not valid'}`, hint);
    }
    default:
      return issueOn(file, path, `${field} ${error.message ?? 'is not valid'}`, hint);
  }
}

/**
 * The two keys of the schema's "exactly one of" (a mapping's `servers` or `group`, a route's
 * `gwgroupid` or `carrier_group`) that an error is about: the `if`'s key and the `else`'s (neither
 * given), or the `dependentSchemas` key and the key it refuses (both given); undefined for any other error.
 */
function exactlyOneNames(error: ErrorObject): readonly [string, string] | undefined {
  if (error.keyword === 'if') {
    const parent = error.parentSchema as SchemaNode | undefined;
    const [first] = parent?.if?.required ?? [];
    const [second] = parent?.else?.required ?? [];
    return first !== undefined && second !== undefined ? [first, second] : undefined;
  }
  if (error.keyword !== 'not') return undefined;
  const both = /\/dependentSchemas\/([^/]+)\/properties\/([^/]+)\/not$/.exec(error.schemaPath);
  return both ? [unescapePointer(both[1] ?? ''), unescapePointer(both[2] ?? '')] : undefined;
}

/** Whether an unknown key beside the entry is a misspelling of one of the two: that issue says it. */
function misspeltOneOf(error: ErrorObject, names: readonly string[], misspelt: ReadonlySet<string>): boolean {
  const entry = error.keyword === 'if' ? error.instancePath : error.instancePath.slice(0, error.instancePath.lastIndexOf('/'));
  return names.some((n) => misspelt.has(`${entry}/${n}`));
}

/** Neither key of an "exactly one of" given: the first is required, or the second (it names the group). */
function neitherGiven(file: LoadedFile, path: Path, [first = '', second = '']: readonly string[]): ConfigIssue {
  // The field that names the group says what it names: `group`, `carrier_group` (a carrier group).
  const byName = `or name the ${second.replace(/_/g, ' ')}: ${second}: "Carrier A"`;
  return issueOn(file, path, `${fieldPath([...path, first])} or ${second} is required`, `${hintFor([...path, first])}; ${byName}`);
}

/** Both keys given: said at the second (by name), as one issue of the entry. */
function bothGiven(file: LoadedFile, entry: Path, [first, second]: readonly [string, string]): ConfigIssue {
  const hint = `keep one: ${first} refers by id, ${second} by name`;
  return issueOn(file, [...entry, second], `${fieldPath(entry)} gives both ${first} and ${second}; give one of them`, hint);
}

/**
 * The errors with each "gives both" moved ahead of its entry's other errors: ajv checks
 * `dependentSchemas` after the entry's properties, and the issues at one place keep the order they
 * are found in (a `group: 5` given beside servers: the "both" first, then its type).
 */
function bothFirst(errors: readonly ErrorObject[]): ErrorObject[] {
  const ordered: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword !== 'not' || exactlyOneNames(error) === undefined) {
      ordered.push(error);
      continue;
    }
    const entry = error.instancePath.slice(0, error.instancePath.lastIndexOf('/'));
    let at = ordered.length;
    while (at > 0 && within(ordered[at - 1]?.instancePath ?? '', entry)) at -= 1;
    ordered.splice(at, 0, error);
  }
  return ordered;
}

function within(pointer: string, entry: string): boolean {
  return pointer === entry || pointer.startsWith(`${entry}/`);
}

function unescapePointer(seg: string): string {
  return seg.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** One branch of an `anyOf` in words, with the schema's first example. */
function form(schema: SchemaNode): string {
  const words =
    schema.type === 'integer' && schema.minimum === 0
      ? 'a whole number'
      : schema.type === 'string' && schema.pattern?.endsWith('%$')
        ? 'a percentage'
        : (TYPE_WORDS[schema.type ?? ''] ?? 'a value');
  const example = schema.examples?.[0];
  return example === undefined ? words : `${words} like ${JSON.stringify(example)}`;
}

/** An ajv instancePath (JSON Pointer) as a path, with list indexes as numbers. */
function toPath(data: unknown, pointer: string): Path {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let here: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const key: string | number = Array.isArray(here) ? Number(seg) : seg;
    path.push(key);
    here = here !== null && typeof here === 'object' ? (here as Record<string | number, unknown>)[key] : undefined;
  }
  return path;
}
