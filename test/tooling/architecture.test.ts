// ARCHITECTURE.md held to the code: its layer table is the one eslint/layer-table.js makes (the table
// the layer rule checks imports against), every folder of src/ is a layer of that table, every path
// its concept table names exists, and no other document keeps a layer table of its own.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYER_TABLE, LAYERS } from '../../eslint/layer-table.js';
import { withLayerTable } from '../../scripts/generate-layer-docs.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const architecture = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

/** The folders of src/ that hold code, as layer names (`cdktf/reader`), plus `index` for src/index.ts. */
function sourceLayers(): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, 'src'), { withFileTypes: true })) {
    if (entry.isDirectory() && readdirSync(join(ROOT, 'src', entry.name), { recursive: true }).length === 0) continue; // not in git
    if (!entry.isDirectory()) {
      if (entry.name.endsWith('.ts')) found.push(entry.name.replace(/\.ts$/, ''));
      continue;
    }
    // A folder split into layers of its own (cdktf/reader, cdktf/bindings) counts by its subfolders.
    const split = Object.keys(LAYERS).some((layer) => layer.startsWith(`${entry.name}/`));
    if (!split) {
      found.push(entry.name);
      continue;
    }
    for (const sub of readdirSync(join(ROOT, 'src', entry.name), { withFileTypes: true })) {
      if (sub.isDirectory()) found.push(`${entry.name}/${sub.name}`);
    }
  }
  return found.sort();
}

/** The `src/...` paths the "Where each concept lives" table names. */
function conceptPaths(): string[] {
  const start = architecture.indexOf('## Where each concept lives');
  const end = architecture.indexOf('\n## ', start + 1);
  const section = architecture.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/`(src\/[^`\s]+)`/g)].map((m) => m[1]!);
}

describe('ARCHITECTURE.md', () => {
  it('holds the layer table as eslint/layer-table.js makes it (run `node scripts/generate-layer-docs.mjs`)', () => {
    expect(architecture).toBe(withLayerTable(architecture));
  });

  it('lists every layer, and the layer rule knows every folder of src/', () => {
    const layers = LAYER_TABLE.map((row) => row.layer);
    expect(new Set(layers).size, 'each layer once').toBe(layers.length);
    expect(
      sourceLayers().filter((layer) => !layers.includes(layer)),
      'folders of src/ with no row in eslint/layer-table.js',
    ).toEqual([]);
    for (const row of LAYER_TABLE) {
      expect(architecture, `the row of ${row.layer}`).toContain(row.layer === 'index' ? '| `src/index.ts` |' : `| \`src/${row.layer}/\` |`);
      for (const allowed of row.imports) expect(Object.keys(LAYERS), `${row.layer} may import ${allowed}, a layer`).toContain(allowed);
      for (const typed of row.types ?? [])
        expect(Object.keys(LAYERS), `${row.layer} may import types of ${typed}, a layer`).toContain(typed);
    }
  });

  it('names only files and folders that exist in its concept table', () => {
    const paths = conceptPaths();
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it.each([
    'README.md',
    'CONTRIBUTING.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ])('%s keeps no layer table of its own', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(text.split('\n').filter((line) => /^\|.*\bmay import\b/i.test(line))).toEqual([]);
  });
});
