/**
 * Query-string parsing for the API, under two rule sets.
 *
 * The `spec` profile's (parseQuery): each `name=value` part is split on the raw `&` and `=` and
 * then percent-decoded with decodeURIComponent. A literal `+` stays `+`, and `%2B` / `%23` decode
 * to `+` / `#`; a bad escape or a repeated name is refused.
 *
 * The deployed platform's (parseFormQuery): Werkzeug's form decoding, which Flask applies to every
 * query. A `+` is a space (so `?did=+1555` asks for `" 1555"`), a bad escape stays as written, bytes
 * that are not UTF-8 become U+FFFD, and a name may repeat: `request.args.get()` takes the first
 * value, while `getRequestData()` merges every value, as a list, into the request data.
 */

/**
 * Decoded query arguments: the first value of each name (what `request.args.get()` answers), and
 * through {@link QueryArgs.all} every value in order (what `to_dict(flat=False)` merges).
 */
export class QueryArgs extends Map<string, string> {
  readonly #all = new Map<string, string[]>();

  /** Every value given for `name`, in order; `[]` when it was not given. */
  all(name: string): readonly string[] {
    return this.#all.get(name) ?? [];
  }

  /** Records one `name=value` part (the first value of a name stays the one `get` answers). */
  add(name: string, value: string): void {
    if (!this.has(name)) this.set(name, value);
    const list = this.#all.get(name);
    if (list) list.push(value);
    else this.#all.set(name, [value]);
  }
}

/** The parsed query, or the reason it could not be parsed. */
export type QueryResult = { readonly ok: true; readonly args: QueryArgs } | { readonly ok: false; readonly msg: string };

/**
 * Parses the raw query (without `?`) under the spec's rules. `name` with no `=` has the value `""`,
 * so `?did` selects the default mapping like `?did=`. Empty parts (`a=1&&b=2`) are skipped. A bad
 * percent escape or a repeated name is refused, because guessing which value was meant could touch
 * the wrong rule.
 */
export function parseQuery(raw: string): QueryResult {
  const args = new QueryArgs();
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = decode(eq < 0 ? '' : part.slice(eq + 1));
    if (name === null || value === null) return { ok: false, msg: 'Malformed query string' };
    if (args.has(name)) return { ok: false, msg: `Request argument repeated: ${name}` };
    args.add(name, value);
  }
  return { ok: true, args };
}

/**
 * Parses a raw query (or an `application/x-www-form-urlencoded` body) as Werkzeug does: `&`
 * separates parts, empty parts are skipped, a part without `=` has the value `""`, `+` is a space,
 * `%XX` is a byte (a `%` not followed by two hex digits stays as it is), and the bytes are read as
 * UTF-8 with U+FFFD for what is not. Never fails.
 */
export function parseFormQuery(raw: string): QueryArgs {
  const args = new QueryArgs();
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    args.add(formDecode(eq < 0 ? part : part.slice(0, eq)), formDecode(eq < 0 ? '' : part.slice(eq + 1)));
  }
  return args;
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

function formDecode(text: string): string {
  const bytes: number[] = [];
  const chars = Array.from(text.replaceAll('+', ' '));
  for (let i = 0; i < chars.length; i++) {
    const hex = `${chars[i + 1] ?? ''}${chars[i + 2] ?? ''}`;
    if (chars[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(chars[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
