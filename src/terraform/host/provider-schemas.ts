import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CodecError, type CtyObjectType } from './cty-type.js';
import type { SchemaMsg } from './proto-types.js';
import { blockType, toSchemaMsg } from './schema-convert.js';
import type { ProviderSchemaJson, ProviderSchemasFileJson, SchemaJson } from './schema-json.js';

/**
 * `schemas/provider.schema.json` of this package. The host sits at `{src,dist}/terraform/host/`, so
 * the package root is three levels up in both layouts.
 */
export const PROVIDER_SCHEMA_FILE = fileURLToPath(new URL('../../../schemas/provider.schema.json', import.meta.url));

/** A schema's version and the cty type its values are decoded and encoded with. */
export interface TypedSchema {
  readonly version: number;
  readonly type: CtyObjectType;
}

/** Everything the host derives from the schema file, computed once. */
export interface ProviderSchemas {
  /** The provider's source address, e.g. `registry.terraform.io/dsipform/dsiprouter`. */
  readonly address: string;
  readonly provider: TypedSchema;
  readonly resources: ReadonlyMap<string, TypedSchema>;
  readonly dataSources: ReadonlyMap<string, TypedSchema>;
  /** Ephemeral resource types (Terraform 1.10+): values of one run, never in a plan or state. */
  readonly ephemeralResources: ReadonlyMap<string, TypedSchema>;
  /** The schema part of the GetProviderSchema response. */
  readonly messages: {
    readonly provider: SchemaMsg;
    readonly resource_schemas: Readonly<Record<string, SchemaMsg>>;
    readonly data_source_schemas: Readonly<Record<string, SchemaMsg>>;
    readonly ephemeral_resource_schemas: Readonly<Record<string, SchemaMsg>>;
  };
}

const cache = new Map<string, ProviderSchemas>();

/** Reads and converts the schema file once per path (the file is part of the package, it does not change). */
export function loadProviderSchemas(file: string = PROVIDER_SCHEMA_FILE): ProviderSchemas {
  let schemas = cache.get(file);
  if (schemas === undefined) {
    schemas = buildProviderSchemas(JSON.parse(readFileSync(file, 'utf8')) as ProviderSchemasFileJson);
    cache.set(file, schemas);
  }
  return schemas;
}

/** Converts a parsed schema file holding exactly one provider. Throws CodecError when it cannot be served. */
export function buildProviderSchemas(file: ProviderSchemasFileJson): ProviderSchemas {
  const entries = Object.entries(file.provider_schemas ?? {});
  if (entries.length !== 1) throw new CodecError(`expected one provider in provider_schemas, found ${entries.length}`);
  const [address, json] = entries[0] as [string, ProviderSchemaJson];
  const resources = json.resource_schemas ?? {};
  const dataSources = json.data_source_schemas ?? {};
  const ephemeralResources = json.ephemeral_resource_schemas ?? {};
  return {
    address,
    provider: typed(json.provider),
    resources: new Map(Object.entries(resources).map(([name, s]) => [name, typed(s)])),
    dataSources: new Map(Object.entries(dataSources).map(([name, s]) => [name, typed(s)])),
    ephemeralResources: new Map(Object.entries(ephemeralResources).map(([name, s]) => [name, typed(s)])),
    messages: {
      provider: toSchemaMsg(json.provider, 'provider'),
      resource_schemas: mapValues(resources, (s, name) => toSchemaMsg(s, `resource_schemas.${name}`)),
      data_source_schemas: mapValues(dataSources, (s, name) => toSchemaMsg(s, `data_source_schemas.${name}`)),
      ephemeral_resource_schemas: mapValues(ephemeralResources, (s, name) => toSchemaMsg(s, `ephemeral_resource_schemas.${name}`)),
    },
  };
}

function typed(schema: SchemaJson): TypedSchema {
  return { version: schema.version ?? 0, type: blockType(schema.block ?? {}) };
}

function mapValues<T, U>(record: Readonly<Record<string, T>>, fn: (value: T, key: string) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v, k)]));
}
