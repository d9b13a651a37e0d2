import type { ConfigIssue, SourceLocation } from '../model/desired.js';
import { pathKey, type FileData } from './data.js';
import { issueAt } from './issue.js';
import type { Path } from './locate.js';

/** A file that was read: its name, where its paths are written (for issues), and its data (for checks). */
export interface LoadedFile {
  /** The name as the user gave it (relative stays relative). */
  readonly file: string;
  /** Where a path of the data is written: the value's node, or with `key` the key's node (`locate()`). */
  readonly locate: (path: Path, key: boolean) => SourceLocation;
  readonly data: FileData;
}

/** Where a path of the file is: the value's node, or with `key` the key's node. */
export function at(file: LoadedFile, path: Path, key = false): SourceLocation {
  return file.locate(path, key);
}

/** An issue at a path of the file. */
export function issueOn(file: LoadedFile, path: Path, message: string, hint: string, key = false): ConfigIssue {
  return issueAt(at(file, path, key), message, hint);
}

/** True when the string at a path names an unset variable (reported already; skip its checks). */
export function isUnresolved(file: LoadedFile, path: Path): boolean {
  return file.data.unresolved.size > 0 && file.data.unresolved.has(pathKey(path));
}

/**
 * A value quoted for a message. A string that took environment variables is shown as written
 * (`"${DID_MAIN}"`), never with the variable's value, which may be a secret.
 */
export function shown(file: LoadedFile, path: Path, value: string): string {
  return JSON.stringify(written(file, path, value));
}

/** The string at a path as the file wrote it when it took environment variables, else the value. */
export function written(file: LoadedFile, path: Path, value: string): string {
  return (file.data.substituted.size > 0 ? file.data.substituted.get(pathKey(path)) : undefined) ?? value;
}

/**
 * A rule's sentence about a value, with the value replaced by `shown()` when it came from the
 * environment. Rules quote values as `"v"` or JSON, so both forms are replaced.
 */
export function redacted(file: LoadedFile, path: Path, value: string, sentence: string): string {
  const written = file.data.substituted.size > 0 ? file.data.substituted.get(pathKey(path)) : undefined;
  if (written === undefined) return sentence;
  const safe = JSON.stringify(written);
  return sentence.split(`"${value}"`).join(safe).split(JSON.stringify(value)).join(safe);
}
