#!/usr/bin/env node
// Writes the CDK Terrain bindings (src/cdktf/bindings/cdktn/) from the committed CDKTF ones
// (src/cdktf/bindings/cdktf/): the two differ only in the core module they import, so only one copy
// is committed and this one is build output (git-ignored). `npm run build` and `npm run typecheck`
// run it through `npm run generate`, and so does vitest's global setup (test/setup/generate.ts).
// `npm run generate:cdktf` (scripts/generate-cdktf.mjs) makes the same files from the schema, so
// test/cdktf/bindings/freshness.test.ts holds the two ways to the same bytes.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rewriteForCdktn } from './generate-cdktf.mjs';
import { writeIfChanged } from './write-if-changed.mjs';

const BINDINGS = fileURLToPath(new URL('../src/cdktf/bindings/', import.meta.url));
export const CDKTF_DIR = join(BINDINGS, 'cdktf');
export const CDKTN_DIR = join(BINDINGS, 'cdktn');

const HEADER = /^(\/\/ Generated from schemas\/provider\.schema\.json by @cdktf\/provider-generator [^\n,]+)\.\n/;

/** The words of the entry's doc comment that name the core, as the generator writes them for each. */
const ENTRY_WORDS = [
  ['for CDKTF (`cdktf`).', 'for CDK Terrain (`cdktn`).'],
  [
    'Import them from `dsipform/cdktf`; they need the optional peer dependencies `cdktf` and',
    'Import them from `dsipform/cdktn`; they need the optional peer dependencies `cdktn` and',
  ],
];

/**
 * The cdktn binding for one cdktf binding file (`path` relative to the cdktf folder): the header
 * says it was rewritten, the entry's doc comment names cdktn, and every other file goes through
 * rewriteForCdktn (the import of the core and its namespace). Throws when the file does not look
 * as the generator writes it, rather than write something half rewritten.
 * @param {string} path
 * @param {string} text
 * @returns {string}
 */
export function cdktnFrom(path, text) {
  if (!HEADER.test(text)) throw new Error(`generate-cdktn: ${path} has no generator header`);
  let out = text.replace(HEADER, "$1, with the module 'cdktf' rewritten to 'cdktn'.\n");
  if (path === 'index.ts') {
    for (const [from, to] of ENTRY_WORDS) {
      if (!out.includes(from)) throw new Error(`generate-cdktn: the entry no longer says "${from}"`);
      out = out.replace(from, to);
    }
    return out;
  }
  return rewriteForCdktn(out);
}

/** Every file under `dir`, relative, with '/' separators, sorted. */
function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(dir, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

/** Writes CDKTN_DIR from CDKTF_DIR (only the files whose text changes) and drops files no longer made. */
export function generateCdktn() {
  const made = new Set();
  for (const path of listFiles(CDKTF_DIR)) {
    writeIfChanged(join(CDKTN_DIR, ...path.split('/')), cdktnFrom(path, readFileSync(join(CDKTF_DIR, ...path.split('/')), 'utf8')));
    made.add(path);
  }
  for (const path of listFiles(CDKTN_DIR)) if (!made.has(path)) rmSync(join(CDKTN_DIR, ...path.split('/')));
  return [...made];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generateCdktn();
