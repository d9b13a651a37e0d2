import { defineConfig } from 'vitest/config';

export default defineConfig({
  // .cts too: the hand-written CommonJS module beside the CDKTF bindings (src/cdktf/dsipform-policy.cts).
  oxc: { include: /\.(m?ts|cts|[jt]sx)$/ },
  test: {
    include: ['test/**/*.test.ts'],
    // The schema validator and the protocol descriptor are build output (scripts/generate-*.mjs); generate them before any test imports src/.
    // The CI template tests share one packed and installed dsipform: the folder it is made in (test/helpers/ci-package.ts).
    globalSetup: ['./test/setup/generate.ts', './test/setup/ci-package.ts'],
    // The ten slowest files, then the one closing line CI counts (it must stay last).
    reporters: ['default', './test/reporters/slowest-files.ts', './test/reporters/summary-line.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Tests start real servers on port 0 and real child processes; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
