/** Small markdown helpers for text that comes from users or the platform. */

/**
 * Free text made inert in markdown and HTML: `&`, `<` and `>` become entities (a pull-request
 * comment renders HTML) and markdown punctuation is backslash-escaped.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~#])/g, '\\$1');
}

/** A code span that holds any text: the fence is one backtick longer than the longest run inside. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
