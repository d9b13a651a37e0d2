#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ and bundled into dist/bundle/ by `npm run build` (run by
// `npm ci` through `prepare`; scripts/bundle.mjs): Node loads a few files instead of hundreds.
import { setFlagsFromString } from 'node:v8';

const { main } = await import('../dist/bundle/cli.js');

// A run lasts a second or a few, and its hot code (the file reader, the value rules, the differ,
// the lints) is optimised by V8 while it runs. With inlining, each optimisation compiles the
// callees into the caller: large jobs, done again after every deoptimisation, that cost more CPU
// than the faster code saves before the run ends. Without it a plan of 10,000 mappings and 5,000
// routes uses some 10% less CPU, and on a loaded machine finishes 10-20% sooner
// (docs/performance.md).
//
// Set once the verb's module is loaded, before it runs, not here: once a V8 flag changes, V8
// refuses the code cache Node's own modules (fs/promises, http, crypto, ...) are built with, and
// compiles each one loaded after from its source, some 3 times the CPU. The verb's hot code runs
// after it either way.
let tuned = false;
const onVerbLoaded = () => {
  if (tuned) return;
  tuned = true;
  setFlagsFromString('--no-turbo-inlining');
};

main(process.argv, undefined, { onVerbLoaded }).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    // main() maps every expected error to an exit code; reaching here is a bug.
    process.stderr.write(`dsipform: internal error (this is a bug, please report it): ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  },
);
