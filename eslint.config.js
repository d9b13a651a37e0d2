// ESLint (flat config): typescript-eslint's type-aware rules over src/, test/, scripts/, bench/
// and examples/, plus the layer rule that keeps imports pointing down the layers.
// `npm run lint` runs it (with --cache) and `npm test` runs `npm run lint`.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layersPlugin from './eslint/layers.js';
import { LAYERS, TYPE_LAYERS } from './eslint/layer-table.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The layers of src/ and the layers each may import (a layer may always import itself), from the one
 * table in eslint/layer-table.js (which also writes ARCHITECTURE.md's table); a folder of src/ missing
 * there fails the lint until it is added.
 */
export { LAYERS };

/** Packages the core never imports: the CDKTF runtimes belong to the generated bindings alone. */
const CDKTF_PACKAGES = ['cdktf', 'cdktn', 'constructs'].map((name) => ({
  regex: `^${name}(/|$)`, // the package, not a relative path through src/cdktf/
  message: 'Only the generated bindings (src/cdktf/bindings) import the CDKTF runtime; the core reads cdk.tf.json.',
}));

/** Modules that do I/O, which the pure layers (model/, plan/) never import. */
const IO_MODULES = ['fs', 'fs/promises', 'http', 'https', 'http2', 'net', 'tls', 'dgram', 'child_process', 'worker_threads']
  .flatMap((name) => [name, `node:${name}`])
  .concat('undici')
  .map((name) => ({ name, message: 'model/ and plan/ are pure: I/O belongs in apply/, api/, config/ or cli/.' }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'src/cdktf/bindings/**', // generated: test/cdktf/bindings/freshness.test.ts wants them as generated
      'src/config/generated/**', // build output of scripts/generate-validator.mjs
      'src/plan/generated/**', // likewise (the saved-plan schema)
      'src/terraform/generated/**', // build output of scripts/generate-protocol.mjs
      'bench/results/**',
      'bench/.scratch/**',
      '**/cdktf.out/**',
      '**/.terraform/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // One program for every file linted (tsconfig.eslint.json adds scripts/, bench/ and the
        // JavaScript files to tsconfig.json's): type information for all of them, built once.
        project: './tsconfig.eslint.json',
        tsconfigRootDir: ROOT,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { dsipform: layersPlugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        // `typeof import('./x.js')` stays allowed: the lazily loaded modules are typed that way.
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // A `let` that a closure above its one assignment reads (a server a shutdown hook stops) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    rules: {
      // Off: the provider's gRPC handlers and the emulator's route handlers are async because their
      // interface is (callers await them), whether or not the body awaits today.
      '@typescript-eslint/require-await': 'off',
      // Off: values read from the platform's JSON are `unknown`, and String(value) is the wanted
      // rendering of whatever came back, in messages that report it.
      '@typescript-eslint/no-base-to-string': 'off',
      // Off: both flag the compile-time exhaustiveness checks (`[Unlisted] extends [never]`) whose
      // union is `never` on purpose.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-duplicate-type-constituents': 'off',
      // Off: the config loader and the renderer look for control characters on purpose.
      'no-control-regex': 'off',
      // A leading underscore marks a value left unused on purpose (a parameter an interface
      // requires, a field dropped by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The fast YAML/JSON readers unwind with small non-Error sentinels (no stack to build on the hot
    // path); they are caught inside the reader and never reach a user.
    files: ['src/config/fast-*.ts', 'src/config/json-syntax.ts'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    // commander hands each action its parsed options as `any`; the run* function each action
    // loads lazily (to keep heavy modules off the start path) declares their type.
    files: ['src/cli/commands.ts'],
    rules: { '@typescript-eslint/no-unsafe-argument': 'off' },
  },
  {
    // The generator has a hand-written generate-cdktf.d.mts beside it, which TypeScript takes in
    // its place, so the file is in no program: it is linted without type information.
    files: [
      'scripts/generate-cdktf.mjs',
      'scripts/generate-validator.mjs',
      'scripts/generate-protocol.mjs',
      'scripts/generate-layer-docs.mjs',
      'scripts/generate-cdktn.mjs',
      'scripts/generate-registry-docs.mjs',
      'scripts/registry-words.mjs',
    ],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      // Node scripts (bench/, scripts/, bin/, eslint/, this file): Node's globals.
      globals: globals.node,
    },
    rules: {
      // Plain JavaScript has no types (checkJs is off): every value is `any`, so these would flag
      // every line. no-floating-promises and the rest still apply.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // bin/ is CommonJS (bin/package.json): the CLI's launcher skips Node's ES module loader; so does
    // a bench's preload (`node -r`) into it.
    files: ['bin/**/*.js', 'bench/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**'],
    rules: {
      // Tests read what the CLI and the API print through JSON.parse (`any`) and assert on it.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Regexes over YAML text keep its indentation as written.
      'no-regex-spaces': 'off',
    },
  },
  {
    files: ['src/**'],
    rules: {
      'dsipform/layers': ['error', { srcRoot: `${ROOT}src`, layers: LAYERS, types: TYPE_LAYERS }],
      'no-restricted-imports': ['error', { patterns: CDKTF_PACKAGES }],
    },
  },
  {
    files: ['src/model/**', 'src/plan/**', 'src/routing/**'],
    rules: { 'no-restricted-imports': ['error', { paths: IO_MODULES, patterns: CDKTF_PACKAGES }] },
  },
);
