import { isAlias, isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { SourceLocation } from '../model/desired.js';
import { positionOf, type SourceFile } from './source.js';

/** A path into a file's data: keys and list indexes, from the top. */
export type Path = readonly (string | number)[];

/** The text of a mapping key, the same way the data is built from it. */
export function keyText(key: unknown): string | null {
  if (key === null || key === undefined) return '';
  if (!isScalar(key)) return null;
  if (typeof key.value === 'number' || typeof key.value === 'bigint') return key.source ?? String(key.value);
  return String(key.value);
}

/**
 * Finds a node by path, only when an issue must be placed (no index of every node is built).
 * Aliases on the way are followed; a final alias is kept, so the issue points where it is used.
 * Returns the deepest node reached, or, with `key`, the key node of the last step.
 */
export function nodeAt(source: SourceFile, path: Path, key = false): Node | null {
  let node: unknown = source.doc.contents;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const here: unknown = isAlias(node) ? node.resolve(source.doc) : node;
    let next: unknown;
    let keyNode: unknown;
    if (isMap(here)) {
      for (let j = here.items.length - 1; j >= 0; j--) {
        const pair = here.items[j];
        if (isPair(pair) && keyText(pair.key) === String(seg)) {
          next = pair.value ?? pair.key;
          keyNode = pair.key;
          break;
        }
      }
    } else if (isSeq(here) && typeof seg === 'number') {
      next = here.items[seg];
    }
    if (i === path.length - 1 && key && keyNode) return keyNode as Node;
    if (!next) return (node as Node | null) ?? null;
    node = next;
  }
  return (node as Node | null) ?? null;
}

/** Line and column of the node at a path (of its key with `key`); line 1, column 1 when there is none. */
export function locate(source: SourceFile, path: Path, key = false): SourceLocation {
  const node = nodeAt(source, path, key);
  const offset = node?.range?.[0];
  return offset === undefined ? { file: source.file, line: 1, col: 1 } : positionOf(source, offset);
}
