import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OUT_DIR, DEFAULT_SCHEMA, listFiles } from '../../../scripts/generate-cdktf.mjs';

// docs/terraform.md against the schema the provider serves and the bindings generated from it: every
// resource, data source and attribute documented, with an example; every link in the bindings' doc
// comments lands on a section that exists.
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = readFileSync(join(REPO, 'docs', 'terraform.md'), 'utf8');

interface Block {
  description?: string;
  attributes?: Record<string, unknown>;
  block_types?: Record<string, { block: Block }>;
}
const schema = JSON.parse(readFileSync(DEFAULT_SCHEMA, 'utf8')) as {
  provider_schemas: Record<
    string,
    {
      provider: { block: Block };
      resource_schemas: Record<string, { block: Block }>;
      data_source_schemas: Record<string, { block: Block }>;
    }
  >;
};
const provider = Object.values(schema.provider_schemas)[0]!;

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
/** The docs' sections (## headings) by anchor. */
const sections = new Map(
  DOCS.split(/^## /m)
    .slice(1)
    .map((part) => [slug(part.split('\n')[0]!), part] as const),
);
const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

const cases = [
  ...Object.entries(provider.resource_schemas).map(([name, s]) => ({
    anchor: `resource-${name}`,
    name,
    block: s.block,
    cls: pascal(name.replace(/^dsiprouter_/, '')),
    importable: true,
  })),
  ...Object.entries(provider.data_source_schemas).map(([name, s]) => ({
    anchor: `data-source-${name}`,
    name,
    block: s.block,
    cls: `Data${pascal(name)}`,
    importable: false,
  })),
];

describe('docs/terraform.md', () => {
  it.each(cases)('documents $name: every attribute, the CDKTF class and an example', ({ anchor, block, cls, importable }) => {
    const section = sections.get(anchor);
    expect(section, `no section "## ${anchor.replace(/-/g, ' ')}" in docs/terraform.md`).toBeDefined();
    const names = [...Object.keys(block.attributes ?? {}), ...Object.keys(block.block_types ?? {})];
    const missing = names.filter(
      (n) => !section!.includes(`\`${n}\``) && !(n === 'timeouts' && section!.includes('[`timeouts`](#timeouts)')),
    );
    expect(missing, `attributes not documented under ${anchor}`).toEqual([]);
    expect(section).toContain(`CDKTF class: \`${cls}\``);
    expect(section).toMatch(/```hcl\n[\s\S]+?\n```/);
    if (importable) expect(section).toMatch(/\*\*Import[:*]/);
  });

  it('documents every provider attribute', () => {
    const section = sections.get('provider')!;
    const missing = Object.keys(provider.provider.block.attributes ?? {}).filter((n) => !section.includes(`\`${n}\``));
    expect(missing).toEqual([]);
  });

  it('names only CDKTF classes the bindings export, for what the schema has', async () => {
    const entry = (await listFiles(DEFAULT_OUT_DIR))
      .filter((p) => p.startsWith('cdktf/'))
      .map((p) => readFileSync(join(DEFAULT_OUT_DIR, p), 'utf8'))
      .join('\n');
    for (const { cls } of cases) expect(entry).toMatch(new RegExp(`export class ${cls} extends`));
  });
});

describe('the doc comments of the generated bindings', () => {
  it('link to sections of docs/terraform.md that exist, and never to registry.terraform.io', async () => {
    const anchors = new Set<string>();
    for (const path of await listFiles(DEFAULT_OUT_DIR)) {
      const text = readFileSync(join(DEFAULT_OUT_DIR, path), 'utf8');
      expect(text, path).not.toMatch(/https:\/\/registry\.terraform\.io/);
      for (const m of text.matchAll(/docs\/terraform\.md#([\w-]+)/g)) anchors.add(m[1]!);
    }
    expect(anchors.size).toBeGreaterThan(cases.length);
    expect([...anchors].filter((a) => !sections.has(a))).toEqual([]);
  });

  it('document every exported class and interface', async () => {
    const bare: string[] = [];
    for (const path of await listFiles(DEFAULT_OUT_DIR)) {
      const text = readFileSync(join(DEFAULT_OUT_DIR, path), 'utf8');
      for (const m of text.matchAll(/^export (?:class|interface) (\w+)/gm))
        if (!text.slice(0, m.index).trimEnd().endsWith('*/')) bare.push(`${path}: ${m[1]}`);
    }
    expect(bare).toEqual([]);
  });

  it('describe each class with the schema description of what it declares', () => {
    const text = readFileSync(join(DEFAULT_OUT_DIR, 'cdktf', 'inbound-mapping', 'index.ts'), 'utf8');
    expect(text).toContain(
      `* ${provider.resource_schemas.dsiprouter_inbound_mapping!.block.description}\n*\n* The Terraform resource \`dsiprouter_inbound_mapping\``,
    );
  });
});
