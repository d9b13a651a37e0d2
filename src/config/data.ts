import type { Alias, Node, Scalar } from 'yaml';
import { isAlias, isMap, isScalar, isSeq } from './yaml-lib.js';
import type { ConfigIssue } from '../model/desired.js';
import { looksLikeValue, VALUE_NOT_NAME } from '../model/env-names.js';
import { deferredVariable, substitute } from './env.js';
import { issueAt } from './issue.js';
import { isMergeKey, keyText, type Path } from './locate.js';
import { fieldPath } from './messages.js';
import { desiredStateSchema, schemaChild, type SchemaNode } from './schema.js';
import { positionOf, type SourceFile } from './source.js';

/** A file's data as plain values, and what the loader did to its strings. */
export interface FileData {
  readonly value: unknown;
  /** Paths (see `pathKey`) of strings that took environment variables, with their text as written. */
  readonly substituted: ReadonlyMap<string, string>;
  /** Paths of strings that name an unset variable (already reported; later rules skip them). */
  readonly unresolved: ReadonlySet<string>;
  /**
   * Paths of write-only strings written as `${NAME}` whose variable is not set here, with the name
   * (`deferredVariable`): no issue, the value stays as written, and only a command that sends it
   * reads the variable.
   */
  readonly deferred: ReadonlyMap<string, string>;
  /**
   * Paths of whole numbers too large for a JavaScript number to hold exactly (9007199254740993),
   * with their text as written, so that a message shows the digits the user wrote.
   */
  readonly inexact: ReadonlyMap<string, string>;
  readonly issues: readonly ConfigIssue[];
  /** False when aliases loop or run away: the data is meaningless, check nothing further. */
  readonly complete: boolean;
}

/** The prototype of every mapping of a file's data: an object without members (`newMapping`). */
const MAPPING: object = Object.create(null) as object;

/**
 * An empty mapping of a file's data, for both readers. Like `Object.create(null)` it has no
 * members, so `constructor`, `toString` or `__proto__` in a file is a key like any other; unlike
 * it, V8 gives it fast properties and one shape per key order. An `Object.create(null)` object is
 * a hash table from the start, and every read of a big file's entries (the schema, the value
 * rules, normalising) was a lookup in one (issue 33 §4).
 */
export function newMapping(): Record<string, unknown> {
  return Object.create(MAPPING) as Record<string, unknown>;
}

/** The key of a path in `substituted`, `unresolved` and `deferred`. */
export function pathKey(path: Path): string {
  return JSON.stringify(path);
}

interface Walk {
  readonly source: SourceFile;
  readonly env: NodeJS.ProcessEnv;
  readonly substituted: Map<string, string>;
  readonly unresolved: Set<string>;
  readonly deferred: Map<string, string>;
  readonly inexact: Map<string, string>;
  readonly issues: ConfigIssue[];
  /** Anchored nodes being expanded, to stop an alias that contains itself. */
  readonly expanding: Set<Node>;
  /** Nodes left to convert; aliases may multiply a small file, so the work is capped. */
  budget: number;
  /** Set when the aliases make the data meaningless; nothing further is checked. */
  aborted: boolean;
}

/**
 * Turns the YAML document into plain values in one pass. Where the schema expects a string and
 * the file holds an unquoted number (`did: 0044123`), the number's source text is kept, so no
 * digit is lost or read as octal/hex. `${NAME}` in every string takes the environment variable,
 * except a write-only value whose variable is not set here (`deferredVariable`).
 */
export function toData(source: SourceFile, env: NodeJS.ProcessEnv): FileData {
  const walk: Walk = {
    source,
    env,
    substituted: new Map(),
    unresolved: new Set(),
    deferred: new Map(),
    inexact: new Map(),
    issues: [],
    expanding: new Set(),
    budget: 4 * source.text.length + 10_000,
    aborted: false,
  };
  const value = convert(walk, source.doc.contents, [], desiredStateSchema());
  const { substituted, unresolved, deferred, inexact, issues } = walk;
  return { value, substituted, unresolved, deferred, inexact, issues, complete: !walk.aborted };
}

function convert(walk: Walk, node: unknown, path: Path, schema: SchemaNode | undefined): unknown {
  if (walk.aborted) return null;
  if (--walk.budget < 0) {
    walk.aborted = true;
    report(walk, node, 'aliases expand this file beyond a sane size', 'write the values out instead of nesting aliases');
    return null;
  }
  if (isAlias(node)) return convertAlias(walk, node, path, schema);
  if (isScalar(node)) return scalarValue(walk, node, path, schema);
  if (isMap(node)) {
    const out = newMapping();
    const merges: unknown[] = [];
    for (const pair of node.items) {
      if (isMergeKey(pair.key)) {
        merges.push(pair.value);
        continue;
      }
      const key = keyText(pair.key);
      if (key === null) {
        report(walk, pair.key, 'a key must be a plain word, not a list or mapping', 'write the key as text, e.g. did:');
        continue;
      }
      out[key] = convert(walk, pair.value, [...path, key], schemaChild(schema, key));
    }
    for (const value of merges) merge(walk, out, value, path, schema);
    return out;
  }
  if (isSeq(node)) {
    return node.items.map((item, i) => convert(walk, item, [...path, i], schemaChild(schema, i)));
  }
  return null;
}

/**
 * A merge key (`<<: *base` or `<<: [*a, *b]`): the keys of the merged mappings that the mapping
 * does not have yet are added, the first merged mapping first (YAML's merge key type). Values are
 * converted only for the keys taken, so a value the mapping overrides is never checked.
 */
function merge(walk: Walk, out: Record<string, unknown>, value: unknown, path: Path, schema: SchemaNode | undefined): void {
  const here = isAlias(value) ? value.resolve(walk.source.doc) : value;
  for (const item of isSeq(here) ? here.items : [value]) {
    if (walk.aborted) return;
    const map = isAlias(item) ? item.resolve(walk.source.doc) : item;
    if (!isMap(map)) {
      const hint = 'anchor a mapping (&base {servers: ["66"]}) and merge it with <<: *base, or list several: <<: [*a, *b]';
      report(walk, item ?? value, 'a merge key (<<) takes a mapping or a list of mappings, like <<: *base', hint);
      continue;
    }
    // Each merged mapping costs budget, also when all its keys are taken already: nested merges multiply.
    if (--walk.budget < 0) {
      walk.aborted = true;
      report(walk, item, 'merge keys expand this file beyond a sane size', 'write the values out instead of nesting merges');
      return;
    }
    if (walk.expanding.has(map)) {
      walk.aborted = true;
      report(walk, item, 'a merge key (<<) merges a mapping into itself', 'merge a mapping defined outside of this one');
      return;
    }
    walk.expanding.add(map);
    try {
      const nested: unknown[] = [];
      for (const pair of map.items) {
        if (isMergeKey(pair.key)) nested.push(pair.value);
        else {
          const key = keyText(pair.key);
          if (key !== null && !(key in out)) out[key] = convert(walk, pair.value, [...path, key], schemaChild(schema, key));
        }
      }
      for (const more of nested) merge(walk, out, more, path, schema);
    } finally {
      walk.expanding.delete(map);
    }
  }
}

function convertAlias(walk: Walk, node: Alias, path: Path, schema: SchemaNode | undefined): unknown {
  const target = node.resolve(walk.source.doc);
  if (!target || walk.expanding.has(target)) {
    walk.aborted = true;
    const what = target ? 'itself' : 'no anchor';
    report(walk, node, `alias *${node.source} refers to ${what}`, `define &${node.source} before it and outside of it`);
    return null;
  }
  walk.expanding.add(target);
  try {
    return convert(walk, target, path, schema);
  } finally {
    walk.expanding.delete(target);
  }
}

function scalarValue(walk: Walk, node: Scalar, path: Path, schema: SchemaNode | undefined): unknown {
  const value = node.value;
  if ((typeof value === 'number' || typeof value === 'bigint') && schema?.type === 'string') {
    return node.source ?? String(value);
  }
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) && node.source) {
    walk.inexact.set(pathKey(path), node.source);
  }
  if (typeof value !== 'string') return value;
  const later = deferredVariable(value, schema?.writeOnly, walk.env);
  if (later !== undefined) {
    walk.deferred.set(pathKey(path), later);
    return value;
  }
  const result = substitute(value, walk.env);
  if (result.text !== value) walk.substituted.set(pathKey(path), value);
  for (const name of result.unset) {
    walk.unresolved.add(pathKey(path));
    if (looksLikeValue(name)) {
      // A token pasted between the braces: the usual message would show it four times.
      report(
        walk,
        node,
        `${fieldPath(path)} uses \${…} with a name that ${VALUE_NOT_NAME}`,
        "write the variable's name between the braces (${MY_TOKEN}) and set that variable; a secret written in a file should be changed",
      );
      continue;
    }
    report(
      walk,
      node,
      `${fieldPath(path)} uses \${${name}}, but the environment variable ${name} is not set`,
      `set it before running (export ${name}=...), or write $\${${name}} for a literal "\${${name}}"`,
    );
  }
  if (result.malformed) {
    walk.unresolved.add(pathKey(path));
    report(
      walk,
      node,
      `${fieldPath(path)} has a "\${" that does not start a variable like \${NAME}`,
      'write ${NAME} with letters, digits and _ only, or $${ for a literal "${"',
    );
  }
  return result.text;
}

function report(walk: Walk, node: unknown, message: string, hint: string): void {
  const offset = (node as { range?: readonly number[] } | null)?.range?.[0] ?? 0;
  walk.issues.push(issueAt(positionOf(walk.source, offset), message, hint));
}
