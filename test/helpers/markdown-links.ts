// Links and headings of a markdown page, outside fenced code and inline code, for the link tests.

/** A link of a markdown page: its target as written, and the 1-based line it is on. */
export interface MarkdownLink {
  readonly target: string;
  readonly line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The lines of a page outside fenced blocks, each with its 1-based number. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const mark = FENCE.exec(text)?.[1];
    if (fence) {
      if (mark && mark[0] === fence[0] && mark.length >= fence.length && text.trim() === mark) fence = undefined;
    } else if (mark) fence = mark;
    else out.push({ text, line: index + 1 });
  });
  return out;
}

/** The headings of a page (text without the #s), outside fenced code. */
export function headingsOf(markdown: string): string[] {
  return proseLines(markdown).flatMap(({ text }) => /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1] ?? []);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The inline links `[text](target)` of a page, outside fenced and inline code. */
export function linksOf(markdown: string): MarkdownLink[] {
  return proseLines(markdown).flatMap(({ text, line }) =>
    [...text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ target: m[1]!, line })),
  );
}
