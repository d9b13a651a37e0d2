#!/usr/bin/env node
// Writes the provider's documentation in the Terraform Registry's layout from its schema
// (schemas/provider.schema.json, the one source of what the provider serves):
//
//   docs/index.md                the provider: its description, an example, its configuration
//   docs/resources/<name>.md     one page per resource (name without the `dsiprouter_` prefix)
//   docs/data-sources/<name>.md  one page per data source
//
// Every attribute, block, type, and required/optional/computed/sensitive flag comes from the schema;
// each page's example is the first `hcl` block of the matching section of docs/terraform.md (the
// hand-written guide, whose sections test/cdktf/bindings/docs.test.ts checks). Run
// `npm run generate:docs` after changing either, and commit the result:
// test/tooling/registry-docs.test.ts fails while the committed pages differ from what this writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeIfChanged } from './write-if-changed.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SCHEMA_FILE = join(ROOT, 'schemas', 'provider.schema.json');
export const GUIDE_FILE = join(ROOT, 'docs', 'terraform.md');
export const DOCS_DIR = join(ROOT, 'docs');
const PROVIDER = 'dsiprouter';
const SOURCE = 'registry.terraform.io/dsipform/dsiprouter';

/** A Terraform type as the registry's pages write it: `String`, `List of Number`, `List of Object`. */
function typeName(type) {
  if (typeof type === 'string') return { string: 'String', number: 'Number', bool: 'Boolean', dynamic: 'Dynamic' }[type] ?? type;
  const [kind, inner] = type;
  if (kind === 'object') return 'Object';
  return `${{ list: 'List', set: 'Set', map: 'Map' }[kind] ?? kind} of ${typeName(inner)}`;
}

/** The description of an attribute or block, on one line. */
function words(node) {
  return (node.description ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

/** The group an attribute or block is listed under. */
function groupOf(node) {
  if (node.required || (node.min_items ?? 0) > 0) return 'Required';
  if (node.optional) return 'Optional';
  return 'Read-Only';
}

/** The lines of a block's schema: its attributes and blocks by group, then each nested block's own schema. */
function schemaLines(block, path, nested) {
  const entries = [
    ...Object.entries(block.attributes ?? {}).map(([name, a]) => ({
      name,
      group: groupOf(a),
      line: `- \`${name}\` (${typeName(a.type)}${a.sensitive ? ', Sensitive' : ''}${a.write_only ? ', Write-only' : ''})${words(a) ? ` ${words(a)}` : ''}`,
    })),
    ...Object.entries(block.block_types ?? {}).map(([name, b]) => {
      const anchor = `nestedblock--${[...path, name].join('--')}`;
      const limit = b.nesting_mode === 'single' || b.max_items === 1 ? 'Block' : `Block ${b.nesting_mode === 'set' ? 'Set' : 'List'}`;
      nested.push({ name, anchor, path: [...path, name], block: b.block });
      return {
        name,
        group: groupOf({ ...b, optional: !(b.min_items > 0) }),
        line: `- \`${name}\` (${limit}${b.max_items ? `, Max: ${b.max_items}` : ''})${words(b.block) ? ` ${words(b.block)}` : ''} (see [below for nested schema](#${anchor}))`,
      };
    }),
  ];
  const out = [];
  for (const group of ['Required', 'Optional', 'Read-Only']) {
    const inGroup = entries.filter((e) => e.group === group).sort((a, b) => (a.name < b.name ? -1 : 1));
    if (inGroup.length === 0) continue;
    out.push(`### ${group}`, '', ...inGroup.map((e) => e.line), '');
  }
  return out;
}

/** A block's whole schema section, nested blocks after it. */
function schemaSection(block) {
  const nested = [];
  const out = ['## Schema', '', ...schemaLines(block, [], nested)];
  while (nested.length > 0) {
    const next = nested.shift();
    out.push(
      `<a id="${next.anchor}"></a>`,
      `### Nested Schema for \`${next.path.join('.')}\``,
      '',
      ...schemaLines(next.block, next.path, nested),
    );
  }
  return out;
}

/** The first `hcl` block of the guide's section with this heading, or null. */
function exampleOf(guide, heading) {
  const start = guide.indexOf(`\n${heading}\n`);
  if (start < 0) return null;
  const end = guide.indexOf('\n## ', start + heading.length + 2);
  const section = guide.slice(start, end < 0 ? undefined : end);
  return /```hcl\n([\s\S]*?)```/.exec(section)?.[1] ?? null;
}

/** One page: front matter, title, description, example, schema. */
function page({ title, kind, description, example, block, extra = [] }) {
  const summary = description.replace(/"/g, '\\"');
  return [
    '---',
    `page_title: "${kind === 'Provider' ? `Provider: ${title}` : `${title} ${kind} - ${PROVIDER}`}"`,
    'subcategory: ""',
    `description: "${summary}"`,
    '---',
    '',
    '<!-- Generated from schemas/provider.schema.json (examples from docs/terraform.md) by scripts/generate-registry-docs.mjs: run `npm run generate:docs`; do not edit. -->',
    '',
    `# ${title} (${kind})`,
    '',
    description,
    '',
    ...(example ? ['## Example Usage', '', '```terraform', example.trimEnd(), '```', ''] : []),
    ...extra,
    ...schemaSection(block),
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}

/** Every page, as path under docs/ -> text. */
export function renderRegistryDocs(schemaText = readFileSync(SCHEMA_FILE, 'utf8'), guide = readFileSync(GUIDE_FILE, 'utf8')) {
  const schema = JSON.parse(schemaText).provider_schemas[SOURCE];
  const pages = new Map();
  const provider = schema.provider.block;
  pages.set(
    'index.md',
    page({
      title: PROVIDER,
      kind: 'Provider',
      description: words(provider),
      example: exampleOf(guide, '## Provider'),
      block: provider,
      extra: [
        'Every attribute may be left out: an attribute that is not set is read from its environment variable. The guide, with the',
        'CDKTF classes, groups by name, timeouts and the proxy reload, is [terraform.md](terraform.md).',
        '',
      ],
    }),
  );
  for (const [folder, kind, heading, schemas] of [
    ['resources', 'Resource', 'Resource', schema.resource_schemas],
    ['data-sources', 'Data Source', 'Data source', schema.data_source_schemas],
  ]) {
    for (const name of Object.keys(schemas).sort()) {
      const block = schemas[name].block;
      const short = name.replace(`${PROVIDER}_`, '');
      pages.set(
        `${folder}/${short}.md`,
        page({ title: name, kind, description: words(block), example: exampleOf(guide, `## ${heading} ${name}`), block }),
      );
    }
  }
  return pages;
}

/** Writes every page whose text changed; returns the paths under docs/. */
export function generateRegistryDocs() {
  const pages = renderRegistryDocs();
  for (const [path, text] of pages) writeIfChanged(join(DOCS_DIR, ...path.split('/')), text);
  return [...pages.keys()];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generateRegistryDocs();
