// Every relative link of README.md and docs/*.md reaches a file that exists, and every anchor
// (`#x`, `page.md#x`) a heading of that page: the README links out to the docs pages, and the pages
// to each other, so a section moved or renamed must not leave a link behind.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorOf, headingsOf, linksOf } from '../helpers/markdown-links.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The anchors of a markdown file's headings, read once each. */
const anchors = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let found = anchors.get(file);
  if (!found) {
    found = new Set(headingsOf(readFileSync(file, 'utf8')).map(anchorOf));
    anchors.set(file, found);
  }
  return found;
}

describe('links of README.md and docs/', () => {
  it.each(PAGES)('%s links only to files and headings that exist', (page) => {
    const file = join(ROOT, page);
    const broken: string[] = [];
    for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not this repository's
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const to = path === '' ? file : join(dirname(file), decodeURIComponent(path));
      if (!existsSync(to)) broken.push(`${page}:${line}: ${target}: no file ${relative(ROOT, to)}`);
      else if (anchor !== undefined && to.endsWith('.md') && !anchorsOf(to).has(anchor))
        broken.push(`${page}:${line}: ${target}: no heading with that anchor in ${relative(ROOT, to)}`);
    }
    expect(broken).toEqual([]);
  });

  it('finds the links it checks (a link reader that reads none would pass anything)', () => {
    expect(linksOf('See [a](docs/a.md#b), `[not](code.md)`, and\n```\n[nor](x.md)\n```\n[c](#d).')).toEqual([
      { target: 'docs/a.md#b', line: 1 },
      { target: '#d', line: 5 },
    ]);
    expect(anchorOf('Where does a call go: `dsipform route`')).toBe('where-does-a-call-go-dsipform-route');
  });
});
