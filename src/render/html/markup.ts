/**
 * HTML built so that every value is escaped unless it is already markup: the `html` tag escapes
 * each interpolated string, so a route name, a DID or a platform message holding `<script>` comes
 * out as text. Names, descriptions and messages come from whoever writes the files or the platform.
 */
import { cleanText } from '../style.js';

/** A piece of HTML that is safe to insert as it is: made only by {@link html} (or {@link joinHtml}). */
export interface Html {
  readonly __html: string;
}

/** What `html` accepts in a `${…}`: text (escaped), markup (kept), lists of them, or nothing. */
export type HtmlValue = string | number | Html | readonly HtmlValue[] | null | undefined | false;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made inert in HTML, in element content and in quoted attributes alike: `& < > " '` become
 * entities; control characters and the bidi overrides are escaped first, as in every renderer
 * ({@link cleanText}), so no name can reorder what a reviewer reads.
 */
export function escapeHtml(text: string): string {
  return cleanText(text).replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

function isHtml(value: unknown): value is Html {
  return typeof value === 'object' && value !== null && '__html' in value;
}

function piece(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  if (isHtml(value)) return value.__html;
  return value.map(piece).join('');
}

/**
 * A template tag: `html\`<td>${name}</td>\`` with `name` escaped. Markup made by this tag nests
 * as it is; a list is joined with nothing between.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += piece(value) + (strings[i + 1] ?? '');
  });
  return { __html: out };
}

/** Pieces of markup (or text, escaped) joined by `separator` (text, escaped). */
export function joinHtml(values: readonly HtmlValue[], separator: string): Html {
  return { __html: values.map(piece).join(escapeHtml(separator)) };
}
