// The provider's pages in the Terraform Registry's layout (docs/index.md, docs/resources/*.md,
// docs/data-sources/*.md, docs/ephemeral-resources/*.md) are what scripts/generate-registry-docs.mjs
// writes from schemas/provider.schema.json today: one page per resource, data source and ephemeral
// resource, every attribute on it, each linked from the index.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, SCHEMA_FILE, renderRegistryDocs } from '../../scripts/generate-registry-docs.mjs';

interface Block {
  attributes?: Record<string, unknown>;
  block_types?: Record<string, { block: Block }>;
}
const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')).provider_schemas['registry.terraform.io/dsipform/dsiprouter'] as {
  provider: { block: Block };
  resource_schemas: Record<string, { block: Block }>;
  data_source_schemas: Record<string, { block: Block }>;
  ephemeral_resource_schemas: Record<string, { block: Block }>;
};
const pages = renderRegistryDocs();

/** Every attribute and block name of a block, nested ones included. */
function names(block: Block): string[] {
  return [
    ...Object.keys(block.attributes ?? {}),
    ...Object.entries(block.block_types ?? {}).flatMap(([name, nested]) => [name, ...names(nested.block)]),
  ];
}

describe('the provider docs in the registry layout', () => {
  it('are committed as scripts/generate-registry-docs.mjs writes them (run `npm run generate:docs`)', () => {
    const stale = [...pages].filter(
      ([path, text]) => !existsSync(join(DOCS_DIR, path)) || readFileSync(join(DOCS_DIR, path), 'utf8') !== text,
    );
    expect(stale.map(([path]) => path)).toEqual([]);
    for (const folder of ['resources', 'data-sources', 'ephemeral-resources']) {
      const extra = readdirSync(join(DOCS_DIR, folder)).filter((file) => !pages.has(`${folder}/${file}`));
      expect(extra, `pages in docs/${folder} no schema entry makes`).toEqual([]);
    }
  });

  it.each([
    ...Object.entries(schema.resource_schemas).map(
      ([name, s]) => [`resources/${name.replace('dsiprouter_', '')}.md`, name, s.block] as const,
    ),
    ...Object.entries(schema.data_source_schemas).map(
      ([name, s]) => [`data-sources/${name.replace('dsiprouter_', '')}.md`, name, s.block] as const,
    ),
    ...Object.entries(schema.ephemeral_resource_schemas).map(
      ([name, s]) => [`ephemeral-resources/${name.replace('dsiprouter_', '')}.md`, name, s.block] as const,
    ),
    ['index.md', 'dsiprouter', schema.provider.block] as const,
  ])('%s documents %s with every attribute', (path, name, block) => {
    const text = pages.get(path)!;
    expect(text).toContain(`# ${name} (`);
    expect(text).toMatch(/^---\npage_title: /);
    for (const attribute of names(block)) expect(text, attribute).toContain(`- \`${attribute}\` (`);
  });

  it('links every page from the index', () => {
    const index = pages.get('index.md')!;
    for (const path of pages.keys()) if (path !== 'index.md') expect(index, path).toContain(`](${path})`);
  });

  it('says which attributes are sensitive, and shows an example', () => {
    expect(pages.get('index.md')).toContain('- `token` (String, Sensitive)');
    expect(pages.get('resources/carrier_group.md')).toContain('- `auth_password` (String, Sensitive)');
    expect(pages.get('ephemeral-resources/endpoint_lease.md')).toContain('- `password` (String, Sensitive)');
    expect(pages.get('ephemeral-resources/endpoint_lease.md')).toMatch(
      /## Example Usage\n\n```terraform\nephemeral "dsiprouter_endpoint_lease"/,
    );
    expect(pages.get('resources/inbound_mapping.md')).toMatch(/## Example Usage\n\n```terraform\nresource "dsiprouter_inbound_mapping"/);
  });
});
