import { classWords, type ClassParts } from './html/class-words.js';

const LEAD = 'calls to ';

/**
 * The calls of a class under a "calls to" heading: `44… except 4420…`, `every other number`,
 * `1… from …1555`. The words are the impact's and the HTML page's ({@link classWords}), without
 * their lead, so every output of `routes` and `plan` names a class alike. Plain text, not escaped.
 */
export function callsWords(c: ClassParts): string {
  const words = classWords(c);
  return words.startsWith(LEAD) ? words.slice(LEAD.length) : words;
}

/** The time examined as a sentence: `Checked over one week from Mon 2026-11-30 00:00 Europe/London.` */
export function horizonSentence(words: string): string {
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return text.endsWith('.') ? text : `${text}.`;
}
