import type { Node, Pair, YAMLMap } from 'yaml';
import { isAlias, isMap, isPair, isScalar, isSeq } from './yaml-lib.js';
import type { SourceLocation } from '../model/desired.js';
import { positionOf, type SourceFile } from './source.js';

/** A path into a file's data: keys and list indexes, from the top. */
export type Path = readonly (string | number)[];

/** The text of a mapping key, the same way the data is built from it. */
export function keyText(key: unknown): string | null {
  if (key === null || key === undefined) return '';
  if (!isScalar(key)) return null;
  if (typeof key.value === 'symbol') return key.source ?? '<<';
  if (typeof key.value === 'number' || typeof key.value === 'bigint') return key.source ?? String(key.value);
  return String(key.value);
}

/** True for a merge key (`<<:`, plain): its value's mappings lend their keys to the mapping. */
export function isMergeKey(key: unknown): boolean {
  return isScalar(key) && typeof key.value === 'symbol';
}

/** The mappings a merge key's value names: one mapping, or a list of them (aliases followed). */
function mergeSources(source: SourceFile, value: unknown): unknown[] {
  const here = isAlias(value) ? value.resolve(source.doc) : value;
  const items = isSeq(here) ? here.items : [here];
  return items.map((item) => (isAlias(item) ? item.resolve(source.doc) : item));
}

/**
 * The pair of a key in a mapping: the mapping's own (the last, as the data keeps it), else the first
 * merged mapping's that has it, so an issue in a merged value points where the value is written.
 */
function pairOf(source: SourceFile, map: YAMLMap, key: string, seen: Set<unknown>): Pair | null {
  seen.add(map);
  for (let j = map.items.length - 1; j >= 0; j--) {
    const pair = map.items[j];
    if (isPair(pair) && !isMergeKey(pair.key) && keyText(pair.key) === key) return pair;
  }
  for (const pair of map.items) {
    if (!isMergeKey(pair.key)) continue;
    for (const merged of mergeSources(source, pair.value)) {
      if (!isMap(merged) || seen.has(merged)) continue;
      const found = pairOf(source, merged, key, seen);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Finds a node by path, only when an issue must be placed (no index of every node is built).
 * Aliases on the way are followed; a final alias is kept, so the issue points where it is used. A key
 * a merge key (`<<: *base`) brought in is found where the merged mapping writes it.
 * Returns the deepest node reached, or, with `key`, the key node of the last step.
 */
function nodeAt(source: SourceFile, path: Path, key = false): Node | null {
  let node: unknown = source.doc.contents;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const here: unknown = isAlias(node) ? node.resolve(source.doc) : node;
    let next: unknown;
    let keyNode: unknown;
    if (isMap(here)) {
      const pair = pairOf(source, here, String(seg), new Set());
      if (pair) {
        next = pair.value ?? pair.key;
        keyNode = pair.key;
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
