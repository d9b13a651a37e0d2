// The `sh` blocks of a docs page, each with the reason it is not run when the page says one: a
// block that needs a real platform, a secret or a long-running process is marked by the line
// `<!-- not run: REASON -->` just before its fence, so that no block drops out of the tests unseen.
import { readFileSync } from 'node:fs';

/** One `sh` block of a page: its text, the line of its fence, and why it is not run (if marked). */
export interface ShellBlock {
  readonly text: string;
  readonly line: number;
  readonly notRun?: string;
}

const NOT_RUN = /^<!-- not run: (.+?) -->$/;

/** Every ```sh block of the markdown file at `path`, in order. */
export function shellBlocksOf(path: string): ShellBlock[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const blocks: ShellBlock[] = [];
  let open: { line: number; body: string[]; notRun?: string } | undefined;
  let fenced = false; // inside a block of another language
  lines.forEach((line, index) => {
    if (open) {
      if (line.startsWith('```')) {
        blocks.push({ text: open.body.join('\n') + '\n', line: open.line, ...(open.notRun ? { notRun: open.notRun } : {}) });
        open = undefined;
      } else open.body.push(line);
    } else if (fenced) fenced = !line.startsWith('```');
    else if (line === '```sh') {
      let before = index - 1;
      while (before >= 0 && lines[before]!.trim() === '') before--;
      const reason = NOT_RUN.exec(lines[before] ?? '')?.[1];
      open = { line: index + 1, body: [], ...(reason ? { notRun: reason } : {}) };
    } else if (line.startsWith('```')) fenced = true;
  });
  return blocks;
}
