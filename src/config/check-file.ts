import type { ConfigIssue, SourceLocation } from '../model/desired.js';
import { toData } from './data.js';
import { readFast, type FastRead } from './fast-reader.js';
import { jsonSyntaxIssue } from './json-syntax.js';
import { kindRuleIssues } from './kind-rules.js';
import type { LoadedFile } from './loaded.js';
import { locate, type Path } from './locate.js';
import { schemaIssues } from './schema-issues.js';
import type { FileValidator } from './schema.js';
import { invariantIssues, routingTestIssues } from './routing-test-rules.js';
import { proxyRuleIssues } from './proxy-rules.js';
import { parseSource, type SourceFile } from './source.js';
import { policyRuleIssues } from './value-rules.js';

/** One file, read and checked: the file when it can take part in the cross-file checks, and its issues. */
export interface CheckedFile {
  readonly file?: LoadedFile;
  readonly issues: ConfigIssue[];
  /**
   * Which reader's result this is: `'fast'` when the fast reader read the file and it had no issue,
   * `'yaml'` when the YAML parser read it (asked for, or the fast reader stepped aside). Tests and
   * benchmarks hold plain files to the fast path with it.
   */
  readonly via: Reader;
}

const JSON_FILE = /\.json$/i;

/** Which reader to try first: the fast reader (`readFast`), or the YAML parser only. */
export type Reader = 'fast' | 'yaml';

/**
 * A file's text as the first pass read it ({@link readFirst}): a `.json` file's syntax problem, or
 * the fast reader's result (null when it could not read the file, or was not asked to).
 */
export interface FirstRead {
  readonly name: string;
  readonly text: string;
  readonly env: NodeJS.ProcessEnv;
  readonly jsonIssue?: ConfigIssue;
  /** Cleared by {@link checkRead}, so that nothing of the attempt stays reachable while the YAML parser reads the file. */
  fast: FastRead | null;
}

/**
 * Reads one file's text and checks it on its own (schema, each kind's entry rules, policy, routing-test and proxy rules). With `'fast'`,
 * the fast reader is tried first; its result is kept only when it read the file and the file has no
 * issue at all. Otherwise (and with `'yaml'`) the file is parsed with the YAML parser, which places
 * every issue exactly. Both give the same answer for any text. A `.json` file must first be strict
 * JSON (json-syntax.ts); both readers would accept more. The two passes, {@link readFirst} then
 * {@link checkRead}, are apart so that a caller can start on what the files declare in between.
 */
export function checkFile(name: string, text: string, env: NodeJS.ProcessEnv, validate: FileValidator, reader: Reader): CheckedFile {
  return checkRead(readFirst(name, text, env, reader), validate);
}

/** The first pass of {@link checkFile}: a `.json` file's strict syntax, then (with `'fast'`) the fast reader. */
export function readFirst(name: string, text: string, env: NodeJS.ProcessEnv, reader: Reader): FirstRead {
  if (JSON_FILE.test(name)) {
    const jsonIssue = jsonSyntaxIssue(name, text);
    if (jsonIssue) return { name, text, env, jsonIssue, fast: null };
  }
  return { name, text, env, fast: reader === 'fast' ? readFast(text, env) : null };
}

/**
 * The file's top-level data once the first pass read it without a problem of syntax or variables,
 * before any value is checked (it may still fail its checks); undefined otherwise, and for a file
 * only the YAML parser reads.
 */
export function parsedValue(first: FirstRead): unknown {
  return first.fast && first.fast.data.issues.length === 0 ? first.fast.data.value : undefined;
}

/** The second pass of {@link checkFile}: the fast reader's file when it has no issue, else the YAML parser's, checked. */
export function checkRead(first: FirstRead, validate: FileValidator): CheckedFile {
  const { name, text, env } = first;
  if (first.jsonIssue) return { issues: [first.jsonIssue], via: 'yaml' };
  const read = first.fast;
  first.fast = null;
  const fast = read ? cleanFile(name, text, read, validate) : null;
  if (fast) return { file: fast, issues: [], via: 'fast' };
  const parsed = parseSource(name, text);
  const issues = [...parsed.issues];
  const source = parsed.source;
  if (!source) return { issues, via: 'yaml' };
  const data = toData(source, env);
  append(issues, data.issues);
  if (!data.complete) return { issues, via: 'yaml' };
  const file: LoadedFile = { file: name, locate: (path, key) => locate(source, path, key), data };
  append(issues, fileIssues(file, validate));
  return { file, issues, via: 'yaml' };
}

/** Pushes one by one: a file of 100,000 bad entries would overflow `push(...items)`. */
export function append(target: ConfigIssue[], items: readonly ConfigIssue[]): void {
  for (const item of items) target.push(item);
}

function fileIssues(file: LoadedFile, validate: FileValidator): ConfigIssue[] {
  const issues = schemaIssues(file, validate);
  append(issues, kindRuleIssues(file));
  append(issues, policyRuleIssues(file));
  append(issues, routingTestIssues(file));
  append(issues, invariantIssues(file));
  append(issues, proxyRuleIssues(file));
  return issues;
}

/** The file the fast reader read, when it has no issue; else null (the YAML parser's path words and places them). */
function cleanFile(name: string, text: string, read: FastRead, validate: FileValidator): LoadedFile | null {
  // The issues found here are dropped unseen, so none is placed.
  const unplaced: LoadedFile = { file: name, locate: () => ({ file: name, line: 1, col: 1 }), data: read.data };
  return fileIssues(unplaced, validate).length === 0 ? fastFile(name, text, read) : null;
}

/**
 * A file the fast reader read: entries and top-level keys are placed from what it recorded; any
 * other path (only issues ask for them) from the YAML parser's tree, built on first use.
 */
function fastFile(name: string, text: string, read: FastRead): LoadedFile {
  let tree: SourceFile | null | undefined;
  const locateInTree = (path: Path, key: boolean): SourceLocation => {
    tree ??= parseSource(name, text).source ?? null;
    return tree ? locate(tree, path, key) : { file: name, line: 1, col: 1 };
  };
  return {
    file: name,
    data: read.data,
    locate: (path, key) => {
      const place = read.place(path, key);
      return place ? { file: name, line: place.line, col: place.col } : locateInTree(path, key);
    },
    ...(read.entryLine && read.entryCol ? { entryAt: entryPlaces(name, read.entryLine, read.entryCol, locateInTree) } : {}),
  };
}

/** `LoadedFile.entryAt` over the fast reader's recorded entries; an entry it did not record is found in the tree. */
function entryPlaces(
  name: string,
  lineOf: (collection: string, index: number) => number,
  colOf: (collection: string, index: number) => number,
  locateInTree: (path: Path, key: boolean) => SourceLocation,
): (collection: string, index: number) => SourceLocation {
  return (collection, index) => {
    const line = lineOf(collection, index);
    return line > 0 ? { file: name, line, col: colOf(collection, index) } : locateInTree([collection, index], false);
  };
}
