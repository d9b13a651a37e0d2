import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/process.js';

/**
 * `.ci/run` runs the suite with a temporary directory of its own, empty at the start and removed at
 * the end, so that a leftover in the machine's shared one cannot hide a test that needs it. Its lines
 * from `TMPDIR=` to `npm test` run here in bash as written, with `npm` a function that reports the
 * directory it was given.
 */

const CI_RUN = fileURLToPath(new URL('../../.ci/run', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'dsipform-ci-run-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The lines of .ci/run from the one that sets TMPDIR to its last (`npm test`). */
function suiteLines(): string {
  const lines = readFileSync(CI_RUN, 'utf8').trimEnd().split('\n');
  const from = lines.findIndex((line) => line.startsWith('TMPDIR='));
  expect(from, '.ci/run sets TMPDIR before the suite').toBeGreaterThan(0);
  expect(lines.at(-1)).toBe('npm test');
  return lines.slice(from).join('\n');
}

describe('.ci/run', () => {
  it('runs npm test with a fresh, empty TMPDIR of its own, and removes it afterwards', async () => {
    const shared = join(work, 'shared-tmp');
    mkdirSync(join(shared, 'html-out'), { recursive: true }); // what an earlier run left behind
    const npm =
      'npm() { echo "npm $*"; echo "TMPDIR=$TMPDIR"; echo "entries=$(ls -A "$TMPDIR" | wc -l)"; touch "$TMPDIR/made-by-a-test"; }';
    const r = await runProcess('bash', ['-euo', 'pipefail', '-c', `${npm}\n${suiteLines()}`], {
      cwd: work,
      env: { PATH: process.env.PATH, TMPDIR: shared },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^npm test\n/);
    const given = /^TMPDIR=(.+)$/m.exec(r.stdout)?.[1];
    expect(given).toBeTruthy();
    expect(given).not.toBe(shared);
    expect(r.stdout).toMatch(/^entries=\s*0$/m);
    expect(existsSync(given!), 'removed when the run ends').toBe(false);
    expect(existsSync(join(shared, 'html-out')), 'the shared one is left alone').toBe(true);
  });
});
