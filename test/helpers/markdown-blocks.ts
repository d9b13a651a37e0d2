import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** A fenced code block of a markdown file, as printed. */
export interface FencedBlock {
  /** The info string's first word (`sh`, `yaml`), or '' when the fence names none. */
  readonly lang: string;
  /** The lines between the fences, each ending in a newline. */
  readonly text: string;
  /** The 1-based line of the opening fence, to point at it when the block fails. */
  readonly line: number;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;

/**
 * The fenced blocks of the section under `heading` (its text without the #s, at any level), in order:
 * the section runs to the next heading of the same level or above, and a line starting with `#`
 * inside a block (a shell or YAML comment) is no heading. Fails the test when no heading matches,
 * or more than one does.
 */
export function fencedBlocks(markdown: string, heading: string): FencedBlock[] {
  const lines = markdown.split('\n');
  const blocks: FencedBlock[] = [];
  const starts: number[] = [];
  let level = 0; // of the section being read; 0 when outside it
  let fence: { marker: string; lang: string; line: number; body: string[] } | undefined;
  lines.forEach((line, index) => {
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence.marker[0] && close[1]!.length >= fence.marker.length && close[2] === '') {
        if (level > 0) blocks.push({ lang: fence.lang, text: fence.body.map((l) => `${l}\n`).join(''), line: fence.line });
        fence = undefined;
      } else fence.body.push(line);
      return;
    }
    const open = FENCE.exec(line);
    if (open) {
      fence = { marker: open[1]!, lang: open[2]!, line: index + 1, body: [] };
      return;
    }
    const h = HEADING.exec(line);
    if (!h) return;
    if (level > 0 && h[1]!.length <= level) level = 0;
    if (h[2] === heading) {
      starts.push(index + 1);
      level = h[1]!.length;
    }
  });
  expect(starts, `one heading "${heading}"`).toHaveLength(1);
  return blocks;
}

/** The fenced blocks of the section under `heading` of the markdown file at `path` (see {@link fencedBlocks}). */
export function fencedBlocksOf(path: string, heading: string): FencedBlock[] {
  return fencedBlocks(readFileSync(path, 'utf8'), heading);
}
