/** Reading an HTML page in the tests: its text as a reader sees it, and the elements it uses. */

/** The page's text as a reader sees it: tags dropped, entities decoded, whitespace collapsed. */
export function textOf(page: string): string {
  return page
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<\/?(?:code|span|strong)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The elements dsipform's pages use: a value that became markup would add another. */
export const TAGS: ReadonlySet<string> = new Set(
  'html head meta title style body h1 h2 h3 p dl dt dd code span strong table thead tbody tr th td ul li div section br footer caption'.split(
    ' ',
  ),
);
/** The name of every element a page opens or closes, in order. */
export const tagsOf = (page: string): string[] => [...page.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
