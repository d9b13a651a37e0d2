import type { ConfigIssue } from '../model/desired.js';
import type { FieldIssue, Normalized, RawEntry, Spelling } from '../model/normalize.js';
import { pathKey, type FileData } from './data.js';
import { issueOn, isUnresolved, redacted, shown, type LoadedFile } from './loaded.js';
import type { Path } from './locate.js';
import { fieldPath } from './messages.js';

/** A model normaliser (model/normalize.ts). */
export type Normalizer<T> = (raw: RawEntry, spell?: Spelling) => Normalized<T>;

/**
 * The YAML front end of the one normaliser: the entry at `[collection, index]` of a file as a plain
 * entry (a string naming an unset variable is left out: it is reported already), normalised by
 * the model. Issues the files' schema words identically (required, type, schema) are left to it.
 */
function normalizeEntry<T>(file: LoadedFile, collection: string, index: number, entry: RawEntry, normalize: Normalizer<T>): Normalized<T> {
  const data = file.data;
  // A plain file (no variable unset, none substituted, no inexact number) needs neither the entry's
  // path nor a spelling: nothing is made for it, once per entry of files of tens of thousands.
  if (data.unresolved.size === 0 && data.substituted.size === 0 && data.inexact.size === 0) return normalize(entry);
  return normalize(plainEntry(file, [collection, index], entry), yamlSpelling(file, [collection, index]));
}

/**
 * The entries the checks normalised without an issue, with their normalised value, by file (its
 * data, which the fast reader's two passes share), collection and index: `toDesiredState` takes
 * them from here instead of normalising each entry a second time. Weak by file: a file's data goes
 * when the file does. Not one weak entry per list entry: a big file has tens of thousands, and a
 * WeakMap that size costs a plan several milliseconds to fill and its garbage collections more.
 */
const normalizedEntries = new WeakMap<FileData, Map<string, unknown[]>>();

/**
 * The normalised value of the entry at `[collection, index]` of a file, if `entryIssues` found it
 * clean, handed over once: the caller may add to it (`toDesiredState` puts the entry's origin on
 * it instead of copying it), so it is no longer kept here and a second caller normalises afresh.
 */
export function takeNormalized<T>(file: LoadedFile, collection: string, index: number): T | undefined {
  const list = normalizedEntries.get(file.data)?.get(collection);
  if (list === undefined) return undefined;
  const value = list[index] as T | undefined;
  list[index] = undefined;
  return value;
}

/**
 * Where the normalised entries of one collection of a file are kept (by index) for
 * `takeNormalized`: looked up once per collection, not once per entry.
 */
export function keptEntries(file: LoadedFile, collection: string): unknown[] {
  let byCollection = normalizedEntries.get(file.data);
  if (!byCollection) normalizedEntries.set(file.data, (byCollection = new Map<string, unknown[]>()));
  let list = byCollection.get(collection);
  if (!list) byCollection.set(collection, (list = []));
  return list;
}

/**
 * The model's issues of one entry, placed and worded with the entry's path, pushed onto `into`;
 * the normalised value of a clean entry is kept at its index in `kept` (`keptEntries`).
 */
export function entryIssues(
  file: LoadedFile,
  collection: string,
  index: number,
  entry: RawEntry,
  normalize: Normalizer<unknown>,
  kept: unknown[],
  into: ConfigIssue[],
): void {
  const { value, issues } = normalizeEntry(file, collection, index, entry, normalize);
  if (value !== null) kept[index] = value;
  // An index loop: a for-of makes an iterator per entry until V8 has optimised this (a cold run's
  // first thousands of entries), and nearly every entry has no issue to walk.
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i] as FieldIssue;
    if (issue.check === 'rule') into.push(placed(file, [collection, index], issue));
  }
}

function placed(file: LoadedFile, entryPath: Path, issue: FieldIssue): ConfigIssue {
  const path = [...entryPath, ...issue.field];
  const message = issue.quoted === undefined ? issue.message : redacted(file, path, issue.quoted, issue.message);
  return issueOn(file, path, `${fieldPath(entryPath)}.${message}`, issue.hint);
}

function plainEntry(file: LoadedFile, entryPath: Path, entry: RawEntry): RawEntry {
  if (file.data.unresolved.size === 0) return entry;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (isUnresolved(file, [...entryPath, key])) continue;
    out[key] = Array.isArray(value) ? value.map((v: unknown, i) => (isUnresolved(file, [...entryPath, key, i]) ? undefined : v)) : value;
  }
  return out;
}

/**
 * Values as the file wrote them: a string that took environment variables with its origin
 * (`"12a" (from ${MY_TTL})`), a duration read from one as written, a number beyond 2^53 as written.
 */
function yamlSpelling(file: LoadedFile, entryPath: Path): Spelling | undefined {
  if (file.data.substituted.size === 0 && file.data.inexact.size === 0) return undefined;
  return (field, value) => {
    const path = [...entryPath, ...field];
    if (typeof value === 'string') return file.data.substituted.has(pathKey(path)) ? shown(file, path, value) : undefined;
    const raw = file.data.substituted.get(pathKey(path));
    if (raw !== undefined) return JSON.stringify(raw);
    return file.data.inexact.get(pathKey(path));
  };
}
