import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';
import { runProcess } from '../helpers/process.js';
import { fileTimes, slowestFilesText, type TimedModule } from './slowest-files.js';

const REPORTER = fileURLToPath(new URL('./slowest-files.ts', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'dsipform-slowest-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A test file's timings as vitest reports them, in milliseconds. */
const timed = (file: string, duration: number, collect = 0): TimedModule => ({
  relativeModuleId: file,
  diagnostic: () => ({ environmentSetupDuration: 0, prepareDuration: 10, collectDuration: collect, setupDuration: 0, duration }),
});

describe('the slowest test files', () => {
  it('ranks files by their tests and their loading together, ties by name', () => {
    const times = fileTimes([
      timed('b.test.ts', 100),
      timed('a.test.ts', 100),
      timed('import-heavy.test.ts', 50, 5000),
      timed('c.test.ts', 900),
    ]);
    expect(times.map((t) => [t.file, t.total, t.tests, t.load])).toEqual([
      ['import-heavy.test.ts', 5060, 50, 5010],
      ['c.test.ts', 910, 900, 10],
      ['a.test.ts', 110, 100, 10],
      ['b.test.ts', 110, 100, 10],
    ]);
  });

  it('prints the ten slowest of many, with the run they belong to and the time of all files', () => {
    const modules = Array.from({ length: 12 }, (_, i) => timed(`test/f${String(i).padStart(2, '0')}.test.ts`, (i + 1) * 1000 - 10));
    const lines = slowestFilesText(modules, 'API profile current').trimEnd().split('\n');
    expect(lines[0]).toBe('The 10 slowest test files (API profile current; 12 files, 78.0 s in all):');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe('    12.0 s  test/f11.test.ts (tests 12.0 s, loading 0.0 s)');
    expect(lines[10]).toBe('     3.0 s  test/f02.test.ts (tests 3.0 s, loading 0.0 s)');
  });

  it('names one file as one', () => {
    expect(slowestFilesText([timed('only.test.ts', 1990)], 'API profile spec')).toBe(
      'The slowest test file (API profile spec; 1 file, 2.0 s in all):\n     2.0 s  only.test.ts (tests 2.0 s, loading 0.0 s)\n',
    );
  });

  it('is printed at the end of a real vitest run, the slow file first', async () => {
    writeFileSync(join(work, 'slow.test.ts'), "it('waits', async () => { await new Promise((r) => setTimeout(r, 600)); });\n");
    writeFileSync(join(work, 'quick.test.ts'), "it('is quick', () => {});\n");
    writeFileSync(join(work, 'vitest.config.mjs'), "export default { test: { globals: true, include: ['*.test.ts'] } };\n");
    const r = await runProcess(process.execPath, [VITEST, 'run', '--config', 'vitest.config.mjs', '--reporter', REPORTER], {
      cwd: work,
      env: { PATH: process.env.PATH, DSIPFORM_TEST_PROFILE: 'current' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^The 2 slowest test files \(API profile current; 2 files, \d+\.\d s in all\):\n +\d+\.\d s {2}slow\.test\.ts \(tests \d+\.\d s, loading \d+\.\d s\)\n +\d+\.\d s {2}quick\.test\.ts /m,
    );
  });

  it('is one of the suite reporters, before the closing line CI counts', () => {
    expect(config.test?.reporters).toEqual(['default', './test/reporters/slowest-files.ts', './test/reporters/summary-line.ts']);
  });
});
