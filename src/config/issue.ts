import type { ConfigIssue, SourceLocation } from '../model/desired.js';

/** `FILE:LINE:COL`, with FILE exactly as the user gave it. */
export function formatLocation(loc: SourceLocation): string {
  return `${loc.file}:${loc.line}:${loc.col}`;
}

/**
 * One issue as the user reads it: `FILE:LINE:COL: message`, then `  hint: …` on a second line
 * when there is a hint. An issue with no file (nothing to point at) prints the message alone.
 */
export function formatIssue(issue: ConfigIssue): string {
  const head = issue.file === '' ? issue.message : `${formatLocation(issue)}: ${issue.message}`;
  return issue.hint === '' ? head : `${head}\n  hint: ${issue.hint}`;
}

/**
 * Builds an issue at a location. Message and hint are made one printable line: a control character
 * or line separator from the file (a key, a DID) is written as an escape (`\u001b`), so no file can
 * break the `FILE:LINE:COL: message` form or drive the terminal that shows it.
 */
export function issueAt(loc: SourceLocation, message: string, hint: string): ConfigIssue {
  return { file: loc.file, line: loc.line, col: loc.col, message: printable(message), hint: printable(hint) };
}

const UNPRINTABLE = /[\p{Cc}\u2028\u2029]/gu;

function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Sorts issues by file (in the order the files were given, then by name), line and column.
 * Stable, so issues at one spot keep the order they were found in.
 */
export function sortIssues(issues: readonly ConfigIssue[], fileOrder: readonly string[]): ConfigIssue[] {
  const rank = new Map<string, number>();
  fileOrder.forEach((f, i) => {
    if (!rank.has(f)) rank.set(f, i);
  });
  const rankOf = (f: string): number => rank.get(f) ?? Number.MAX_SAFE_INTEGER;
  return [...issues].sort(
    (a, b) => rankOf(a.file) - rankOf(b.file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.col - b.col,
  );
}
