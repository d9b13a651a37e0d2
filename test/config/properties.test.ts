import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIssue, loadDesiredState, type LoadResult } from '../../src/config/index.js';
import { anyText, applyEdit, deepNesting, desiredShaped, edit, ENV, seedCandidates, serialized, tokenSoup } from './arbitraries.js';
import { F, ROOT } from './helpers.js';

/*
 * Whatever text a desired-state file holds, the loader answers with a DesiredState or with issues
 * the user can act on: each at FILE:LINE:COL inside the file, one line long, with a hint, and never
 * a stack trace, "[object Object]", "undefined" or a variable's value.
 */

const SECRET = ENV.SECRET as string;
/** Runs per property; explore further with DSIPFORM_PROPERTY_RUNS=2000 … --testTimeout=600000. */
const RUNS = Number(process.env.DSIPFORM_PROPERTY_RUNS ?? 150);

let dir: string;
let seeds: string[];
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-properties-'));
  seeds = [];
  for (const path of seedCandidates(ROOT, F)) {
    if ((await loadDesiredState([path], { cwd: ROOT, env: ENV })).ok) seeds.push(readFileSync(join(ROOT, path), 'utf8'));
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A valid file with 1 to 6 random edits. */
const mutated = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 6 }))
    .map(([i, edits]) => edits.reduce(applyEdit, seeds[i % seeds.length] as string));

async function writeCase(text: string, ext = 'yaml'): Promise<string> {
  const file = join(dir, `case-${n++}.${ext}`);
  await writeFile(file, text);
  return file;
}

/** What must hold of any load of one file; throws (with the reason) when it does not. */
function checkResult(file: string, text: string, result: LoadResult): void {
  if (result.ok) {
    expect(result.desired.files).toEqual([file]);
    return;
  }
  expect(result.issues.length).toBeGreaterThan(0);
  const lines = text.split('\n');
  for (const issue of result.issues) {
    const shown = formatIssue(issue);
    expect(issue.file, shown).toBe(file);
    expect(Number.isInteger(issue.line) && issue.line >= 1 && issue.line <= lines.length + 1, shown).toBe(true);
    const lineLength = lines[issue.line - 1]?.length ?? 0;
    expect(Number.isInteger(issue.col) && issue.col >= 1 && issue.col <= lineLength + 1, shown).toBe(true);
    expect(issue.message, shown).toMatch(/\S/);
    expect(issue.hint, shown).toMatch(/\S/);
    for (const words of [issue.message, issue.hint]) {
      // One line each, printable: the CLI prints them to a terminal as FILE:LINE:COL: message.
      expect(words, shown).not.toMatch(/\p{Cc}|\u2028|\u2029/u);
      expect(words, shown).not.toMatch(/\n\s+at |Maximum call stack|RangeError|TypeError|is not a function|Cannot read prop/);
      expect(words, shown).not.toContain(SECRET);
      if (!text.includes('[object Object]')) expect(words, shown).not.toContain('[object Object]');
      if (!text.includes('undefined')) expect(words, shown).not.toContain('undefined');
    }
  }
}

async function loadsSafely(text: string, ext = 'yaml'): Promise<void> {
  const file = await writeCase(text, ext);
  checkResult(file, text, await loadDesiredState([file], { env: ENV }));
}

describe('the loader on random and mutated files: issues with a place, never a crash', { timeout: 60_000 }, () => {
  it('arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, (text) => loadsSafely(text)),
      { numRuns: RUNS },
    );
  });

  it('YAML-significant token soup', async () => {
    await fc.assert(
      fc.asyncProperty(tokenSoup, (text) => loadsSafely(text)),
      { numRuns: RUNS },
    );
  });

  it('deep nesting', async () => {
    await fc.assert(
      fc.asyncProperty(deepNesting, (text) => loadsSafely(text)),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  it('any JSON value, as .json and as .yaml', async () => {
    await fc.assert(
      fc.asyncProperty(serialized(fc.jsonValue()), ({ text, ext }) => loadsSafely(text, ext)),
      { numRuns: RUNS },
    );
  });

  it('values shaped like a desired state, as .json and as .yaml', async () => {
    await fc.assert(
      fc.asyncProperty(serialized(desiredShaped), ({ text, ext }) => loadsSafely(text, ext)),
      { numRuns: RUNS * 2 },
    );
  });

  it('valid files with random edits', async () => {
    expect(seeds.length).toBeGreaterThanOrEqual(10);
    await fc.assert(
      fc.asyncProperty(mutated(), (text) => loadsSafely(text)),
      { numRuns: RUNS * 3 },
    );
  });
});

const CLI = join(ROOT, 'bin/dsipform.js');

function validate(file: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'validate', file],
      { cwd: ROOT, env: { ...process.env, ...ENV, NO_COLOR: '1' } },
      (err, _stdout, stderr) => {
        resolve({ code: err ? Number(err.code) : 0, stderr });
      },
    );
  });
}

describe('dsipform validate on generated files', () => {
  it('exits 0 or 1 and prints only FILE:LINE:COL issues, hints and the error line', async () => {
    expect(existsSync(join(ROOT, 'dist/cli/main.js')), 'build first: npm run build').toBe(true);
    const input = fc.oneof(
      mutated().map((text) => ({ text, ext: 'yaml' })),
      tokenSoup.map((text) => ({ text, ext: 'yaml' })),
      serialized(desiredShaped),
      deepNesting.map((text) => ({ text, ext: 'yaml' })),
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ text, ext }) => {
        const file = await writeCase(text, ext);
        const { code, stderr } = await validate(file);
        expect([0, 1], stderr).toContain(code);
        expect(stderr).not.toMatch(/\n\s+at |internal error|Maximum call stack/);
        expect(stderr, 'no raw control characters reach the terminal').not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
        const head = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `);
        // A routing finding that stops validate is `error: FILE:LINE:COL: …`; the command's own error line has its code.
        const stopping = new RegExp(`^error: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `);
        for (const line of stderr.split('\n').filter((l) => l !== '')) {
          expect(
            head.test(line) || stopping.test(line) || /^ {2}hint: |^hint: |^error \([A-Z][A-Z0-9_]*\): |^warning: /.test(line),
            line,
          ).toBe(true);
        }
        if (code === 1) expect(stderr).toMatch(/^error \(CONFIG_INVALID\): \d+ problems? in the configuration/m);
      }),
      { numRuns: 8 },
    );
    // Eight CLI processes: a guard against a hang, not a speed check (a busy two-core machine needs room).
  }, 90_000);
});
