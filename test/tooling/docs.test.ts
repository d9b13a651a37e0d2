// Docs that age well: superseded decisions say so at their top, linking to a later entry that exists;
// the performance page opens with one current table, the runs' history below it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The headings of a Markdown text outside fenced code, with their level and line index. */
function headings(text: string): { level: number; title: string; line: number }[] {
  let fenced = false;
  const found: { level: number; title: string; line: number }[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^(#+) (.*)$/.exec(line);
    if (m) found.push({ level: m[1]!.length, title: m[2]!, line: index });
  });
  return found;
}

describe('docs/decisions.md', () => {
  const text = read('docs/decisions.md');
  const lines = text.split('\n');
  const entries = headings(text).filter((h) => h.level === 2);

  it('marks superseded entries at their top, each linking to a later entry', () => {
    const marks = lines.flatMap((line, index) => (line.startsWith('**Superseded') ? [index] : []));
    expect(marks.length).toBeGreaterThanOrEqual(9);
    for (const index of marks) {
      const entry = [...entries].reverse().find((h) => h.line < index)!;
      expect(lines[index - 1], `the mark directly under "${entry.title}"`).toBe(`## ${entry.title}`);
      const target = /^\*\*Superseded(?: in part)?\*\* by \[([^\]]+)\]\(#([^)]+)\): \S/.exec(lines[index]!);
      expect(target, lines[index]).not.toBeNull();
      const replacing = entries.find((h) => anchorOf(h.title) === target![2]);
      expect(replacing, `an entry with the anchor #${target![2]}`).toBeDefined();
      expect(replacing!.title).toBe(target![1]);
      expect(replacing!.line, `"${replacing!.title}" comes after "${entry.title}"`).toBeGreaterThan(entry.line);
    }
  });

  it('has no "supersedes" in an entry whose superseded entry is left unmarked', () => {
    for (const m of text.matchAll(/[Ss]upersedes (?:the [^"]*)?"([^"]+)"/g)) {
      const old = entries.find((h) => h.title === m[1]);
      expect(old, m[0]).toBeDefined();
      expect(lines[old!.line + 1], `"${old!.title}" is marked`).toMatch(/^\*\*Superseded/);
    }
  });
});

describe('docs/performance.md', () => {
  const text = read('docs/performance.md');
  const sections = headings(text).filter((h) => h.level === 2);

  it('opens with the current figures, and keeps the runs below as history', () => {
    expect(sections[0]?.title).toBe('Current figures');
    expect(sections.map((h) => h.title)).toContain('History');
    const history = sections.find((h) => h.title === 'History')!;
    const below = headings(text).filter((h) => h.line > history.line);
    expect(below.length).toBeGreaterThan(3);
    expect(
      below.every((h) => h.level > 2),
      'every run is a subsection of History',
    ).toBe(true);
  });

  it('names for each current figure the run it comes from, by a link that exists', () => {
    const start = text.indexOf('## Current figures');
    const table = text.slice(start, text.indexOf('\n## ', start + 1));
    const rows = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| benchmark'));
    expect(rows.length).toBeGreaterThan(8);
    const anchors = new Set(headings(text).map((h) => anchorOf(h.title)));
    for (const row of rows) {
      const link = /\]\(#([^)]+)\) \|$/.exec(row)?.[1];
      expect(link, row).toBeDefined();
      expect(anchors.has(link!), `#${link} exists`).toBe(true);
    }
  });
});
