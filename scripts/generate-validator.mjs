#!/usr/bin/env node
// Compiles the desired-state file schema (schemas/dsipform.schema.json) and the saved-plan schema
// (schemas/plan.schema.json) to standalone validators with ajv's standalone code, so that no run of
// the CLI compiles a schema (ajv and its code generator, some 80 modules, stay out of the process).
//
// Build output, not committed (see docs/decisions.md): `npm run build` and `npm run typecheck` run
// this first, and so does vitest's global setup (test/setup/generate.ts), so the tests and
// the user run the same generated code, always generated from the schema of the same tree.
//
// Written: src/config/generated/schema-validator.ts and src/plan/generated/plan-validator.ts
// (TypeScript only in name: `// @ts-nocheck`), compiled by tsc to dist/ like any other module. Rewritten only when its text changes, so a build
// that changes nothing leaves its time stamp alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeIfChanged } from './write-if-changed.mjs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standalone from 'ajv/dist/standalone/index.js';
import { inlineRef } from 'ajv/dist/compile/resolve.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SCHEMA_FILE = join(ROOT, 'schemas', 'dsipform.schema.json');
export const OUT_FILE = join(ROOT, 'src', 'config', 'generated', 'schema-validator.ts');
export const PLAN_SCHEMA_FILE = join(ROOT, 'schemas', 'plan.schema.json');
export const PLAN_OUT_FILE = join(ROOT, 'src', 'plan', 'generated', 'plan-validator.ts');

/**
 * The options src/config/schema-issues.ts reads the errors by (every error, with its parentSchema).
 * `inlineRefs`: set by `inlineLimit` below for each schema; a $def not inlined is a function of its
 * own, so V8 compiles only the ones a file's collections use, when first called, instead of one
 * function the size of the whole schema on every run.
 */
const OPTIONS = { allErrors: true, verbose: true, strict: true, inlineRefs: false, code: { source: true, esm: true } };

/**
 * The $defs of the entries of the long lists (a users' file holds thousands of mappings and routes):
 * inlined into their list's loop. Called as a function, each entry's check was given an options
 * object and its path as a new text: some 1.6 MB of garbage per check of the bench's users' file.
 */
const INLINED = ['inboundMapping', 'outboundRoute'];

/**
 * ajv's `inlineRefs` takes a size, not names: the smallest that inlines every one of INLINED. The
 * $defs no larger are inlined with them (a lease, a number, a group's endpoint and auth: small); the
 * larger (a routing test) and those holding a $ref (invariants, carrier and endpoint groups) stay
 * functions of their own.
 */
function inlineLimit(schema) {
  for (let limit = 1; limit <= 1000; limit += 1) {
    if (INLINED.every((name) => inlineRef(schema.$defs[name], limit))) return limit;
  }
  throw new Error(`${INLINED.join(', ')} cannot be inlined: a $ref inside one of them?`);
}

/**
 * The saved plan's: the first error is enough (apply refuses the plan; the message points at it),
 * and without `verbose` the errors hold no copies of the schema. The plan layer is pure, so its
 * validator must need no runtime helper (`require`): the schema keeps to keywords that compile to
 * plain code, and the generator fails when one does not. `strictRequired` is off: a change's
 * `if`/`then` requires keys (`ruleid`, `after`) that the change's own `properties` define.
 */
const PLAN_OPTIONS = { allErrors: false, strict: true, strictRequired: false, inlineRefs: false, code: { source: true, esm: true } };

/**
 * The schema without its `description` keywords (a property named `description` stays): the
 * standalone code embeds the schema it was compiled from, and the plan validator reports no
 * description, so they would be dead weight in the module.
 */
function withoutDescriptions(schema, inProperties = false) {
  if (Array.isArray(schema)) return schema.map((s) => withoutDescriptions(s));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => inProperties || key !== 'description')
      .map(([key, value]) => [key, withoutDescriptions(value, !inProperties && (key === 'properties' || key === '$defs'))]),
  );
}

/** The module's text for the schema's text. */
export function validatorSource(schemaText, options = OPTIONS, from = 'schemas/dsipform.schema.json') {
  const schema = options === PLAN_OPTIONS ? withoutDescriptions(JSON.parse(schemaText)) : JSON.parse(schemaText);
  const ajv = new Ajv2020(options === OPTIONS ? { ...OPTIONS, inlineRefs: inlineLimit(schema) } : options);
  const code = standalone.default(ajv, ajv.compile(schema)).replace(/^"use strict";/, '');
  const needsRequire = /\brequire\(/.test(code);
  if (needsRequire && options === PLAN_OPTIONS) {
    throw new Error(`${from} compiles to code that needs ajv's runtime helpers (require); the plan layer may not load them`);
  }
  const { imports, body } = helperImports(code);
  return [
    '// @ts-nocheck',
    `// GENERATED by scripts/generate-validator.mjs from ${from}: do not edit, not committed.`,
    ...imports,
    body,
    '',
  ].join('\n');
}

/**
 * ajv's ESM output still calls `require()` for its few runtime helpers (ucs2length). Each becomes a
 * static import, so that the bundle carries the helper in the validator's chunk: a `require` at run
 * time would start Node's CommonJS loader and read ajv's files from node_modules on every run that
 * reads a file (some 3 ms of `validate`). What `require` returned is the namespace's `default` in
 * Node and in esbuild's bundle (the CommonJS `module.exports`), and the namespace itself where the
 * importer honours `__esModule` (vitest): `__ajvExports` takes whichever holds the helper's `default`.
 */
function helperImports(code) {
  const specifiers = [...new Set([...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]))];
  if (specifiers.length === 0) return { imports: [], body: code };
  const imports = [
    ...specifiers.map((spec, i) => `import * as __ajvHelper${i} from '${spec}.js';`),
    "const __ajvExports = (ns) => (ns.default !== null && typeof ns.default === 'object' && 'default' in ns.default ? ns.default : ns);",
  ];
  const body = code.replace(/\brequire\("([^"]+)"\)/g, (_, spec) => `__ajvExports(__ajvHelper${specifiers.indexOf(spec)})`);
  return { imports, body };
}

/** Writes OUT_FILE and PLAN_OUT_FILE when their text differs; returns whether it wrote either. */
export function generateValidator() {
  const files = writeIfChanged(OUT_FILE, validatorSource(readFileSync(SCHEMA_FILE, 'utf8')));
  const plan = writeIfChanged(
    PLAN_OUT_FILE,
    validatorSource(readFileSync(PLAN_SCHEMA_FILE, 'utf8'), PLAN_OPTIONS, 'schemas/plan.schema.json'),
  );
  return files || plan;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) generateValidator();
