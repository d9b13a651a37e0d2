/**
 * The shape of `schemas/provider.schema.json`: the output format of `terraform providers schema -json`.
 * Only what the host reads is typed.
 */

/** One attribute of a block. */
export interface AttributeJson {
  readonly type?: unknown;
  readonly nested_type?: unknown;
  readonly description?: string;
  readonly description_kind?: 'plain' | 'markdown';
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
  readonly deprecated?: boolean;
  readonly write_only?: boolean;
}

/** A nested block type of a block. */
export interface BlockTypeJson {
  readonly nesting_mode: 'single' | 'group' | 'list' | 'set' | 'map';
  readonly block: BlockJson;
  readonly min_items?: number;
  readonly max_items?: number;
}

/** A configuration block. */
export interface BlockJson {
  readonly attributes?: Readonly<Record<string, AttributeJson>>;
  readonly block_types?: Readonly<Record<string, BlockTypeJson>>;
  readonly description?: string;
  readonly description_kind?: 'plain' | 'markdown';
  readonly deprecated?: boolean;
}

/** The schema of the provider block, one resource type or one data source type. */
export interface SchemaJson {
  readonly version: number;
  readonly block: BlockJson;
}

/** One provider's entry in `provider_schemas`. */
export interface ProviderSchemaJson {
  readonly provider: SchemaJson;
  readonly resource_schemas?: Readonly<Record<string, SchemaJson>>;
  readonly data_source_schemas?: Readonly<Record<string, SchemaJson>>;
  readonly ephemeral_resource_schemas?: Readonly<Record<string, SchemaJson>>;
}

/** The whole file. */
export interface ProviderSchemasFileJson {
  readonly format_version: string;
  readonly provider_schemas: Readonly<Record<string, ProviderSchemaJson>>;
  readonly provider_versions?: Readonly<Record<string, string>>;
}
