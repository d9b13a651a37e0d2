/**
 * Query-string parsing for the API. Each `name=value` part is split on the raw `&` and `=` and then
 * percent-decoded with decodeURIComponent. URLSearchParams is deliberately not used: it follows the
 * HTML form rules and turns `+` into a space, which would silently change a DID like `+4420...`.
 * Here a literal `+` stays `+`, and `%2B` / `%23` decode to `+` / `#`.
 */

/** Decoded query arguments by name. */
export type QueryArgs = ReadonlyMap<string, string>;

/** The parsed query, or the reason it could not be parsed. */
type QueryResult = { readonly ok: true; readonly args: QueryArgs } | { readonly ok: false; readonly msg: string };

/**
 * Parses the raw query (without `?`). `name` with no `=` has the value `""`, so `?did` selects the
 * default mapping like `?did=`. Empty parts (`a=1&&b=2`) are skipped. A bad percent escape or a
 * repeated name is refused, because guessing which value was meant could touch the wrong rule.
 */
export function parseQuery(raw: string): QueryResult {
  const args = new Map<string, string>();
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = decode(eq < 0 ? '' : part.slice(eq + 1));
    if (name === null || value === null) return { ok: false, msg: 'Malformed query string' };
    if (args.has(name)) return { ok: false, msg: `Request argument repeated: ${name}` };
    args.set(name, value);
  }
  return { ok: true, args };
}

/** Splits a request target into its path and raw query. */
export function splitTarget(target: string): { path: string; rawQuery: string } {
  const q = target.indexOf('?');
  return q < 0 ? { path: target, rawQuery: '' } : { path: target.slice(0, q), rawQuery: target.slice(q + 1) };
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
