import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No test reads or writes a fixed path outside its own temporary folder. A test that wrote to a fixed
 * folder passed only where that folder happened to exist (CI's machine) and failed on a fresh one;
 * one that shares a fixed file with the next run can pass on its leftover. Every file under test/ is
 * read here, but this one, whose cases hold the very patterns it looks for.
 */

const TEST = fileURLToPath(new URL('..', import.meta.url));
const SELF = join('tooling', 'temp-paths.test.ts');

/** One fixed temporary path in a file: its line, and what was found there. */
interface Found {
  readonly line: number;
  readonly text: string;
}

// An absolute /tmp or /var/tmp: after a quote, a space, `=`, `(` or the start of a line, not inside a longer path.
const ABSOLUTE_TMP = /(?<![\w.~$}/\\-])(?:\/var)?\/tmp(?![\w-])/g;
const TMPDIR_CALL = /\btmpdir\(\)/g;
// The one accepted use of the temporary directory: a fresh folder made in it, whitespace aside.
const OWN_FOLDER = /mkdtemp(Sync)?\(join\($/;

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** The fixed temporary paths in `text`: an absolute `/tmp…` or `/var/tmp…`, and `tmpdir()` anywhere but in `mkdtemp(join(tmpdir(), …))`. */
function fixedTempPaths(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(ABSOLUTE_TMP))
    found.push({ line: lineAt(text, m.index), text: text.slice(Math.max(0, m.index - 1), m.index + m[0].length) });
  for (const m of text.matchAll(TMPDIR_CALL)) {
    const before = text.slice(Math.max(0, m.index - 60), m.index).replace(/\s+/g, '');
    if (!OWN_FOLDER.test(before)) found.push({ line: lineAt(text, m.index), text: 'tmpdir() outside mkdtemp(join(tmpdir(), …))' });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Every file under test/ but this one, as [path relative to test/, text]. */
function testFiles(): [string, string][] {
  return readdirSync(TEST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => relative(TEST, path) !== SELF)
    .map((path) => [relative(TEST, path), readFileSync(path, 'utf8')]);
}

// The samples below spell the fixed paths from parts, so this file does not hold one itself.
const TMP = ['', 'tmp'].join('/');

describe('temporary paths in the tests', () => {
  it('finds a fixed path in /tmp or in the temporary directory, and leaves a folder of its own alone', () => {
    const found = fixedTempPaths(
      [
        `writeFileSync('${TMP}/html-out/mixed.html', page);`,
        `const out = \`${TMP}/\${name}.json\`;`,
        'const env = { HOME: tmpdir() };',
        "const out = join(tmpdir(), 'survey.json');",
        "const dir = mkdtempSync(join(tmpdir(), 'dsipform-cli-'));",
        'const dir = await mkdtemp(\n  join(tmpdir(), "dsipform-x-"),\n);',
        "const nested = join(dir, 'tmp', 'x');",
        'const sub = `${dir}/tmp/x`;',
        "const other = '/var/tmp2';",
        `const spool = '/var${TMP}/dsipform';`,
      ].join('\n'),
    );
    expect(found).toEqual([
      { line: 1, text: `'${TMP}` },
      { line: 2, text: `\`${TMP}` },
      { line: 3, text: 'tmpdir() outside mkdtemp(join(tmpdir(), …))' },
      { line: 4, text: 'tmpdir() outside mkdtemp(join(tmpdir(), …))' },
      { line: 12, text: `'/var${TMP}` },
    ]);
  });

  it('no file under test/ names a path in /tmp, or one in the temporary directory outside a folder of its own', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap(([path, text]) => fixedTempPaths(text).map((f) => `test/${path}:${f.line}: ${f.text}`));
    expect(offenders, 'make a folder of its own, mkdtempSync(join(tmpdir(), "dsipform-<what>-")), and keep the files there').toEqual([]);
  });
});
