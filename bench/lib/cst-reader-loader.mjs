// Loads bench/lib/cst-reader.ts for a benchmark run: esbuild strips its types, and its imports of
// src/config/ are pointed at the built dist/config/ (the modules the fast reader runs from), so both
// readers share the same scalar rules and data builder. Run `npm run build` first.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';

const SOURCE = fileURLToPath(new URL('cst-reader.ts', import.meta.url));
const SCRATCH = fileURLToPath(new URL('../.scratch/', import.meta.url));
const DIST_CONFIG = pathToFileURL(fileURLToPath(new URL('../../dist/config/', import.meta.url))).href;

/** The compiled module: `{ readCst }`. */
export async function loadCstReader() {
  const { code } = await transform(readFileSync(SOURCE, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20' });
  const linked = code.replaceAll("'../../src/config/", `'${DIST_CONFIG}`).replaceAll('"../../src/config/', `"${DIST_CONFIG}`);
  mkdirSync(SCRATCH, { recursive: true });
  const out = `${SCRATCH}cst-reader.mjs`;
  writeFileSync(out, linked);
  return import(pathToFileURL(out).href);
}
