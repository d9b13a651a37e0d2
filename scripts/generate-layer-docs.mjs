#!/usr/bin/env node
// Writes the layer table of ARCHITECTURE.md from eslint/layer-table.js, the one table the layer rule
// also reads, so the document cannot disagree with the lint. `npm run build` runs it (through
// `npm run generate`); test/tooling/architecture.test.ts fails while ARCHITECTURE.md holds another
// table. The table sits between two HTML comments; the rest of the document is left as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYER_TABLE } from '../eslint/layer-table.js';
import { writeIfChanged } from './write-if-changed.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ARCHITECTURE_FILE = join(ROOT, 'ARCHITECTURE.md');
export const BEGIN =
  '<!-- layer table: written from eslint/layer-table.js by scripts/generate-layer-docs.mjs; edit that file, not this table -->';
export const END = '<!-- end of layer table -->';

/** A layer's name as the document shows it: its folder, or src/index.ts. */
function place(layer) {
  return layer === 'index' ? '`src/index.ts`' : `\`src/${layer}/\``;
}

/** The Markdown table of every layer, what it may import and what it holds. */
export function layerTableMarkdown(table = LAYER_TABLE) {
  const rows = table.map(({ layer, imports, types, holds }) => {
    const values = imports.length === 0 ? 'nothing' : imports.join(', ');
    const allowed = types && types.length > 0 ? `${values}; types only: ${types.join(', ')}` : values;
    return `| ${place(layer)} | ${allowed} | ${holds} |`;
  });
  return ['| layer | may import | holds |', '|---|---|---|', ...rows].join('\n');
}

/** `text` with the table between BEGIN and END replaced by the table made from `table`. */
export function withLayerTable(text, table = LAYER_TABLE) {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`ARCHITECTURE.md has no "${BEGIN}" ... "${END}" markers to write the layer table between`);
  return `${text.slice(0, start + BEGIN.length)}\n${layerTableMarkdown(table)}\n${text.slice(end)}`;
}

/** Rewrites ARCHITECTURE.md's layer table when it differs; returns whether it wrote. */
export function generateLayerDocs() {
  return writeIfChanged(ARCHITECTURE_FILE, withLayerTable(readFileSync(ARCHITECTURE_FILE, 'utf8')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generateLayerDocs();
