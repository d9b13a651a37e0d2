/**
 * The desired-state file loader: paths → files → YAML → data (exact digits, `${NAME}`) → schema →
 * platform rules → duplicates across files → one normalized `DesiredState`, or every issue found.
 * Plain valid files skip the YAML syntax tree (fast-reader.ts); any other file takes the full parse.
 */
import { readFile } from 'node:fs/promises';
import type { ConfigIssue, DesiredState } from '../model/desired.js';
import { append, checkRead, parsedValue, readFirst, type FirstRead, type Reader } from './check-file.js';
import { duplicateIssues } from './duplicates.js';
import { issueAt, sortIssues } from './issue.js';
import type { LoadedFile } from './loaded.js';
import { toDesiredState } from './normalize.js';
import { ownFileNote } from './own-files.js';
import { expandPaths, type InputFile } from './paths.js';
import { fileValidator } from './schema.js';

export { formatIssue, formatLocation } from './issue.js';

/**
 * The loaded desired state, or every problem found in the files, sorted by file, line and column.
 * `notes`, when present, say which files were skipped (dsipform's own files: a saved plan, an
 * emulator data file, a lease state file), one line each, for the user to see either way.
 */
export type LoadResult = ({ ok: true; desired: DesiredState } | { ok: false; issues: ConfigIssue[] }) & { notes?: readonly string[] };

/** Where to read variables and relative paths from. */
export interface LoadOptions {
  /** The variables `${NAME}` refers to; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** The directory relative paths are read from; default `process.cwd()`. Issues keep the paths as given. */
  readonly cwd?: string;
  /**
   * Handed the top-level data (as written) of every file the first pass read without a problem of
   * syntax or variables, once all are read and before any value is checked, and awaited: what the
   * caller can start on while the values are checked (a plan's reads of the platform). Some of
   * those files may then fail their checks. Not called when no file parsed so.
   */
  readonly onParsed?: (values: readonly unknown[]) => void | Promise<void>;
}

/**
 * Loads desired-state files and directories (their `*.yaml|*.yml|*.json`, sorted by name) into
 * one `DesiredState`. Every problem in every file is collected, each with `file:line:col` and a
 * hint; expected failures are returned, never thrown.
 */
export function loadDesiredState(paths: readonly string[], options: LoadOptions = {}): Promise<LoadResult> {
  return loadWith(paths, options, 'fast');
}

/**
 * `loadDesiredState` with a choice of reader: `'fast'` (what it uses) reads plain files without a
 * syntax tree and falls back to the YAML parser, `'yaml'` parses every file with the YAML parser.
 * The result is the same for any input; it is exported so that the tests can hold them to that.
 */
export async function loadWith(paths: readonly string[], options: LoadOptions, reader: Reader): Promise<LoadResult> {
  const env = options.env ?? process.env;
  if (paths.length === 0) {
    const hint = 'pass one or more *.yaml, *.yml or *.json files or directories';
    return { ok: false, issues: [issueAt({ file: '', line: 1, col: 1 }, 'no desired-state file given', hint)] };
  }
  const expanded = await expandPaths(paths, options.cwd ?? process.cwd());
  const issues: ConfigIssue[] = [...expanded.issues];
  const [texts, validate] = await Promise.all([Promise.all(expanded.files.map(readText)), fileValidator()]);
  const loaded: LoadedFile[] = [];
  const notes: string[] = [];
  // Two passes: every file read first, then checked, so that `onParsed` can start on what they
  // declare while the values are checked.
  const firsts: (FirstRead | ConfigIssue)[] = [];
  expanded.files.forEach((input, i) => {
    const text = texts[i];
    if (typeof text !== 'string') {
      firsts.push(text as ConfigIssue);
      return;
    }
    const note = ownFileNote(input.file, text);
    if (note !== null) {
      notes.push(note);
      return;
    }
    firsts.push(readFirst(input.file, text, env, reader));
  });
  const parsed = options.onParsed ? firsts.flatMap((f) => ('name' in f && parsedValue(f) !== undefined ? [parsedValue(f)] : [])) : [];
  if (parsed.length > 0) await options.onParsed?.(parsed);
  for (const first of firsts) {
    if (!('name' in first)) {
      issues.push(first);
      continue;
    }
    const checked = checkRead(first, validate);
    append(issues, checked.issues);
    if (checked.file) loaded.push(checked.file);
  }
  append(issues, duplicateIssues(loaded));
  if (loaded.length === 0 && issues.length === 0 && notes.length > 0) {
    const at = { file: paths[0] ?? '', line: 1, col: 1 };
    issues.push(
      issueAt(
        at,
        "no desired-state file left to read: each file given is one of dsipform's own",
        'pass the configuration files or their directory',
      ),
    );
  }
  const noted = notes.length > 0 ? { notes } : {};
  if (issues.length > 0) return { ok: false, issues: sortIssues(issues, expanded.order), ...noted };
  return { ok: true, desired: toDesiredState(loaded), ...noted };
}

async function readText(input: InputFile): Promise<string | ConfigIssue> {
  try {
    return await readFile(input.abs, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    return issueAt({ file: input.file, line: 1, col: 1 }, `cannot read this file (${code})`, 'check that it exists and is readable');
  }
}
