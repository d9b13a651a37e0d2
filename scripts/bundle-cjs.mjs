// The CLI as one CommonJS file, dist/bundle/cli.cjs (issue 33 §4), which bin/dsipform.js compiles
// through node:vm with V8's code cache: Node 20 has no compile cache for ES modules, and compiling
// the ~460 kB of chunks `validate` loads was most of what the CLI did beyond node's own start-up.
// One file, not chunks: a vm.Script has one cache, and every `import()` becomes a function esbuild
// runs on first use (its module's top level runs only then, as with the chunks).
//
// `import.meta` does not exist in a script: each module's `import.meta.url` becomes the URL it has
// in dist/, computed from the bundle's own URL (`__dsipformBundleUrl`, the banner), as in the ES
// module bundle. The lazy stand-ins (child_process for commander, picomatch) are the same plugins.
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';

/** The CommonJS bundle's file name in dist/bundle/. */
export const CJS_CLI = 'cli.cjs';

const distUrlPlugin = (bundleDir) => ({
  name: 'dist-url-in-script',
  setup(b) {
    b.onLoad({ filter: /\/dist\/.*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const rel = relative(bundleDir, args.path).split(sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, __dsipformBundleUrl).href`), loader: 'js' };
    });
  },
});

/**
 * Bundles the CLI's entry (`entry`, dist/cli/main.js) into `outdir`/cli.cjs. `bundleDir` is where
 * the file will be (the URLs are computed from there); `plugins` are the lazy stand-ins.
 */
export async function bundleCjs(entry, outdir, bundleDir, plugins) {
  return build({
    entryPoints: { cli: entry },
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // The launcher reads the file as latin1 (no UTF-8 decoding of 2 MB at every start): keep it ASCII.
    charset: 'ascii',
    banner: { js: "const __dsipformBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    external: ['cdktf', 'cdktn', 'constructs', '@grpc/proto-loader'],
    plugins: [distUrlPlugin(bundleDir), ...plugins],
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    minifyWhitespace: true,
  });
}

/** The path of the CommonJS bundle under `bundleDir`. */
export const cjsCliPath = (bundleDir) => join(bundleDir, CJS_CLI);
