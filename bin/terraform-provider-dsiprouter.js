#!/usr/bin/env node
// Terraform's plugin for dSIPRouter (protocol 6), compiled to dist/ and bundled into dist/bundle/ by `npm run build`.
// CommonJS, as every file in bin/ (bin/package.json, for the CLI's launcher); the provider's bundle
// is ES modules, imported. A bundle that cannot be imported (no build) fails as an uncaught error.
'use strict';

// stdout carries the go-plugin handshake and nothing else: every console method goes to stderr
// before anything else is loaded.
void import('../dist/bundle/provider-stdio.js').then(async ({ consoleToStderr }) => {
  consoleToStderr();
  const { runProviderMain } = await import('../dist/bundle/provider.js');
  runProviderMain(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      // Every RPC failure becomes a diagnostic; reaching here is a bug.
      process.stderr.write(`terraform-provider-dsiprouter: internal error (this is a bug, please report it): ${err?.stack ?? err}\n`);
      process.exit(1);
    },
  );
});
