#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ and bundled into dist/bundle/ by `npm run build` (run by
// `npm ci` through `prepare`; scripts/bundle.mjs): Node loads a few files instead of hundreds.
import { main } from '../dist/bundle/cli.js';

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    // main() maps every expected error to an exit code; reaching here is a bug.
    process.stderr.write(`dsipform: internal error (this is a bug, please report it): ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  },
);
