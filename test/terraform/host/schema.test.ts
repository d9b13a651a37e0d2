import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildProviderSchemas, loadProviderSchemas, PROVIDER_SCHEMA_FILE } from '../../../src/terraform/host/provider-schemas.js';
import type { SchemaAttributeMsg, SchemaBlockMsg, SchemaMsg } from '../../../src/terraform/host/proto-types.js';
import { blockType, toSchemaMsg } from '../../../src/terraform/host/schema-convert.js';
import type { ProviderSchemasFileJson } from '../../../src/terraform/host/schema-json.js';

const file = JSON.parse(readFileSync(PROVIDER_SCHEMA_FILE, 'utf8')) as ProviderSchemasFileJson;

/** What `terraform providers schema -json` prints for a served Schema (Terraform's jsonprovider rules). */
function schemaJson(msg: SchemaMsg): unknown {
  return { version: msg.version, block: blockJson(msg.block) };
}
function blockJson(block: SchemaBlockMsg): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (block.attributes.length > 0) out.attributes = Object.fromEntries(block.attributes.map((a) => [a.name, attributeJson(a)]));
  if (block.block_types.length > 0) {
    const modes = ['', 'single', 'list', 'set', 'map', 'group'];
    out.block_types = Object.fromEntries(
      block.block_types.map((b) => [b.type_name, { nesting_mode: modes[b.nesting], block: blockJson(b.block) }]),
    );
  }
  if (block.description) out.description = block.description;
  out.description_kind = block.description_kind === 1 ? 'markdown' : 'plain';
  return out;
}
function attributeJson(a: SchemaAttributeMsg): Record<string, unknown> {
  const out: Record<string, unknown> = { type: JSON.parse(Buffer.from(a.type).toString()) };
  if (a.description) out.description = a.description;
  out.description_kind = a.description_kind === 1 ? 'markdown' : 'plain';
  for (const flag of ['required', 'optional', 'computed', 'sensitive', 'write_only'] as const) if (a[flag]) out[flag] = true;
  return out;
}

describe('the package schema file', () => {
  it('is found from the host module', () => {
    expect(existsSync(PROVIDER_SCHEMA_FILE)).toBe(true);
  });

  it('converts to Schema messages that print back as the file', () => {
    const { address, messages } = loadProviderSchemas();
    const printed = {
      [address]: {
        provider: schemaJson(messages.provider),
        resource_schemas: Object.fromEntries(Object.entries(messages.resource_schemas).map(([k, v]) => [k, schemaJson(v)])),
        data_source_schemas: Object.fromEntries(Object.entries(messages.data_source_schemas).map(([k, v]) => [k, schemaJson(v)])),
        ephemeral_resource_schemas: Object.fromEntries(
          Object.entries(messages.ephemeral_resource_schemas).map(([k, v]) => [k, schemaJson(v)]),
        ),
      },
    };
    expect(printed).toEqual(file.provider_schemas);
  });

  it('types every block as a cty object for the codec', () => {
    const schemas = loadProviderSchemas();
    expect(schemas.address).toBe('registry.terraform.io/dsipform/dsiprouter');
    expect(schemas.resources.get('dsiprouter_inbound_mapping')?.type).toEqual([
      'object',
      {
        id: 'string',
        ruleid: 'number',
        did: 'string',
        servers: ['list', 'string'],
        group: 'string',
        notes: 'string',
        timeouts: ['object', { create: 'string', update: 'string', delete: 'string' }],
      },
    ]);
    expect(schemas.resources.get('dsiprouter_carrier_group')?.type).toEqual([
      'object',
      {
        id: 'string',
        gwgroupid: 'number',
        ref: 'string',
        name: 'string',
        lb_enabled: 'bool',
        gwids: ['list', 'number'],
        endpoint: ['list', ['object', { name: 'string', hostname: 'string', strip: 'number', prefix: 'string', weight: 'number' }]],
        auth: [
          'object',
          {
            type: 'string',
            r_username: 'string',
            auth_username: 'string',
            auth_password: 'string',
            auth_password_wo: 'string',
            auth_password_wo_version: 'number',
            auth_domain: 'string',
            auth_proxy: 'string',
          },
        ],
        timeouts: ['object', { create: 'string', update: 'string', delete: 'string' }],
      },
    ]);
    expect(schemas.dataSources.get('dsiprouter_proxy_stats')?.type).toEqual(['object', { id: 'string', counters: ['map', 'number'] }]);
  });

  it('carries the flags and the cty type as JSON bytes', () => {
    const token = loadProviderSchemas().messages.provider.block.attributes.find((a) => a.name === 'token');
    expect(token).toMatchObject({ optional: true, required: false, computed: false, sensitive: true, description_kind: 0 });
    expect(Buffer.from(token!.type).toString()).toBe('"string"');
  });

  it('is read once', () => {
    expect(loadProviderSchemas()).toBe(loadProviderSchemas());
  });
});

describe('schema conversion', () => {
  it.each([
    ['single', ['object', { a: 'string' }]],
    ['group', ['object', { a: 'string' }]],
    ['list', ['list', ['object', { a: 'string' }]]],
    ['set', ['set', ['object', { a: 'string' }]]],
    ['map', ['map', ['object', { a: 'string' }]]],
  ] as const)('types a nested block with nesting mode %s', (mode, type) => {
    const block = {
      attributes: { n: { type: 'number', optional: true } },
      block_types: { b: { nesting_mode: mode, block: { attributes: { a: { type: 'string', required: true } } } } },
    };
    expect(blockType(block)).toEqual(['object', { n: 'number', b: type }]);
    const msg = toSchemaMsg({ version: 2, block }, 'test');
    expect(msg.version).toBe(2);
    expect(msg.block.block_types[0]).toMatchObject({ type_name: 'b', nesting: { single: 1, list: 2, set: 3, map: 4, group: 5 }[mode] });
  });

  it('marks markdown descriptions', () => {
    const msg = toSchemaMsg({ version: 0, block: { description: '*x*', description_kind: 'markdown', attributes: {} } }, 'test');
    expect(msg.block.description_kind).toBe(1);
  });

  it('refuses nested attributes, naming the attribute', () => {
    const block = { attributes: { rules: { nested_type: { nesting_mode: 'list', attributes: {} }, optional: true } } };
    expect(() => toSchemaMsg({ version: 0, block }, 'resource_schemas.x')).toThrow(
      'resource_schemas.x.rules: nested attributes (nested_type) are not supported',
    );
  });

  it('refuses a bad type and a file without exactly one provider', () => {
    expect(() => blockType({ attributes: { a: { type: ['list'] } } })).toThrow('a: not a cty type: ["list"]');
    expect(() => buildProviderSchemas({ format_version: '1.0', provider_schemas: {} })).toThrow('expected one provider');
  });
});
