/**
 * Pretty JSON (two spaces, a trailing newline) written in pieces: the text of
 * `JSON.stringify(value, null, 2)`, byte for byte, with one array of the value (a plan's routing
 * impact, the routing table's spans) given item by item. A table of many classes is then never one
 * string, which could pass the runtime's limit on a string's length (about 512 MiB).
 */

/** The pieces are joined up to about this many characters before they are given out. */
const CHUNK = 64 * 1024;

/**
 * The pretty JSON of `value` with `value[key]` replaced by `items`, in pieces of about 64 KiB (an
 * item longer than that is one piece). `value` holds `key` at its top level.
 */
export function* jsonChunks(value: Readonly<Record<string, unknown>>, key: string, items: readonly unknown[]): Generator<string> {
  // A marker no value holds: a NUL and a text that changes until the rendering holds it once.
  let marker = '\u0000items';
  let text = JSON.stringify({ ...value, [key]: marker }, null, 2);
  while (text.split(JSON.stringify(marker)).length !== 2) {
    marker += '\u0000';
    text = JSON.stringify({ ...value, [key]: marker }, null, 2);
  }
  const [head, tail] = text.split(JSON.stringify(marker)) as [string, string];
  if (items.length === 0) {
    yield `${head}[]${tail}\n`;
    return;
  }
  const indent = ' '.repeat(head.length - head.lastIndexOf('\n') - 1 - JSON.stringify(key).length - 2);
  const inner = `${indent}  `;
  let piece = `${head}[`;
  for (let i = 0; i < items.length; i++) {
    const json = JSON.stringify(items[i], null, 2).replaceAll('\n', `\n${inner}`);
    piece += `${i === 0 ? '' : ','}\n${inner}${json}`;
    if (piece.length >= CHUNK) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}\n${indent}]${tail}\n`;
}
