// README.md is the front door: at most 300 lines; its table of contents lists every section in order,
// each link reaches its heading, and its list of reference pages puts Terraform and CDKTF after the
// core ones (files, CLI, CI, the library).
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

  it('is a front door of at most 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme.split('\n```yaml\n')[0]!.split('\n## ')).toHaveLength(1); // a YAML example before any section
  });

  it('lists the reference pages with Terraform and CDKTF after the core ones', () => {
    const docs = readme.slice(readme.indexOf('## Documentation'), readme.indexOf('\n## ', readme.indexOf('## Documentation') + 1));
    const pages = [...docs.matchAll(/\]\((docs\/[\w-]+\.md)[)#]/g)].map((m) => m[1]!);
    const at = (page: string) => pages.indexOf(page);
    for (const core of ['docs/plan-and-apply.md', 'docs/routing.md', 'docs/gitops.md', 'docs/library.md']) {
      expect(at(core), core).toBeGreaterThanOrEqual(0);
      expect(at(core), core).toBeLessThan(at('docs/terraform.md'));
    }
    expect(at('docs/terraform.md')).toBeLessThan(at('docs/cdktf.md'));
  });
});
