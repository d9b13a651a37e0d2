/**
 * A small strict XML reader for tests that parse a report back (JUnit): elements, attributes, text,
 * the five entities and numeric character references. It throws on anything malformed (a raw `<`
 * or `&` in text or an attribute, unbalanced tags, a second root), so a test fails on bad escaping.
 */

/** One element: its name, attributes (decoded), children, and text (decoded, concatenated). */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  if (/<|&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-f]+);)/i.test(raw)) throw new Error(`unescaped < or & in ${where}: ${raw}`);
  return raw.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e.startsWith('#x') || e.startsWith('#X')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (ENTITIES[e] as string),
  );
}

/** Parses a whole document (an optional `<?xml …?>` declaration, one root element). */
export function parseXml(text: string): XmlElement {
  let pos = 0;
  const decl = /^<\?xml[^?]*\?>\s*/.exec(text);
  if (decl) pos = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"]*")*)\s*(\/?)>/y;
  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const chunk = text.slice(pos, lt < 0 ? text.length : lt);
    if (chunk.length > 0) {
      const top = stack[stack.length - 1];
      if (!top) {
        if (chunk.trim() !== '') throw new Error(`text outside the root: ${chunk}`);
      } else top.text += decode(chunk, `<${top.name}> text`);
    }
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(text);
    if (!m) throw new Error(`malformed tag at ${lt}: ${text.slice(lt, lt + 60)}`);
    const [, close, name = '', rawAttrs = '', selfClose] = m;
    pos = tag.lastIndex;
    if (close) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of rawAttrs.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
      const key = a[1] as string;
      if (key in attrs) throw new Error(`attribute ${key} twice on <${name}>`);
      attrs[key] = decode(a[2] as string, `${name}@${key}`);
    }
    const el: XmlElement = { name, attrs, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root) throw new Error('a second root element');
    else root = el;
    if (!selfClose) stack.push(el);
  }
  if (stack.length > 0 || !root) throw new Error('the document ends inside an element, or has none');
  return root;
}
