#!/usr/bin/env node
// Writes the provider's documentation in the Terraform Registry's layout from its schema
// (schemas/provider.schema.json, the one source of what the provider serves):
//
//   docs/index.md                the provider: its description, an example, its configuration
//   docs/resources/<name>.md     one page per resource (name without the `dsiprouter_` prefix)
//   docs/data-sources/<name>.md  one page per data source
//   docs/ephemeral-resources/<name>.md  one page per ephemeral resource
//
// Every attribute, block, type, and required/optional/computed/sensitive flag comes from the schema;
// each page's example is the first `hcl` block of the matching section of docs/terraform.md (the
// hand-written guide, whose sections test/cdktf/bindings/docs.test.ts checks). Run
// `npm run generate:docs` after changing either, and commit the result:
// test/tooling/registry-docs.test.ts fails while the committed pages differ from what this writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORTS, LIFETIMES } from './registry-words.mjs';
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

/**
 * The fields of an attribute whose type is a list, set or map of objects, as read-only attributes
 * (an object type has no descriptions), or null for any other type.
 */
function objectFields(type) {
  if (!Array.isArray(type) || !['list', 'set', 'map'].includes(type[0])) return null;
  const inner = type[1];
  if (!Array.isArray(inner) || inner[0] !== 'object') return null;
  return Object.fromEntries(Object.entries(inner[1]).map(([name, t]) => [name, { type: t, computed: true }]));
}

/** The lines of a block's schema: its attributes and blocks of `groups`, by group; nested ones go to `nested`. */
function schemaLines(block, path, nested, groups = ['Required', 'Optional', 'Read-Only']) {
  const entries = [
    ...Object.entries(block.attributes ?? {}).map(([name, a]) => {
      const fields = objectFields(a.type);
      const anchor = `nestedatt--${[...path, name].join('--')}`;
      // A list (or set or map) of objects lists its fields below, as the registry's pages do.
      if (fields) nested.push({ name, anchor, path: [...path, name], block: { attributes: fields } });
      const more = fields ? ` (see [below for nested schema](#${anchor}))` : '';
      return {
        name,
        group: groupOf(a),
        line: `- \`${name}\` (${typeName(a.type)}${a.sensitive ? ', Sensitive' : ''}${a.write_only ? ', Write-only' : ''})${words(a) ? ` ${words(a)}` : ''}${more}`,
      };
    }),
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
  for (const group of groups) {
    const inGroup = entries.filter((e) => e.group === group).sort((a, b) => (a.name < b.name ? -1 : 1));
    if (inGroup.length === 0) continue;
    out.push(`### ${group}`, '', ...inGroup.map((e) => e.line), '');
  }
  return out;
}

/** A block's whole schema section, nested blocks after it. */
function schemaSection(block) {
  const nested = [];
  // The arguments a configuration sets, then the attributes only read (what Terraform computes).
  const args = schemaLines(block, [], nested, ['Required', 'Optional']);
  const attrs = schemaLines(block, [], nested, ['Read-Only']);
  const out = [
    ...(args.length > 0 ? ['## Argument Reference', '', ...args] : []),
    ...(attrs.length > 0 ? ['## Attribute Reference', '', ...attrs] : []),
  ];
  // Both calls above list the nested blocks and attributes of the whole block: each is shown once.
  const shown = new Set();
  while (nested.length > 0) {
    const next = nested.shift();
    if (shown.has(next.anchor)) continue;
    shown.add(next.anchor);
    out.push(
      `<a id="${next.anchor}"></a>`,
      `### Nested Schema for \`${next.path.join('.')}\``,
      '',
      ...schemaLines(next.block, next.path, nested),
    );
  }
  return out;
}

/** The first `lang` block of the guide's section with this heading, or null. */
function blockOf(guide, heading, lang) {
  const start = guide.indexOf(`\n${heading}\n`);
  if (start < 0) return null;
  const end = guide.indexOf('\n## ', start + heading.length + 2);
  const section = guide.slice(start, end < 0 ? undefined : end);
  return new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(section)?.[1] ?? null;
}

/** The first `hcl` block of the guide's section with this heading, or null. */
function exampleOf(guide, heading) {
  return blockOf(guide, heading, 'hcl');
}

/** An ephemeral resource page's words after its example (see {@link LIFETIMES}). */
function lifetimeSection(type) {
  const lines = LIFETIMES[type];
  if (!lines) throw new Error(`no lifetime words for ${type} in LIFETIMES (scripts/generate-registry-docs.mjs)`);
  return lines;
}

/** A resource page's `## Import` section, for the resource its example declares first. */
function importSection(type, example) {
  const how = IMPORTS[type];
  if (!how) throw new Error(`no import words for ${type} in IMPORTS (scripts/generate-registry-docs.mjs)`);
  if (how.refused) return ['## Import', '', ...how.refused, ''];
  const label = new RegExp(`resource "${type}" "([^"]+)"`).exec(example)?.[1];
  if (!label) throw new Error(`the example of ${type} declares no ${type}`);
  const address = `${type}.${label}`;
  return [
    '## Import',
    '',
    `Import an existing object by its ${how.id}, or by ${how.key}:`,
    '',
    '```shell',
    `terraform import ${address} ${how.idExample}`,
    `terraform import ${address} ${JSON.stringify(how.keyExample)}`,
    '```',
    '',
    'Or with an `import` block (Terraform 1.5 or later); `terraform plan` then shows what it reads:',
    '',
    '```terraform',
    'import {',
    `  to = ${address}`,
    `  id = ${JSON.stringify(how.keyExample)}`,
    '}',
    '```',
    '',
  ];
}

/** One page: front matter, title, description, example, schema. */
function page({ title, kind, description, example, block, extra = [], after = [] }) {
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
    ...after,
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}

/** Every page, as path under docs/ -> text. */
export function renderRegistryDocs(schemaText = readFileSync(SCHEMA_FILE, 'utf8'), guide = readFileSync(GUIDE_FILE, 'utf8')) {
  const schema = JSON.parse(schemaText).provider_schemas[SOURCE];
  const pages = new Map();
  const provider = schema.provider.block;
  const listed = (folder, schemas) =>
    Object.keys(schemas)
      .sort()
      .map((name) => `- [${name}](${folder}/${name.replace(`${PROVIDER}_`, '')}.md)`);
  pages.set(
    'index.md',
    page({
      title: PROVIDER,
      kind: 'Provider',
      description: words(provider),
      example: exampleOf(guide, '## Provider'),
      block: provider,
      extra: [
        '## Installing the provider',
        '',
        'The provider is not in the public registry: it comes with the dsipform package, and `dsipform terraform-mirror DIR`',
        'lays it out as a filesystem mirror and prints the Terraform CLI configuration that uses it (the mirror for',
        '`dsipform/dsiprouter`, the registry for every other provider). Then `terraform init` installs it offline:',
        '',
        '```shell',
        blockOf(guide, '## Install', 'sh').trimEnd(),
        '```',
        '',
        'Every attribute of the provider block may be left out: an attribute that is not set is read from its environment',
        'variable (`DSIP_URL`, `DSIP_TOKEN`, `DSIP_CA`, `DSIP_INSECURE`, `DSIP_API_PROFILE`).',
        '',
        '## Resources',
        '',
        ...listed('resources', schema.resource_schemas),
        '',
        '## Data Sources',
        '',
        ...listed('data-sources', schema.data_source_schemas),
        '',
        '## Ephemeral Resources',
        '',
        ...listed('ephemeral-resources', schema.ephemeral_resource_schemas),
        '',
      ],
    }),
  );
  for (const [folder, kind, heading, schemas] of [
    ['resources', 'Resource', 'Resource', schema.resource_schemas],
    ['data-sources', 'Data Source', 'Data source', schema.data_source_schemas],
    ['ephemeral-resources', 'Ephemeral Resource', 'Ephemeral resource', schema.ephemeral_resource_schemas],
  ]) {
    for (const name of Object.keys(schemas).sort()) {
      const block = schemas[name].block;
      const short = name.replace(`${PROVIDER}_`, '');
      const example = exampleOf(guide, `## ${heading} ${name}`);
      if (!example) throw new Error(`no hcl example under "## ${heading} ${name}" in docs/terraform.md`);
      const after = folder === 'resources' ? importSection(name, example) : [];
      const extra = folder === 'ephemeral-resources' ? lifetimeSection(name) : [];
      pages.set(`${folder}/${short}.md`, page({ title: name, kind, description: words(block), example, block, extra, after }));
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
