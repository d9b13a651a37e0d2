import type { ApplyEvent } from '../model/apply-report.js';

/**
 * One apply event as one line of JSON (JSON Lines), without the newline: `event` first, then the
 * other keys as given. JSON escapes every line break in strings; U+2028 and U+2029, which some
 * line readers split on, are escaped too, so a line never breaks inside an event.
 */
export function renderApplyEvent(event: ApplyEvent): string {
  const { event: name, ...rest } = event;
  return JSON.stringify({ event: name, ...rest })
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
