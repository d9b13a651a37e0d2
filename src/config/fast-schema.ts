import { schemaChild, type SchemaNode } from './schema.js';

/**
 * A node of the files' schema as the fast reader asks it: whether a plain scalar there keeps its
 * text (a string field), whether it is write-only, and its children, each found once. The schema's
 * own nodes are parsed JSON of many shapes, so each question put to them (`type`, `writeOnly`,
 * `$ref`, `properties[key]`) was a lookup V8 cannot specialise, asked for every key and scalar of
 * files of tens of thousands of entries (issue 33 §4). The answers are `schemaChild`'s.
 */
export class ReadNode {
  /** `type: string`: a plain scalar keeps its text, whatever number it looks like. */
  readonly keepsText: boolean;
  /** `writeOnly: true`: a value sent, never read back (a password); its place is recorded. */
  readonly writeOnly: boolean;
  readonly #schema: SchemaNode | undefined;
  /** The children found so far, by key: a schema has a few dozen keys, a file repeats them. */
  readonly #children = new Map<string, ReadNode>();
  #items: ReadNode | undefined;

  constructor(schema: SchemaNode | undefined) {
    this.#schema = schema;
    this.keepsText = schema?.type === 'string';
    this.writeOnly = schema?.writeOnly === true;
  }

  /** The node of a mapping's key below this one ({@link NO_NODE} where the schema has none). */
  child(key: string): ReadNode {
    let child = this.#children.get(key);
    if (child === undefined) {
      if (this.#schema === undefined) return NO_NODE;
      child = readNode(schemaChild(this.#schema, key));
      // A key the schema does not know is not kept: a file may hold any number of them.
      if (child === NO_NODE) return child;
      this.#children.set(key, child);
    }
    return child;
  }

  /** The node of every item of a list below this one (the schema's `items`). */
  items(): ReadNode {
    return (this.#items ??= readNode(schemaChild(this.#schema, 0)));
  }
}

/** The node where the schema says nothing: a plain scalar there is read by its looks. */
export const NO_NODE = new ReadNode(undefined);

/** Each schema node's one `ReadNode`, so that a `$ref` reached from several places is asked once. */
const nodes = new WeakMap<SchemaNode, ReadNode>();

/** The reader's node of a schema node. */
export function readNode(schema: SchemaNode | undefined): ReadNode {
  if (schema === undefined) return NO_NODE;
  let node = nodes.get(schema);
  if (node === undefined) nodes.set(schema, (node = new ReadNode(schema)));
  return node;
}
