/**
 * The one plural rule of every message dsipform prints: the singular for exactly 1, the plural
 * for any other count (0 included). Without `many`, the plural adds `s`; irregular words
 * (`entry`/`entries`) and verbs (`stops`/`stop`) give both forms.
 *
 * `plural(1, 'route')` → `route`; `plural(2, 'stops', 'stop')` → `stop`.
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/**
 * A count and its noun: `count(1, 'inbound mapping')` → `1 inbound mapping`,
 * `count(0, 'change')` → `0 changes`, `count(3, 'entry', 'entries')` → `3 entries`.
 */
export function count(n: number, one: string, many?: string): string {
  return `${n} ${plural(n, one, many)}`;
}
