import { KINDS } from '../model/desired.js';
import type { Change, ChangeAction } from '../model/plan.js';
import type { JsonPathSegment } from '../model/strict-json.js';
import validatePlan from './generated/plan-validator.js';

/**
 * The structure of a saved plan, checked before it is applied: against `schemas/plan.schema.json`
 * (compiled at build by scripts/generate-validator.mjs), then the rules a schema cannot say: one
 * change per object, and a summary that counts the changes. The checksum says a plan is as it was
 * written; this says it is a plan dsipform could have written (hand-made, another version's, or
 * edited with its checksum computed anew).
 */

/** What is wrong with a plan's structure, and where. */
export interface ShapeProblem {
  readonly path: readonly JsonPathSegment[];
  readonly message: string;
}

/** One error of ajv's standalone code (the fields read here). */
interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

/** ajv's validate function, as its standalone code exports it. */
interface CompiledValidate {
  (data: unknown): boolean;
  errors?: readonly SchemaError[] | null;
}

/** The first problem of a parsed plan file's structure, or null when it has none. */
export function planShapeProblem(value: unknown): ShapeProblem | null {
  const validate = validatePlan as unknown as CompiledValidate;
  if (!validate(value)) {
    const error = validate.errors?.[0];
    return error ? describe(error, value) : { path: [], message: 'is not a plan' };
  }
  const changes = (value as { changes: readonly Change[] }).changes;
  return duplicateChange(changes) ?? summaryMismatch(value as { summary: Summary }, changes);
}

/** A JSON pointer (`/changes/0/action`) as the path of the value it points at. */
function pathOf(pointer: string, value: unknown): JsonPathSegment[] {
  if (pointer === '') return [];
  const path: JsonPathSegment[] = [];
  let here = value;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    const step = Array.isArray(here) ? Number(seg) : seg;
    path.push(step);
    here = (here as Record<string | number, unknown> | undefined)?.[step];
  }
  return path;
}

function valueAt(value: unknown, path: readonly JsonPathSegment[]): unknown {
  return path.reduce<unknown>((here, seg) => (here as Record<string | number, unknown> | undefined)?.[seg], value);
}

const ARTICLE: Readonly<Record<string, string>> = { array: 'an array', object: 'an object', integer: 'a whole number', null: 'null' };

/** A schema error in words, at the path of the value it is about. */
function describe(error: SchemaError, value: unknown): ShapeProblem {
  const path = pathOf(error.instancePath, value);
  const p = error.params;
  switch (error.keyword) {
    case 'additionalProperties':
      return { path: [...path, String(p.additionalProperty)], message: 'unknown key' };
    case 'required':
      return { path, message: `the key ${JSON.stringify(p.missingProperty)} is missing` };
    case 'false schema':
      return { path, message: 'this key does not belong in a change of this kind and action' };
    case 'enum':
      return { path, message: `${JSON.stringify(valueAt(value, path))} is not one of ${(p.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { path, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'minimum':
      return { path, message: `must be at least ${String(p.limit)}` };
    case 'pattern':
      return { path, message: `${JSON.stringify(valueAt(value, path))} is not of the form ${String(p.pattern)}` };
    case 'type': {
      const types = String(p.type).split(',');
      return { path, message: `must be ${types.map((t) => ARTICLE[t] ?? `a ${t}`).join(' or ')}` };
    }
    default:
      return { path, message: error.message ?? `fails the schema's ${error.keyword} rule` };
  }
}

/**
 * Which object a change writes: the live one it names by id, or, for a create or an obtain, the new
 * one its key names. Two changes of one object would apply one over the other in an order nobody
 * reviewed. (Two changes may share a key: the deletes of routes that share a name.)
 */
function objectOf(change: Change): string {
  const id =
    'ruleid' in change ? change.ruleid : 'lease_id' in change ? change.lease_id : 'gwgroupid' in change ? change.gwgroupid : undefined;
  return id === undefined ? `${change.kind} new ${change.key}` : `${change.kind} #${id}`;
}

function duplicateChange(changes: readonly Change[]): ShapeProblem | null {
  const first = new Map<string, number>();
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const object = objectOf(change);
    const seen = first.get(object);
    if (seen !== undefined) {
      return {
        path: ['changes', i],
        message: `a second change of ${change.kind} ${JSON.stringify(change.key)} (the first is changes[${seen}]); a plan changes each object once`,
      };
    }
    first.set(object, i);
  }
  return null;
}

type Counts = Readonly<Record<ChangeAction, number>>;
type Summary = { readonly total: Counts; readonly by_kind: Readonly<Record<string, Counts>> };

/** The summary is what the plan shows first: it must count the changes the plan holds. */
function summaryMismatch(plan: { summary: Summary }, changes: readonly Change[]): ShapeProblem | null {
  const counted = new Map<string, number>();
  for (const c of changes) {
    for (const at of [`total.${c.action}`, `by_kind.${c.kind}.${c.action}`]) counted.set(at, (counted.get(at) ?? 0) + 1);
  }
  const actions = Object.keys(plan.summary.total) as ChangeAction[];
  for (const action of actions) {
    const checks: [JsonPathSegment[], number, string][] = [
      [['summary', 'total', action], plan.summary.total[action], `total.${action}`],
      ...KINDS.map((k): [JsonPathSegment[], number, string] => [
        ['summary', 'by_kind', k, action],
        plan.summary.by_kind[k]![action],
        `by_kind.${k}.${action}`,
      ]),
    ];
    for (const [path, said, at] of checks) {
      const real = counted.get(at) ?? 0;
      if (said !== real) return { path, message: `says ${said}, but the plan holds ${real} such ${real === 1 ? 'change' : 'changes'}` };
    }
  }
  return null;
}
