import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';

/** A JSON Schema object, as far as the loader reads it. */
export interface SchemaNode {
  readonly $ref?: string;
  readonly type?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  /** With `else`: one of two keys is required (`servers`, else `group`); `dependentSchemas` refuses both. */
  readonly if?: { readonly required?: readonly string[] };
  readonly else?: { readonly required?: readonly string[] };
  readonly examples?: readonly unknown[];
  readonly minimum?: number;
  readonly pattern?: string;
  /** Sent to the platform, never read back: a `${NAME}` left unset is read by the commands that send it. */
  readonly writeOnly?: boolean;
  readonly $defs?: Readonly<Record<string, SchemaNode>>;
}

const SCHEMA_URL = new URL('../../schemas/dsipform.schema.json', import.meta.url);

let rootSchema: SchemaNode | undefined;
let validator: Promise<FileValidator> | undefined;

/** The desired-state file schema (`schemas/dsipform.schema.json`), read once on first use. */
export function desiredStateSchema(): SchemaNode {
  rootSchema ??= JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as SchemaNode;
  return rootSchema;
}

/** Checks one file's data; returns every error (ajv `allErrors`, with `parentSchema`). */
export type FileValidator = (data: unknown) => readonly ErrorObject[];

/** ajv's validate function, as its standalone code exports it. */
interface CompiledValidate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * The schema's validator, compiled at build time (scripts/generate-validator.mjs writes
 * `generated/schema-validator.ts` with ajv's standalone code), imported when files are loaded: no
 * run compiles the schema, and ajv itself is never loaded.
 */
export async function fileValidator(): Promise<FileValidator> {
  validator ??= import('./generated/schema-validator.js').then((module) => {
    const validate = module.default as CompiledValidate;
    return (data: unknown) => (validate(data) ? [] : (validate.errors ?? []));
  });
  return validator;
}

/**
 * The subschema for a key or index below `schema`, following a local `$ref`, and the first
 * alternative of an `anyOf` that has one (`auth: none` or a mapping); undefined if none.
 */
export function schemaChild(schema: SchemaNode | undefined, seg: string | number): SchemaNode | undefined {
  const here = deref(schema);
  if (!here) return undefined;
  const child = deref(typeof seg === 'number' ? here.items : here.properties?.[seg]);
  if (child !== undefined || here.anyOf === undefined) return child;
  for (const alternative of here.anyOf) {
    const found = schemaChild(alternative, seg);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Local `$ref`s already followed: every list entry of a file asks for one. */
const refs = new Map<string, SchemaNode | undefined>();

function deref(schema: SchemaNode | undefined): SchemaNode | undefined {
  const ref = schema?.$ref;
  if (!ref) return schema;
  if (refs.has(ref)) return refs.get(ref);
  const name = ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
  const target = name === undefined ? undefined : desiredStateSchema().$defs?.[name];
  refs.set(ref, target);
  return target;
}
