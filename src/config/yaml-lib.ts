import { createRequire } from 'node:module';
import type { Alias, LineCounter as LineCounterClass, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';

type YamlModule = typeof import('yaml');

let lib: YamlModule | undefined;

/**
 * The `yaml` library, loaded on first use: the fast reader reads plain files without it, so a
 * run whose files it reads never loads yaml's 70 modules. Loaded with `require` (yaml's Node entry
 * is CommonJS), so the YAML parser's path stays synchronous.
 */
function yaml(): YamlModule {
  lib ??= createRequire(import.meta.url)('yaml') as YamlModule;
  return lib;
}

/** yaml's `isAlias`. */
export const isAlias = (node: unknown): node is Alias => yaml().isAlias(node);
/** yaml's `isScalar`. */
export const isScalar = (node: unknown): node is Scalar => yaml().isScalar(node);
/** yaml's `isMap`. */
export const isMap = (node: unknown): node is YAMLMap => yaml().isMap(node);
/** yaml's `isSeq`. */
export const isSeq = (node: unknown): node is YAMLSeq => yaml().isSeq(node);
/** yaml's `isPair`. */
export const isPair = (node: unknown): node is Pair => yaml().isPair(node);
/** yaml's `parseDocument`. */
export const parseDocument = ((...args: unknown[]) =>
  (yaml().parseDocument as (...a: unknown[]) => unknown)(...args)) as YamlModule['parseDocument'];
/** A new yaml `LineCounter`. */
export function newLineCounter(): LineCounterClass {
  return new (yaml().LineCounter)();
}
