import { CodecError, parseCtyType, type CtyObjectType, type CtyType } from './cty-type.js';
import {
  NESTING,
  STRING_KIND_MARKDOWN,
  STRING_KIND_PLAIN,
  type SchemaAttributeMsg,
  type SchemaBlockMsg,
  type SchemaMsg,
} from './proto-types.js';
import type { AttributeJson, BlockJson, BlockTypeJson, SchemaJson } from './schema-json.js';

/**
 * Converts one schema from the `terraform providers schema -json` format into a tfplugin6
 * `Schema` message. `where` names it in errors (e.g. `resource_schemas.dsiprouter_inbound_mapping`).
 * Throws CodecError for what the host cannot serve (nested attributes, bad types).
 */
export function toSchemaMsg(schema: SchemaJson, where: string): SchemaMsg {
  return { version: schema.version ?? 0, block: toBlockMsg(schema.block ?? {}, where.split('.')) };
}

/** The cty object type of a block's values: attributes, then nested blocks by nesting mode. */
export function blockType(block: BlockJson, path: readonly string[] = []): CtyObjectType {
  const attrs: Record<string, CtyType> = {};
  for (const [name, attr] of Object.entries(block.attributes ?? {})) attrs[name] = attributeType(attr, [...path, name]);
  for (const [name, nested] of Object.entries(block.block_types ?? {})) attrs[name] = nestedBlockType(nested, [...path, name]);
  return ['object', attrs];
}

function toBlockMsg(block: BlockJson, path: readonly string[]): SchemaBlockMsg {
  return {
    version: 0,
    attributes: Object.entries(block.attributes ?? {}).map(([name, attr]) => toAttributeMsg(name, attr, [...path, name])),
    block_types: Object.entries(block.block_types ?? {}).map(([name, nested]) => ({
      type_name: name,
      block: toBlockMsg(nested.block, [...path, name]),
      nesting: nestingMode(nested, [...path, name]),
      min_items: nested.min_items ?? 0,
      max_items: nested.max_items ?? 0,
    })),
    description: block.description ?? '',
    description_kind: stringKind(block.description_kind),
    deprecated: block.deprecated ?? false,
  };
}

function toAttributeMsg(name: string, attr: AttributeJson, path: readonly string[]): SchemaAttributeMsg {
  return {
    name,
    type: Buffer.from(JSON.stringify(attributeType(attr, path))),
    description: attr.description ?? '',
    description_kind: stringKind(attr.description_kind),
    required: attr.required ?? false,
    optional: attr.optional ?? false,
    computed: attr.computed ?? false,
    sensitive: attr.sensitive ?? false,
    deprecated: attr.deprecated ?? false,
    write_only: attr.write_only ?? false,
  };
}

function attributeType(attr: AttributeJson, path: readonly string[]): CtyType {
  if (attr.nested_type !== undefined) {
    throw new CodecError('nested attributes (nested_type) are not supported by this provider host; use a nested block', path);
  }
  return parseCtyType(attr.type, path);
}

function nestedBlockType(nested: BlockTypeJson, path: readonly string[]): CtyType {
  const object = blockType(nested.block, path);
  switch (nested.nesting_mode) {
    case 'single':
    case 'group':
      return object;
    case 'list':
    case 'set':
    case 'map':
      return [nested.nesting_mode, object];
    default:
      throw new CodecError(`unknown nesting_mode ${JSON.stringify(nested.nesting_mode)}`, path);
  }
}

function nestingMode(nested: BlockTypeJson, path: readonly string[]): number {
  const mode = NESTING[nested.nesting_mode];
  if (mode === undefined) throw new CodecError(`unknown nesting_mode ${JSON.stringify(nested.nesting_mode)}`, path);
  return mode;
}

function stringKind(kind: string | undefined): number {
  return kind === 'markdown' ? STRING_KIND_MARKDOWN : STRING_KIND_PLAIN;
}
