import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/process.js';

/** scripts/run-parallel.mjs, which `npm test` type-checks and lints with: both at once, each output whole. */

const SCRIPT = fileURLToPath(new URL('../../scripts/run-parallel.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'dsipform-run-parallel-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const parallel = (...commands: string[]) =>
  runProcess(process.execPath, [SCRIPT, ...commands], { cwd: work, env: { PATH: process.env.PATH } });

describe('run-parallel', () => {
  it('runs the commands at once: the first waits for a file only the second makes', async () => {
    const waiter = 'i=0; while [ ! -f made ]; do i=$((i+1)); [ $i -lt 200 ] || exit 7; sleep 0.05; done; echo saw it';
    const r = await parallel(waiter, 'echo making; touch made');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^> i=0; .* \(ok, \d+\.\d s\)\nsaw it\n$/m);
    expect(r.stdout).toMatch(/^> echo making; touch made \(ok, \d+\.\d s\)\nmaking\n$/m);
  });

  it('prints each output whole, stderr included, and fails when any command failed, after all have ended', async () => {
    const r = await parallel('echo one; sleep 0.2; echo two >&2; exit 3', 'sleep 0.4; echo slow; touch ended');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('> echo one; sleep 0.2; echo two >&2; exit 3 (failed, exit 3, ');
    expect(r.stdout).toMatch(/exit 3, \d+\.\d s\)\none\ntwo\n/);
    expect(r.stdout).toMatch(/\(ok, \d+\.\d s\)\nslow\n/);
    expect(existsSync(join(work, 'ended')), 'the slower command ran to its end').toBe(true);
  });

  it("finds the package's own tools, as npm run does, when run by hand", async () => {
    const r = await parallel('tsc --version');
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/\nVersion \d+\.\d+\.\d+\n$/);
  });

  it('refuses to run nothing', async () => {
    const r = await parallel();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^usage: node scripts\/run-parallel\.mjs/);
  });
});
