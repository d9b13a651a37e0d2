#!/usr/bin/env node
// Bundles each entry point of the built package (dist/, as tsc wrote it) with esbuild into
// dist/bundle/, so that Node resolves, reads and compiles a few files at start-up instead of some
// 250 (dist/ and the dependencies). `npm run build` runs it after tsc; bin/ imports the bundles.
//
// - Code splitting: every `import()` that loads a verb's module (src/cli/commands.ts), the provider
//   (terraform/host/default-provider.ts), the emulator... becomes a chunk of its own, loaded only
//   when it runs, so a command still loads only what it needs. Any new lazy import gets the same.
//   The CLI and the provider are bundled apart (no process loads both), and the verbs that read
//   files import the CLI's core first (bundle-core.mjs), so the modules they share are a few chunks,
//   not one per set of verbs that use them.
// - `import.meta.url`: each module's own expression is rewritten to the URL it has in dist/
//   (`new URL('../config/schema.js', import.meta.url)` from dist/bundle/), so every path a module
//   computes from its own place (package.json, schemas/, the .proto files, createRequire) stays the
//   one it is unbundled.
// - CommonJS dependencies bundled into ESM call `require` for Node's built-in modules; the banner
//   gives each chunk a real `require` for that.
// The source tree keeps its layers; the bundle is build output (not committed), like dist/.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { cliCores, coreModuleText } from './bundle-core.mjs';
import { bundleCjs } from './bundle-cjs.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
export const BUNDLE_DIR = join(DIST, 'bundle');
/** dist/bundle/modules.json: each chunk's modules and the chunks it imports statically (for tests and for reading the bundle). */
export const MODULES_FILE = 'modules.json';

/** Output name (dist/bundle/<name>.js) -> the module tsc built. */
export const ENTRY_POINTS = {
  cli: 'dist/cli/main.js',
  'provider-stdio': 'dist/terraform/host/stdio.js',
  provider: 'dist/terraform/host/main.js',
};

/** The entry points bundled together (their chunks shared); no process loads two of these groups. */
const BUILDS = [['cli'], ['provider-stdio', 'provider']];

const CLI_CORE = 'dsipform-cli-core-';

/**
 * Reads dist's modules for the bundle: rewrites `import.meta.url` to the URL the module has in
 * dist/, and makes each verb that reads files (or plans) import the CLI's cores first
 * (bundle-core.mjs), on its first line, so that every position in the module stays where it was.
 */
const distModulesPlugin = (withCores) => ({
  name: 'dist-modules',
  setup(b) {
    // The cores are the CLI's: in the provider's bundle, a module a verb shares must not pull them in.
    const cores = withCores ? cliCores(DIST) : [];
    // A core's importers import it whole; an entry that shares some of its modules, those modules.
    const coresOf = (path) =>
      cores.flatMap((c, i) =>
        c.importers.includes(path)
          ? [`import ${JSON.stringify(`${CLI_CORE}${i}`)};`]
          : (c.sharers.get(path) ?? []).map((file) => `import ${JSON.stringify(file)};`),
      );
    b.onResolve({ filter: new RegExp(`^${CLI_CORE}\\d+$`) }, (args) => ({ path: args.path, namespace: CLI_CORE }));
    b.onLoad({ filter: /.*/, namespace: CLI_CORE }, (args) => ({
      contents: coreModuleText(cores[Number(args.path.slice(CLI_CORE.length))].core),
      loader: 'js',
      resolveDir: DIST,
    }));
    b.onLoad({ filter: /\/dist\/.*\.js$/ }, async (args) => {
      const text = coresOf(args.path).join('') + (await readFile(args.path, 'utf8'));
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const rel = relative(BUNDLE_DIR, args.path).split(sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'js' };
    });
  },
});

/**
 * commander requires node:child_process at load, for subcommands run as separate executables,
 * which dsipform has none of. Loading it also loads net, dgram and their bindings: some 10-15 ms of
 * every start. For commander alone, node:child_process becomes a module that loads the real one on
 * first use (never, in practice).
 */
const LAZY_CHILD_PROCESS = 'dsipform-lazy-child-process';
const lazyChildProcessPlugin = {
  name: 'lazy-child-process-for-commander',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: LAZY_CHILD_PROCESS, namespace: LAZY_CHILD_PROCESS } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: LAZY_CHILD_PROCESS }, () => ({
      contents:
        "let real; const load = () => (real ??= require('node:child_process'));\n" +
        'module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });\n',
      loader: 'js',
    }));
  },
};

/**
 * picomatch runs its module code (its constants, its regular expressions) when it is loaded, some
 * 2-3 ms, though only a file with `policy.ignore` or `policy.accept` globs calls it. For
 * model/globs.ts (model/ loads nothing of Node's, so it cannot require on first use itself),
 * picomatch becomes a function that requires the bundled picomatch on its first call.
 */
const LAZY_PICOMATCH = 'dsipform-lazy-picomatch';
const lazyPicomatchPlugin = {
  name: 'lazy-picomatch-for-globs',
  setup(b) {
    b.onResolve({ filter: /^picomatch$/ }, (args) =>
      args.importer.endsWith(`${sep}dist${sep}model${sep}globs.js`) ? { path: LAZY_PICOMATCH, namespace: LAZY_PICOMATCH } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: LAZY_PICOMATCH }, () => ({
      contents: "let real;\nmodule.exports = (glob, options) => (real ??= require('picomatch'))(glob, options);\n",
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};

const BANNER =
  "import { createRequire as __dsipformCreateRequire } from 'node:module'; const require = __dsipformCreateRequire(import.meta.url);";

/**
 * Bundles ENTRY_POINTS into BUNDLE_DIR. The bundle is written beside it first, then each file is
 * renamed into place (an atomic replace) and files of an older bundle are removed last: a build
 * while the CLI or the provider runs (a second `npm run build`, or `npx` running `prepare`) never
 * leaves a moment in which an entry point's chunk is missing or half written.
 */
export async function bundle() {
  const staging = `${BUNDLE_DIR}.staging-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  const result = await bundleInto(staging);
  await mkdir(BUNDLE_DIR, { recursive: true });
  const fresh = await readdir(staging);
  for (const name of fresh) await rename(join(staging, name), join(BUNDLE_DIR, name));
  const kept = new Set(fresh);
  for (const name of await readdir(BUNDLE_DIR)) if (!kept.has(name)) await rm(join(BUNDLE_DIR, name), { recursive: true, force: true });
  await rm(staging, { recursive: true, force: true });
  return result;
}

async function bundleInto(outdir) {
  const outputs = {};
  let last;
  for (const names of BUILDS) {
    const entryPoints = Object.fromEntries(names.map((name) => [name, join(ROOT, ENTRY_POINTS[name])]));
    last = await buildOne(entryPoints, outdir, names.includes('cli'));
    Object.assign(outputs, last.metafile.outputs);
  }
  // The CLI again, as the one CommonJS file the launcher runs with V8's code cache (bundle-cjs.mjs).
  const cjs = await bundleCjs(join(ROOT, ENTRY_POINTS.cli), outdir, BUNDLE_DIR, [lazyChildProcessPlugin, lazyPicomatchPlugin]);
  Object.assign(outputs, cjs.metafile.outputs);
  await dropUnusedBanners(outdir);
  await writeFile(join(outdir, MODULES_FILE), `${JSON.stringify(chunkModules({ outputs }, outdir), null, 1)}\n`);
  return { ...last, metafile: { ...last.metafile, outputs } };
}

async function buildOne(entryPoints, outdir, cli) {
  return build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunk-[hash]',
    banner: { js: BANNER },
    // Optional peers of the generated CDKTF bindings: nothing on the bundled paths imports them.
    // @grpc/proto-loader: grpc-js requires it only inside its channelz and ORCA services, which the
    // provider never serves (its own services come from the build's protocol descriptor); bundled,
    // it and the full protobufjs parser would be some 200 kB that every provider start parses.
    external: ['cdktf', 'cdktn', 'constructs', '@grpc/proto-loader'],
    plugins: [distModulesPlugin(cli), lazyChildProcessPlugin, lazyPicomatchPlugin],
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    // Without comments and indentation the chunks are some 25% smaller: less for Node to read and for
    // V8 to parse at every start (validate compiles ~20 chunks). Names stay, so stack traces read as
    // before; which module is in which chunk is in MODULES_FILE, not in comments.
    minifyWhitespace: true,
  });
}

/**
 * For each output file (by its name in the bundle): the modules bundled in it, as paths from the
 * package root (`dist/...`, `node_modules/...`, also when node_modules is a link elsewhere), and the
 * chunks it imports statically (loaded before it runs; `import()` chunks load when their code runs).
 */
function chunkModules(metafile, outdir) {
  const name = (path) => relative(outdir, join(ROOT, path)).split(sep).join('/');
  const modulePath = (path) =>
    path
      .replace(/^(?:.*[\\/])?(node_modules[\\/])/, '$1')
      .split(sep)
      .join('/');
  return Object.fromEntries(
    Object.entries(metafile.outputs)
      .filter(([path]) => /\.c?js$/.test(path))
      .map(([path, out]) => [
        name(path),
        {
          modules: Object.keys(out.inputs).map(modulePath),
          imports: out.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => name(i.path)),
        },
      ]),
  );
}

/**
 * Takes the banner out of each chunk that never calls `require` (most of them: only the bundled
 * CommonJS dependencies do). Node runs every module's top level at start-up, and a `createRequire`
 * per chunk costs about 0.3 ms; `validate` loads some 18 chunks. The line stays (empty), so every
 * position in the chunk is where it was.
 */
async function dropUnusedBanners(dir) {
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.js')) continue;
    const file = join(dir, name);
    const text = await readFile(file, 'utf8');
    if (!text.startsWith(BANNER) || /\brequire\b/.test(text.slice(BANNER.length))) continue;
    await writeFile(file, text.slice(BANNER.length));
  }
}

/**
 * Runs `dsipform validate` of a small file once, so that its V8 code cache (bin/dsipform.js) is
 * written beside the bundle now, while the install is writable (`--version` and `--help` run the ES
 * module chunks, without a cache). A failure only means no cache yet: the first run of the verb that
 * finds none writes it.
 */
function warmUp() {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-warm-up-'));
  try {
    const file = join(dir, 'warm-up.yaml');
    writeFileSync(file, 'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["1"]\noutbound_routes: []\n');
    const env = { ...process.env };
    delete env.DSIPFORM_CODE_CACHE;
    spawnSync(process.execPath, [join(ROOT, 'bin', 'dsipform.js'), 'validate', file], { env, stdio: 'ignore' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { metafile } = await bundle();
  warmUp();
  const outputs = Object.keys(metafile.outputs);
  process.stdout.write(
    `bundled ${Object.keys(ENTRY_POINTS).length} entry points into ${relative(ROOT, BUNDLE_DIR)}/ (${outputs.length} files)\n`,
  );
}
