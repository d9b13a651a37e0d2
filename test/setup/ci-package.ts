// vitest's global setup for the CI template tests (test/examples/ci-*.test.ts): one folder per
// vitest run, in which they share one `npm pack` of this checkout and one install of it by
// examples/ci/install-dsipform.sh (test/helpers/ci-package.ts). Made empty here, so a run of other
// files pays nothing; filled by the first test file that asks; removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** Provides the shared folder as `ciPackageDir`; the teardown removes it. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-ci-package-'));
  project.provide('ciPackageDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
