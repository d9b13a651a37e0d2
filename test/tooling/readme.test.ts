// README.md's table of contents lists every section in order, each link reaches its heading, and the
// Terraform and CDKTF sections come after the core ones (files, CLI, CI, the library).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The headings of a level, outside fenced code. */
function headings(level: number): string[] {
  let fenced = false;
  const found: string[] = [];
  for (const line of readme.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && line.startsWith(`${'#'.repeat(level)} `)) found.push(line.slice(level + 1));
  }
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

describe('README.md', () => {
  const sections = headings(2);

  it('lists every section in its contents, in order, each linking to its heading', () => {
    expect(sections[0]).toBe('Contents');
    const contents = readme.slice(readme.indexOf('## Contents'), readme.indexOf('\n## ', readme.indexOf('## Contents') + 1));
    const entries = [...contents.matchAll(/^- \[(.+)\]\(#([^)]+)\)$/gm)].map((m) => [m[1], m[2]]);
    expect(entries).toEqual(sections.slice(1).map((heading) => [heading, anchorOf(heading)]));
  });

  it('links only to anchors it has', () => {
    const anchors = new Set([...headings(2), ...headings(3)].map(anchorOf));
    const links = [...readme.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((link) => !anchors.has(link))).toEqual([]);
  });

  it('puts Terraform and CDKTF after the core sections', () => {
    const at = (name: string) => sections.indexOf(name);
    for (const core of ['Quick start', 'Plan and apply', 'In CI', 'Taking an existing platform under management', 'Library use']) {
      expect(at(core), core).toBeGreaterThan(0);
      expect(at(core), core).toBeLessThan(at('Terraform'));
    }
    expect(at('Terraform')).toBeLessThan(at('CDKTF'));
  });
});
